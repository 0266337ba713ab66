import { elementKey, officeKey } from '../gracethd-codes.ts';
import type { HolderKey } from '../gracethd-network.repository.ts';
import { LOOP_CABLE_M } from '../gracethd-network.repository.ts';
import { HOMES, comment } from '../gracethd-values.ts';
import { pointWkb } from '../wkb.ts';
import type { Build } from './context.ts';

/** Homes (t_adresse, t_suf, PTOs), slack loops (t_love) and zones (t_znro, t_zsro). */
export async function addPlaces(b: Build): Promise<void> {
  const { c, found, add, statutOf, points, offices, plans, segmentCode, network } = b;
  // Homes: a node (above), an address at the same point, a t_suf; a PTO where a drop ends.
  const dropEnds = new Set<HolderKey>();
  for (const plan of plans.values()) if (plan.cable.kind === 'Drop') dropEnds.add(plan.end);
  for (const p of network.points.filter((x) => HOMES.has(x.type))) {
    const key = elementKey(p.type, p.id);
    add('t_adresse', {
      ad_code: c.code('AD', key),
      ad_nblhab: p.type === 'SFU' ? Number(p.capacity) || 1 : null,
      ad_itypeim: p.type === 'SFU' && p.kind === 'Single family' ? 'P' : 'I',
      ad_ietat: network.phases.get(p.clusterId) === 'Completed' ? 'DE' : 'EC',
      ad_comment: comment({ Floors: p.floors, Type: p.kind }),
      ad_creadat: p.createdAt,
      ad_majdate: p.updatedAt,
      ad_majsrc: 'Integration',
      geom: pointWkb(p.lng, p.lat),
    });
    add('t_suf', {
      sf_code: c.code('SF', key),
      sf_nd_code: c.code('ND', key),
      sf_ad_code: c.code('AD', key),
      sf_type: p.type === 'Building' && p.kind === 'Commercial' ? 'P' : 'R',
      sf_racco: dropEnds.has(`E${p.id}`) ? 'RA' : null,
      sf_comment: comment({ Type: p.kind, Capacity: p.capacity }),
      sf_creadat: p.createdAt,
      sf_majdate: p.updatedAt,
      sf_majsrc: 'Integration',
    });
    if (dropEnds.has(`E${p.id}`)) {
      add('t_ebp', {
        bp_code: c.code('BP', key),
        bp_etiquet: p.name,
        bp_sf_code: c.code('SF', key),
        bp_statut: statutOf(p.clusterId),
        bp_typephy: 'DTI1',
        bp_typelog: 'PTO',
        bp_majsrc: 'Integration',
      });
    }
  }

  // Slack loops on the segment of their cable where they lie.
  const loops = new Map(network.loops.map((l) => [l.loopId, l]));
  for (const p of network.points.filter((x) => x.type === 'Loop')) {
    const loop = loops.get(p.id);
    const plan = loop ? plans.get(loop.cableId) : undefined;
    const segment =
      loop && plan
        ? (plan.segments.find((s) => loop.fraction >= s.f0 && loop.fraction <= s.f1) ??
          plan.segments[plan.segments.length - 1])
        : undefined;
    if (!plan || !segment) {
      found.push({
        code: 'loop',
        severity: 'warning',
        key: 'exchange.check.loopNoCable',
        vars: { name: p.name, metres: LOOP_CABLE_M },
        elementIds: [p.id],
        clusterId: p.clusterId,
        table: 't_love',
      });
      continue;
    }
    add('t_love', {
      lv_id: p.id,
      lv_cb_code: c.code('CB', segmentCode(plan, segment)),
      lv_nd_code: c.code('ND', elementKey(p.type, p.id)),
      lv_long: p.length !== null ? Math.round(Number(p.length)) || null : null,
      lv_creadat: p.createdAt,
      lv_majdate: p.updatedAt,
      lv_majsrc: 'Integration',
    });
  }

  // Zones: NRO zones around their office, PMZ zones around their one FDT-SRO.
  for (const z of network.zones) {
    const base = {
      elementIds: [z.id],
      clusterId: z.clusterId,
    };
    if (z.overlaps?.length) {
      for (const other of z.overlaps.filter((o) => o > z.id))
        found.push({
          ...base,
          elementIds: [z.id, other],
          code: 'zone',
          severity: 'error',
          key: 'exchange.check.zoneOverlap',
          vars: {
            a: z.name,
            b: network.zones.find((x) => x.id === other)?.name ?? String(other),
            type: z.kind ?? '',
          },
        });
    }
    if (z.kind === 'NRO') {
      const officeId = network.officeOfCluster.get(z.clusterId);
      const office = officeId !== undefined ? offices.get(officeId) : undefined;
      if (!office || office.lng === null) {
        found.push({
          ...base,
          code: 'zone',
          severity: 'error',
          key: 'exchange.check.nroNoOffice',
          vars: { name: z.name, office: office?.name ?? '' },
          table: 't_znro',
          column: 'zn_nd_code',
        });
        continue;
      }
      add('t_znro', {
        zn_code: c.code('ZN', elementKey('Zone', z.id)),
        zn_nd_code: c.code('ND', officeKey(office.id)),
        zn_nrotype: 'PON',
        zn_etat: network.phases.get(z.clusterId) === 'Completed' ? 'DP' : 'PL',
        zn_comment: comment({ name: z.name }),
        zn_creadat: z.createdAt,
        zn_majdate: z.updatedAt,
        zn_majsrc: 'Integration',
        geom: z.wkb,
      });
    } else if (z.kind === 'PMZ') {
      const cabinets = z.cabinets ?? [];
      const cabinet = cabinets.length === 1 ? points.get(cabinets[0] ?? 0) : undefined;
      if (!cabinet) {
        found.push({
          ...base,
          code: 'zone',
          severity: 'error',
          key: 'exchange.check.pmzCabinet',
          vars: { name: z.name, count: cabinets.length },
          table: 't_zsro',
          column: 'zs_nd_code',
        });
        continue;
      }
      if (z.nroZone === null)
        found.push({
          ...base,
          code: 'zone',
          severity: 'error',
          key: 'exchange.check.pmzOutsideNro',
          vars: { name: z.name },
          table: 't_zsro',
          column: 'zs_zn_code',
        });
      add('t_zsro', {
        zs_code: c.code('ZS', elementKey('Zone', z.id)),
        zs_nd_code: c.code('ND', elementKey(cabinet.type, cabinet.id)),
        zs_zn_code: z.nroZone !== null ? c.code('ZN', elementKey('Zone', z.nroZone)) : null,
        zs_etatpm: network.phases.get(z.clusterId) === 'Completed' ? 'DP' : 'PL',
        zs_typeemp: cabinet.kind === 'Indoor' ? 'PMI' : 'ADR',
        zs_capamax: Number(cabinet.capacity) || null,
        zs_nblogmt: z.homes,
        zs_comment: comment({ name: z.name }),
        zs_creadat: z.createdAt,
        zs_majdate: z.updatedAt,
        zs_majsrc: 'Integration',
        geom: z.wkb,
      });
    } else {
      found.push({
        ...base,
        code: 'zone',
        severity: 'warning',
        key: 'exchange.check.zoneType',
        vars: { name: z.name },
      });
    }
  }
}
