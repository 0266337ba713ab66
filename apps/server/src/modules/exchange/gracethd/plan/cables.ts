import { parseKey } from '../gracethd-codes.ts';
import { parseComment, text, CABLE_TYPE } from './rows.ts';
import type { PlanContext } from './context.ts';

/** Cables: our segments merged back into one cable; each foreign t_cable a cable. */
export function planCables(p: PlanContext): void {
  const {
    table,
    geometry,
    plan,
    skip,
    mapped,
    note,
    nodes,
    lines,
    fibresByCable,
    ours,
    cableOfSegment,
  } = p;
  // Cables: our segments merged back into one cable; a foreign t_cable is a cable.
  table('t_cableline').forEach((row, i) => {
    const g = geometry('t_cableline', i);
    if (g?.type === 'LineString') lines.set(text(row, 'cl_cb_code'), g.coordinates as number[][]);
  });
  for (const fibre of table('t_fibre')) {
    const list = fibresByCable.get(text(fibre, 'fo_cb_code')) ?? [];
    list.push(fibre);
    fibresByCable.set(text(fibre, 'fo_cb_code'), list);
  }
  for (const cable of table('t_cable')) {
    const code = text(cable, 'cb_code');
    if (text(cable, 'cb_typephy') !== 'C') {
      // Pigtails and jumpers: a splitter's legs and a panel's cords, rebuilt with them.
      note('t_cable', 'exchange.note.pigtail');
      continue;
    }
    const comment = parseComment(cable.cb_comment);
    const own = comment.get('cable');
    if (own && parseKey(own)?.type === 'Cable') {
      const index = Number(comment.get('segment')?.split('/')[0] ?? 1);
      const list = ours.get(own) ?? [];
      list.push({ index, row: cable, comment });
      ours.set(own, list);
      cableOfSegment.set(code, own);
      continue;
    }
    cableOfSegment.set(code, code);
    ours.set(code, [{ index: 1, row: cable, comment }]);
  }
  for (const [key, segments] of ours) {
    segments.sort((x, y) => x.index - y.index);
    const first = segments[0];
    if (!first) continue;
    const points: number[][] = [];
    let missing = false;
    for (const segment of segments) {
      let coordinates = lines.get(text(segment.row, 'cb_code'));
      if (!coordinates) {
        // No line: straight between its nodes (said in the report).
        const a = nodes.get(text(segment.row, 'cb_nd1'))?.at;
        const b = nodes.get(text(segment.row, 'cb_nd2'))?.at;
        if (!a || !b) {
          missing = true;
          break;
        }
        coordinates = [
          [a.lng, a.lat],
          [b.lng, b.lat],
        ];
        skip('t_cableline', 'exchange.note.straightLine');
      }
      const trim = segment.comment.get('trim') ?? '';
      const piece = coordinates.slice(
        trim.includes('a') ? 1 : 0,
        trim.includes('b') ? -1 : undefined,
      );
      for (const p of piece) {
        const last = points[points.length - 1];
        if (
          last &&
          Math.abs((last[0] ?? 0) - (p[0] ?? 0)) < 1e-9 &&
          Math.abs((last[1] ?? 0) - (p[1] ?? 0)) < 1e-9
        )
          continue;
        points.push(p);
      }
    }
    if (missing || points.length < 2) {
      for (const _ of segments) skip('t_cable', 'exchange.note.cableNoLine');
      continue;
    }
    const comment = first.comment;
    const fibreCount = Number(first.row.cb_capafo ?? 0) || 1;
    const fibresPerTube = Number(first.row.cb_modulo ?? 0) || 12;
    const attributes: Record<string, unknown> = {};
    const kind = comment.get('Type') ?? CABLE_TYPE[text(first.row, 'cb_typelog')];
    if (kind) attributes.Type = kind;
    attributes.Capacity = comment.get('Capacity') ?? String(fibreCount);
    const states = new Map<number, 'reserved' | 'faulty'>();
    for (const fibre of fibresByCable.get(text(first.row, 'cb_code')) ?? []) {
      const n = Number(fibre.fo_nincab);
      if (text(fibre, 'fo_etat') === 'HS') states.set(n, 'faulty');
      else if (parseComment(fibre.fo_comment).get('reserved')) states.set(n, 'reserved');
    }
    plan.cables.push({
      key,
      type: 'Cable',
      name: text(first.row, 'cb_etiquet'),
      at: points.map((p) => ({ lng: p[0] ?? 0, lat: p[1] ?? 0 })),
      attributes,
      fibreCount,
      fibresPerTube,
      tubes: Number(comment.get('tubes')) || Math.ceil(fibreCount / fibresPerTube),
      specName: comment.get('spec') ?? null,
      fibres: comment.has('cable') ? comment.get('fibres') === 'rows' : true,
      states,
      segments: segments.map((s) => text(s.row, 'cb_code')),
    });
    for (const _ of segments) mapped('t_cable');
  }
}
