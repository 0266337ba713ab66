import { elementKey, officeKey } from '../gracethd-codes.ts';
import { ENCLOSURES, SUPPORTS, HOMES, POLE_NATURE, comment } from '../gracethd-values.ts';
import { pointWkb } from '../wkb.ts';
import type { Build } from './context.ts';

/** Nodes (t_noeud), supports (t_ptech) and sites (t_sitetech, t_ltech). */
export async function addNodes(b: Build): Promise<void> {
  const { c, add, statutOf, avctOf, supportOf, sites, network } = b;
  // Nodes: every point element not standing on a support, and every placed office.
  for (const p of network.points) {
    if (supportOf.has(p.id)) continue;
    const key = elementKey(p.type, p.id);
    add('t_noeud', {
      nd_code: c.code('ND', key),
      nd_nom: p.name,
      nd_type: HOMES.has(p.type) ? 'SF' : p.type === 'FDTSRO' ? 'ST' : 'PT',
      nd_type_ep: 'OPT',
      // Our attributes without a column, read back by our own import.
      nd_comment: comment({
        Type: p.kind,
        Capacity: p.capacity,
        Owner: p.owner,
        Height: p.height,
        Floors: p.floors,
        Length: p.length,
      }),
      nd_creadat: p.createdAt,
      nd_majdate: p.updatedAt,
      nd_majsrc: 'Integration',
      geom: pointWkb(p.lng, p.lat),
    });
  }
  for (const o of network.offices) {
    if (o.lng === null || o.lat === null) continue;
    add('t_noeud', {
      nd_code: c.code('ND', officeKey(o.id)),
      nd_nom: o.name,
      nd_type: 'ST',
      nd_type_ep: 'OPT',
      nd_creadat: o.createdAt,
      nd_majdate: o.updatedAt,
      nd_majsrc: 'Integration',
      geom: pointWkb(o.lng, o.lat),
    });
  }

  // Supports: poles and manholes, and the own support of an enclosure standing on none.
  for (const p of network.points) {
    const isSupport = SUPPORTS.has(p.type);
    if (!isSupport && !(ENCLOSURES.has(p.type) && !supportOf.has(p.id))) continue;
    const key = elementKey(p.type, p.id);
    const place = p.place ?? '';
    const typephy =
      p.type === 'Pole'
        ? 'A'
        : p.type === 'Manhole'
          ? 'C'
          : p.type === 'PboFat'
            ? p.kind === 'Aerial'
              ? 'A'
              : p.kind === 'Facade'
                ? 'F'
                : 'C'
            : place.includes('Pole')
              ? 'A'
              : place.includes('Manhole')
                ? 'C'
                : 'Z';
    add('t_ptech', {
      pt_code: c.code('PT', key),
      pt_etiquet: p.name,
      pt_nd_code: c.code('ND', key),
      pt_statut: statutOf(p.clusterId),
      pt_avct: avctOf(p.clusterId),
      pt_typephy: typephy,
      pt_typelog: p.type === 'PboFat' ? 'R' : 'T',
      pt_nature:
        p.type === 'Pole'
          ? (POLE_NATURE[p.kind ?? ''] ?? 'PIND')
          : p.type === 'Manhole' && p.kind === 'Handhole'
            ? 'REG'
            : null,
      pt_a_haut: p.type === 'Pole' && p.height !== null ? Number(p.height) || null : null,
      pt_comment: comment({ Type: p.kind, Owner: p.owner, own: isSupport ? null : 'enclosure' }),
      pt_creadat: p.createdAt,
      pt_majdate: p.updatedAt,
      pt_majsrc: 'Integration',
    });
  }

  // Sites: the offices with a place, and the FDT-SROs; a local in each.
  for (const o of network.offices) {
    if (o.lng === null) continue;
    sites.set(`O${o.id}`, { key: officeKey(o.id), clusterId: null });
    add('t_sitetech', {
      st_code: c.code('ST', officeKey(o.id)),
      st_nd_code: c.code('ND', officeKey(o.id)),
      st_nom: o.name,
      st_statut: statutOf(null),
      st_avct: avctOf(null),
      st_typephy: 'BAT',
      st_typelog: 'NRO',
      st_creadat: o.createdAt,
      st_majdate: o.updatedAt,
      st_majsrc: 'Integration',
    });
  }
  for (const p of network.points.filter((x) => x.type === 'FDTSRO')) {
    const key = elementKey(p.type, p.id);
    sites.set(`E${p.id}`, { key, clusterId: p.clusterId });
    add('t_sitetech', {
      st_code: c.code('ST', key),
      st_nd_code: c.code('ND', key),
      st_nom: p.name,
      st_statut: statutOf(p.clusterId),
      st_avct: avctOf(p.clusterId),
      st_typephy: p.kind === 'Indoor' ? 'BAT' : 'ADR',
      st_typelog: 'SRO',
      st_comment: comment({ Capacity: p.capacity, Type: p.kind }),
      st_creadat: p.createdAt,
      st_majdate: p.updatedAt,
      st_majsrc: 'Integration',
    });
  }
  for (const [, site] of sites) {
    add('t_ltech', {
      lt_code: c.code('LT', site.key),
      lt_etiquet: site.key,
      lt_st_code: c.code('ST', site.key),
      lt_statut: statutOf(site.clusterId),
      lt_etat:
        site.clusterId !== null && network.phases.get(site.clusterId) === 'Completed' ? 'OK' : 'NC',
      lt_majsrc: 'Integration',
    });
  }
}
