import { ATTACH_DISTANCE_M } from '@integration/contracts';
import { elementKey } from '../gracethd-codes.ts';
import type { AccessRow, FibreRow, JointRow } from '../gracethd-network.repository.ts';
import { LOOP_CABLE_M } from '../gracethd-network.repository.ts';
import { PlaceGrid } from '../../place-grid.ts';
import { holderOfEnd, planSegments } from '../gracethd-segments.ts';
import { fibreColour, SUPPORTS, IMPLANTATION, CABLE_TYPELOG, comment } from '../gracethd-values.ts';
import type { Build } from './context.ts';

/** Cables cut into segments (t_cable, t_cableline, t_cheminement) with all their fibres (t_fibre). */
export async function addCables(b: Build): Promise<void> {
  const {
    turn,
    c,
    found,
    add,
    statutOf,
    avctOf,
    placeOf,
    nodeOfHolder,
    plans,
    lines,
    segmentCode,
    network,
    options,
  } = b;
  // Cables: each cut into segments at the holders joining its fibres.
  const jointsOfCable = new Map<number, JointRow[]>();
  for (const j of network.joints) {
    for (const side of [j.a, j.b]) {
      if (side.cableId === null) continue;
      const list = jointsOfCable.get(side.cableId) ?? [];
      if (list[list.length - 1] !== j) list.push(j);
      jointsOfCable.set(side.cableId, list);
    }
  }
  const accessesOf = new Map<number, AccessRow[]>();
  for (const a of network.accesses) {
    const list = accessesOf.get(a.cableId) ?? [];
    list.push(a);
    accessesOf.set(a.cableId, list);
  }
  const fibresOf = new Map<number, Map<number, FibreRow>>();
  for (const f of network.fibres) {
    const map = fibresOf.get(f.cableId) ?? new Map<number, FibreRow>();
    map.set(f.number, f);
    fibresOf.set(f.cableId, map);
  }
  // What lies within 1 m of a cable's end: a home, enclosure or cabinet, then a support or
  // loop, then a central office's place.
  const places = new PlaceGrid();
  for (const p of network.points)
    places.add(`E${p.id}`, p.lng, p.lat, SUPPORTS.has(p.type) || p.type === 'Loop' ? 1 : 0);
  for (const o of network.offices)
    if (o.lng !== null && o.lat !== null) places.add(`O${o.id}`, o.lng, o.lat, 2);
  for (const cable of network.cables) {
    const joints = jointsOfCable.get(cable.id) ?? [];
    const ends = (['a', 'b'] as const).map((end) => {
      const joined = holderOfEnd(cable, end, joints, placeOf);
      const geometric =
        end === 'a'
          ? places.nearest(cable.startLng, cable.startLat, ATTACH_DISTANCE_M)
          : places.nearest(cable.endLng, cable.endLat, ATTACH_DISTANCE_M);
      if (joined && (joined.metres <= LOOP_CABLE_M || !geometric)) return joined;
      if (geometric) return { holder: geometric, metres: 0 };
      return null;
    });
    const [start, end] = ends;
    if (!start || !end) {
      for (const [i, e] of ends.entries()) {
        if (e) continue;
        const which = i === 0 ? 'a' : 'b';
        found.push({
          code: 'cableEnd',
          severity: 'error',
          key: 'exchange.check.cableLoose',
          vars: { name: cable.name, end: `@exchange.end.${which}` },
          elementIds: [cable.id],
          clusterId: cable.clusterId,
          table: 't_cable',
          column: which === 'a' ? 'cb_nd1' : 'cb_nd2',
        });
      }
      continue;
    }
    for (const [i, e] of [start, end].entries()) {
      if (e.metres > ATTACH_DISTANCE_M)
        found.push({
          code: 'cableEnd',
          severity: 'warning',
          key: 'exchange.check.cableEndMoved',
          vars: {
            name: cable.name,
            end: `@exchange.end.${i === 0 ? 'a' : 'b'}`,
            metres: e.metres.toFixed(1),
            node: nodeOfHolder(e.holder),
          },
          elementIds: [cable.id],
          clusterId: cable.clusterId,
          table: 't_cable',
        });
    }
    const plan = planSegments(cable, start.holder, end.holder, accessesOf.get(cable.id) ?? []);
    plans.set(cable.id, plan);
    const statut = statutOf(cable.clusterId);
    const placement = cable.placement ?? null;
    const typelog = CABLE_TYPELOG[cable.kind ?? ''] ?? null;
    const fibres = fibresOf.get(cable.id);
    const used = fibres ? [...fibres.values()].filter((f) => f.status !== 'free').length : 0;
    const tubes = Math.ceil(cable.fibreCount / cable.fibresPerTube);
    for (const segment of plan.segments) {
      const key = segmentCode(plan, segment);
      const from = placeOf(segment.from);
      const to = placeOf(segment.to);
      lines.push({
        code: key,
        cable: cable.id,
        f0: segment.f0,
        f1: segment.f1,
        x0: from?.lng ?? cable.startLng,
        y0: from?.lat ?? cable.startLat,
        x1: to?.lng ?? cable.endLng,
        y1: to?.lat ?? cable.endLat,
      });
      add('t_cable', {
        cb_code: c.code('CB', key),
        cb_etiquet: cable.name,
        cb_nd1: nodeOfHolder(segment.from),
        cb_nd2: nodeOfHolder(segment.to),
        cb_statut: statut,
        cb_avct: avctOf(cable.clusterId),
        cb_tech: 'OPT',
        cb_typephy: 'C',
        cb_typelog: typelog,
        cb_capafo: cable.fibreCount,
        cb_fo_util: used,
        cb_fo_disp: cable.fibreCount - used,
        cb_modulo: cable.fibresPerTube,
        cb_lgreel: null,
        cb_comment: comment({
          cable: elementKey('Cable', cable.id),
          segment: `${segment.index + 1}/${plan.segments.length}`,
          from: segment.f0.toFixed(9),
          to: segment.f1.toFixed(9),
          Type: cable.kind,
          Capacity: cable.capacity,
          spec: cable.specName,
          tubes,
          fibres: fibres ? 'rows' : null,
        }),
        cb_creadat: cable.createdAt,
        cb_majdate: cable.updatedAt,
        cb_majsrc: 'Integration',
      });
      add('t_cableline', {
        cl_code: c.code('CL', key),
        cl_cb_code: c.code('CB', key),
        cl_long: null,
        cl_creadat: cable.createdAt,
        cl_majdate: cable.updatedAt,
        cl_majsrc: 'Integration',
        geom: null,
      });
      add('t_cheminement', {
        cm_code: c.code('CM', key),
        cm_ndcode1: nodeOfHolder(segment.from),
        cm_ndcode2: nodeOfHolder(segment.to),
        cm_statut: statut,
        cm_avct: avctOf(cable.clusterId),
        cm_typelog: typelog,
        cm_typ_imp: placement ? (IMPLANTATION[placement] ?? null) : null,
        cm_nature: 'TEL',
        cm_long: null,
        cm_creadat: cable.createdAt,
        cm_majdate: cable.updatedAt,
        cm_majsrc: 'Integration',
        geom: null,
      });
      for (let n = 1; n <= cable.fibreCount; n++) {
        await turn();
        const fibre = fibres?.get(n);
        const tube = fibre?.tube ?? Math.floor((n - 1) / cable.fibresPerTube) + 1;
        const position = fibre?.position ?? ((n - 1) % cable.fibresPerTube) + 1;
        add('t_fibre', {
          fo_code: c.fibre(key, n),
          fo_cb_code: c.code('CB', key),
          fo_nincab: n,
          fo_numtub: tube,
          fo_nintub: position,
          fo_etat: fibre?.status === 'faulty' ? 'HS' : null,
          fo_color: fibreColour(position, options.colourScheme),
          fo_reper: tube <= 24 ? `1.${tube}` : null,
          fo_comment: fibre?.status === 'reserved' ? 'reserved=1' : null,
          fo_majsrc: 'Integration',
        });
      }
    }
  }
}
