import { parseComment, text } from './rows.ts';
import type { PlanContext } from './context.ts';

/** Loops and zones, and the rows read as parts of others in the report. */
export function planPlaces(p: PlanContext): void {
  const { table, geometry, plan, line, skip, mapped, nodes, ownNode, rows } = p;
  // Loops of foreign deliveries (ours came with their nodes).
  for (const love of table('t_love')) {
    const nodeCode = text(love, 'lv_nd_code');
    if (ownNode(nodeCode)) {
      mapped('t_love');
      continue;
    }
    const node = nodes.get(nodeCode);
    if (!node) {
      skip('t_love', 'exchange.note.loopNoNode');
      continue;
    }
    plan.elements.push({
      key: nodeCode,
      type: 'Loop',
      name: text(node.row, 'nd_nom'),
      at: node.at,
      attributes: love.lv_long !== null ? { Length: Number(love.lv_long) } : {},
    });
    mapped('t_love');
  }

  // Zones: NRO and PMZ, their outer ring.
  for (const [name, type] of [
    ['t_znro', 'NRO'],
    ['t_zsro', 'PMZ'],
  ] as const) {
    table(name).forEach((row, i) => {
      const g = geometry(name, i);
      const ring =
        g?.type === 'MultiPolygon'
          ? (g.coordinates as number[][][][])[0]?.[0]
          : g?.type === 'Polygon'
            ? (g.coordinates as number[][][])[0]
            : undefined;
      if (!ring || ring.length < 4) {
        skip(name, 'exchange.note.zoneNoGeometry');
        return;
      }
      const code = text(row, name === 't_znro' ? 'zn_code' : 'zs_code');
      const comment = parseComment(row[name === 't_znro' ? 'zn_comment' : 'zs_comment']);
      plan.elements.push({
        key: code,
        type: 'Zone',
        name: comment.get('name') ?? code,
        at: ring.map((p) => ({ lng: p[0] ?? 0, lat: p[1] ?? 0 })),
        attributes: { Type: type },
      });
      mapped(name);
    });
  }
  // Rows read as parts of others' (addresses of homes, lines and fibres of cables, supports).
  for (const name of rows.tables.keys()) {
    const entry = line(name);
    const rest = entry.read - entry.mapped - entry.skipped;
    if (rest > 0) {
      entry.mapped += rest;
      entry.notes.set('exchange.note.partOf', rest);
    }
  }
}
