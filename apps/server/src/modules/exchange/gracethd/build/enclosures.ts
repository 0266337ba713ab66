import { elementKey } from '../gracethd-codes.ts';
import { ENCLOSURES, bpType, comment } from '../gracethd-values.ts';
import type { Build } from './context.ts';

/** Enclosures (t_ebp), their cassettes (t_cassette) and patch panels (t_baie, t_tiroir). */
export async function addEnclosures(b: Build): Promise<void> {
  const {
    c,
    add,
    statutOf,
    avctOf,
    keyOfHolder,
    supportOf,
    ptOfElement,
    sites,
    bpOfHolder,
    tiroirOf,
    network,
  } = b;
  // Enclosures (t_ebp): PBO-FATs, closures, and a BPE in each site holding trays or splitters.
  for (const p of network.points.filter((x) => ENCLOSURES.has(x.type))) {
    const key = elementKey(p.type, p.id);
    const code = c.code('BP', key);
    bpOfHolder.set(`E${p.id}`, code);
    const trays = network.trays.filter((t) => t.holder === `E${p.id}`).length;
    const splitters = network.splitters.filter((s) => s.holder === `E${p.id}`).length;
    add('t_ebp', {
      bp_code: code,
      bp_etiquet: p.name,
      bp_pt_code: ptOfElement(p),
      bp_statut: statutOf(p.clusterId),
      bp_avct: avctOf(p.clusterId),
      bp_typephy: bpType(p.capacity),
      bp_typelog: p.type === 'PboFat' ? 'PBO' : 'BPE',
      bp_ca_nb: trays + splitters || null,
      bp_comment: comment({
        Capacity: p.capacity,
        Type: p.kind,
        Place: p.place,
        // Standing on a support, it is placed through the support's node: its own place kept.
        at: supportOf.has(p.id) ? `${p.lng},${p.lat}` : null,
      }),
      bp_creadat: p.createdAt,
      bp_majdate: p.updatedAt,
      bp_majsrc: 'Integration',
    });
  }
  const siteEquipment = new Set(
    [...network.trays, ...network.splitters].map((x) => x.holder).filter((h) => sites.has(h)),
  );
  for (const holder of network.accesses.map((a) => a.holder))
    if (sites.has(holder)) siteEquipment.add(holder);
  for (const holder of siteEquipment) {
    const site = sites.get(holder);
    if (!site) continue;
    const code = c.code('BP', site.key);
    bpOfHolder.set(holder, code);
    add('t_ebp', {
      bp_code: code,
      bp_etiquet: site.key,
      bp_lt_code: c.code('LT', site.key),
      bp_statut: statutOf(site.clusterId),
      bp_typelog: 'BPE',
      bp_majsrc: 'Integration',
    });
  }

  // Cassettes: trays (E), splitters (S); passages (P) are added with the positions.
  for (const t of network.trays) {
    add('t_cassette', {
      cs_code: c.code('CS', `T${t.id}`),
      cs_bp_code: bpOfHolder.get(t.holder) ?? null,
      cs_num: t.number,
      cs_type: 'E',
      cs_nb_pas: t.capacity,
      cs_comment: comment({ capacity: t.capacity }),
      cs_majsrc: 'Integration',
    });
  }
  for (const s of network.splitters) {
    add('t_cassette', {
      cs_code: c.code('CS', `S${s.id}`),
      cs_bp_code: bpOfHolder.get(s.holder) ?? null,
      cs_type: 'S',
      cs_comment: comment({ ratio: s.ratio, name: s.name }),
      cs_majsrc: 'Integration',
    });
  }

  // Patch panels: a bay per site with ports, a tiroir per panel.
  for (const port of network.ports) {
    const panelKey = `${port.holder}|${port.panel}`;
    if (tiroirOf.has(panelKey)) continue;
    const site = sites.get(port.holder);
    const siteKey = site?.key ?? keyOfHolder(port.holder);
    const baie = c.code('BA', siteKey);
    if (![...tiroirOf.values()].some((t) => t.startsWith(`${baie}|`))) {
      add('t_baie', {
        ba_code: baie,
        ba_etiquet: siteKey,
        ba_lt_code: c.code('LT', siteKey),
        ba_statut: statutOf(site?.clusterId ?? null),
        ba_type: 'BAIE',
        ba_majsrc: 'Integration',
      });
    }
    const code = c.code('TI', `P${port.id}`);
    tiroirOf.set(panelKey, `${baie}|${code}`);
    add('t_tiroir', {
      ti_code: code,
      ti_etiquet: port.panel,
      ti_ba_code: baie,
      ti_type: 'TIROIR',
      ti_comment: comment({
        kind: port.kind,
        panel: port.panel,
        ports: network.ports.filter((p) => p.holder === port.holder && p.panel === port.panel)
          .length,
      }),
      ti_majsrc: 'Integration',
    });
  }
}
