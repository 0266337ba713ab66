import type { HolderKey, TerminalSide } from '../gracethd-network.repository.ts';
import { segmentOf } from '../gracethd-segments.ts';
import { comment, terminalText } from '../gracethd-values.ts';
import type { Build } from './context.ts';

/** Positions (t_position): joints, splitters' pigtails and passages. */
export async function addPositions(b: Build): Promise<void> {
  const {
    turn,
    c,
    found,
    add,
    statutOf,
    keyOfHolder,
    clusterOfHolder,
    nodeOfHolder,
    bpOfHolder,
    plans,
    tiroirOfPort,
    segmentCode,
    network,
  } = b;
  // Positions: one per joint, each side the segment fibre (or splitter leg, or port) it joins.
  const pigtails = new Set<number>();
  const fibreCodeOf = (side: TerminalSide, holder: HolderKey): string | null => {
    if (side.cableId !== null && side.number !== null) {
      const plan = plans.get(side.cableId);
      const segment = plan ? segmentOf(plan, side, holder) : null;
      return plan && segment ? c.fibre(segmentCode(plan, segment), side.number) : null;
    }
    if (side.splitterId !== null && side.leg !== null) {
      pigtails.add(side.splitterId);
      return c.fibre(`S${side.splitterId}`, side.leg);
    }
    return null;
  };
  const joinedAt = new Map<string, Set<number>>();
  for (const j of network.joints) {
    await turn();
    const ps1 = fibreCodeOf(j.a, j.holder);
    const ps2 = fibreCodeOf(j.b, j.holder);
    for (const side of [j.a, j.b]) {
      if (side.cableId === null || side.number === null) continue;
      const at = `${side.cableId}|${j.holder}`;
      const set = joinedAt.get(at) ?? new Set<number>();
      set.add(side.number);
      joinedAt.set(at, set);
    }
    const portSide = j.a.portId !== null ? j.a : j.b.portId !== null ? j.b : null;
    if (ps1 === null && ps2 === null) {
      found.push({
        code: 'jumper',
        severity: 'warning',
        key: 'exchange.check.jumper',
        vars: { place: keyOfHolder(j.holder) },
        elementIds: j.holder.startsWith('E') ? [Number(j.holder.slice(1))] : [],
        clusterId: clusterOfHolder(j.holder),
        table: 't_position',
      });
      continue;
    }
    const splitter = [j.a, j.b].find((s) => s.splitterId !== null)?.splitterId ?? null;
    const port = portSide ? network.ports.find((p) => p.id === portSide.portId) : undefined;
    add('t_position', {
      ps_code: c.code('PS', `J${j.id}`),
      ps_numero: port?.number ?? null,
      ps_1: ps1,
      ps_2: ps2,
      ps_cs_code:
        j.trayId !== null
          ? c.code('CS', `T${j.trayId}`)
          : splitter !== null
            ? c.code('CS', `S${splitter}`)
            : null,
      ps_ti_code: portSide ? tiroirOfPort(portSide.portId) : null,
      ps_type: j.kind === 'splice' ? 'SFU' : null,
      ps_fonct: j.kind === 'splice' ? 'EP' : 'CO',
      ps_comment: comment({
        joint: j.id,
        kind: j.kind,
        a: terminalText(j.a),
        b: terminalText(j.b),
        loss: j.measuredLossDb,
      }),
      ps_creadat: j.createdAt,
      ps_majsrc: 'Integration',
    });
  }
  // Splitters' pigtails: an intrasite cable per splitter, its input leg 0 and outputs 1…n.
  for (const s of network.splitters) {
    if (!pigtails.has(s.id)) continue;
    const legs = Number(s.ratio.split(':')[1] ?? 0);
    const node = nodeOfHolder(s.holder);
    add('t_cable', {
      cb_code: c.code('CB', `S${s.id}`),
      cb_etiquet: s.name,
      cb_nd1: node,
      cb_nd2: node,
      cb_statut: statutOf(clusterOfHolder(s.holder)),
      cb_tech: 'OPT',
      cb_typephy: 'B',
      cb_capafo: legs + 1,
      cb_comment: comment({ splitter: s.id, ratio: s.ratio }),
      cb_majsrc: 'Integration',
    });
    for (let leg = 0; leg <= legs; leg++) {
      add('t_fibre', {
        fo_code: c.fibre(`S${s.id}`, leg),
        fo_cb_code: c.code('CB', `S${s.id}`),
        fo_nincab: leg + 1,
        fo_comment: leg === 0 ? 'leg=in' : `leg=${leg}`,
        fo_majsrc: 'Integration',
      });
    }
  }
  // Passages: at each inner boundary, every fibre not joined there runs on (PA), in the holder's
  // passage cassette.
  const passageCassettes = new Set<HolderKey>();
  for (const plan of plans.values()) {
    for (let i = 1; i < plan.segments.length; i++) {
      const before = plan.segments[i - 1];
      const after = plan.segments[i];
      if (!before || !after) continue;
      const holder = after.from;
      const joined = joinedAt.get(`${plan.cable.id}|${holder}`) ?? new Set<number>();
      const cassette = c.code('CS', `P${keyOfHolder(holder)}`);
      passageCassettes.add(holder);
      for (let n = 1; n <= plan.cable.fibreCount; n++) {
        await turn();
        if (joined.has(n)) continue;
        add('t_position', {
          ps_code: c.code('PS', `${segmentCode(plan, after)}-${String(n).padStart(3, '0')}`),
          ps_1: c.fibre(segmentCode(plan, before), n),
          ps_2: c.fibre(segmentCode(plan, after), n),
          ps_cs_code: cassette,
          ps_fonct: 'PA',
          ps_majsrc: 'Integration',
        });
      }
    }
  }
  for (const holder of passageCassettes) {
    if (!bpOfHolder.has(holder)) continue;
    add('t_cassette', {
      cs_code: c.code('CS', `P${keyOfHolder(holder)}`),
      cs_bp_code: bpOfHolder.get(holder) ?? null,
      cs_type: 'P',
      cs_majsrc: 'Integration',
    });
  }
}
