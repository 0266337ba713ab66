import {
  DEFAULT_LOSSES,
  FIBRE_STATUSES,
  type CableFibres,
  type EnclosureCable,
  type EnclosurePlan,
  type Fibre,
  type FibreEnd,
  type FibreStatus,
  type Locale,
  type LossConstants,
  type SplitterRatio,
} from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { cablesRepository as cables } from './cables.repository.ts';
import {
  enclosuresRepository as repo,
  type JointRow,
  type TerminalFacts,
} from './enclosures.repository.ts';
import { coloursOf, terminalLabel } from './fibre-labels.ts';

/**
 * Cables with their fibres, colours, status and what each end is joined to. For a cable passing
 * through the enclosure uncut, `a` and `b` are the two sides of a mid-span cut made there
 * (`cutsHere`, `${fibreId}:${side}` → terminal), null where the fibre passes through whole.
 */
export async function describeCables(
  db: Queryable,
  list: { id: number; name: string; end?: 'a' | 'b' | 'through' }[],
  scheme: string,
  locale: Locale,
  cutsHere: Map<string, number> = new Map(),
): Promise<EnclosureCable[]> {
  const ids = list.map((c) => c.id);
  const passing = new Set(list.filter((c) => c.end === 'through').map((c) => c.id));
  const rows = (ids.length ? await cables.fibres(db, ids, scheme) : []).map((r) =>
    passing.has(r.cableId)
      ? {
          ...r,
          terminalA: cutsHere.get(`${r.id}:a`) ?? 0,
          terminalB: cutsHere.get(`${r.id}:b`) ?? 0,
        }
      : r,
  );
  const terminalIds = rows.flatMap((r) => [r.terminalA, r.terminalB]).filter((id) => id > 0);
  const joints = await repo.jointsOn(db, terminalIds);
  const jointOf = new Map<number, JointRow>();
  for (const j of joints) {
    jointOf.set(j.a, j);
    jointOf.set(j.b, j);
  }
  const others = joints.flatMap((j) => [j.a, j.b]);
  const facts = new Map((await repo.terminals(db, others)).map((t) => [t.id, t]));
  const endOf = (terminal: number): FibreEnd | null => {
    const j = jointOf.get(terminal);
    if (!j) return null;
    const other = facts.get(j.a === terminal ? j.b : j.a);
    return {
      connectionId: j.id,
      kind: j.kind,
      enclosure: { elementId: j.elementId, centralOfficeId: j.centralOfficeId, name: j.holderName },
      to: other ? terminalLabel(locale, other) : '',
    };
  };
  const structures = new Map<number, Awaited<ReturnType<typeof cables.structure>>>();
  for (const id of ids) structures.set(id, await cables.structure(db, id));
  return list.map((cable) => {
    const fibres: Fibre[] = rows
      .filter((r) => r.cableId === cable.id)
      .map((r) => {
        const ends = { a: endOf(r.terminalA), b: endOf(r.terminalB) };
        const status: FibreStatus = r.state;
        return {
          id: r.id,
          number: r.number,
          tube: r.tube,
          position: r.position,
          ...coloursOf(locale, r),
          status,
          ends,
        };
      });
    const fill = Object.fromEntries(FIBRE_STATUSES.map((s) => [s, 0])) as Record<
      FibreStatus,
      number
    >;
    for (const f of fibres) fill[f.status] += 1;
    const structure = structures.get(cable.id);
    const described: CableFibres = {
      id: cable.id,
      name: cable.name,
      fibreCount: structure?.fibreCount ?? 0,
      tubes: structure?.tubes ?? 0,
      fibresPerTube: structure?.fibresPerTube ?? 0,
      fill,
      fibres,
    };
    return { ...described, end: cable.end ?? 'a' };
  });
}

/** Splitters with their legs, ports with their sides, and the enclosure's connections. */
export async function describeTerminals(
  db: Queryable,
  locale: Locale,
  parts: {
    splitters: { id: number; name: string; ratio: SplitterRatio }[];
    ports: { id: number; kind: 'patch' | 'olt'; panel: string; number: number }[];
    joints: JointRow[];
    own: TerminalFacts[];
    losses: LossConstants;
  },
): Promise<Pick<EnclosurePlan, 'splitters' | 'ports' | 'connections'>> {
  const ownIds = parts.own.map((t) => t.id);
  const jointsOnOwn = await repo.jointsOn(db, ownIds);
  const jointOf = new Map<number, JointRow>();
  for (const j of [...jointsOnOwn, ...parts.joints]) {
    jointOf.set(j.a, j);
    jointOf.set(j.b, j);
  }
  const allIds = [...new Set([...jointsOnOwn, ...parts.joints].flatMap((j) => [j.a, j.b]))];
  const facts = new Map((await repo.terminals(db, allIds)).map((t) => [t.id, t]));
  const label = (id: number) => {
    const t = facts.get(id);
    return t ? terminalLabel(locale, t) : '';
  };
  const side = (terminal: TerminalFacts | undefined) => {
    const j = terminal ? jointOf.get(terminal.id) : undefined;
    if (!terminal || !j) return { joinedTo: null, connectionId: null };
    return { joinedTo: label(j.a === terminal.id ? j.b : j.a), connectionId: j.id };
  };
  const losses = parts.losses ?? DEFAULT_LOSSES;
  return {
    splitters: parts.splitters.map((s) => ({
      id: s.id,
      name: s.name,
      ratio: s.ratio,
      lossDb: losses.splitterDb[s.ratio],
      legs: parts.own
        .filter((t) => t.splitterId === s.id)
        .sort((x, y) => (x.leg ?? 0) - (y.leg ?? 0))
        .map((t) => ({ leg: t.leg ?? 0, terminalId: t.id, ...side(t) })),
    })),
    ports: parts.ports.map((p) => {
      const mine = parts.own.filter((t) => t.portId === p.id);
      return {
        ...p,
        back: side(mine.find((t) => t.kind === 'port-back' || t.kind === 'olt-port')),
        front: side(mine.find((t) => t.kind === 'port-front')),
      };
    }),
    connections: parts.joints.map((j) => ({
      id: j.id,
      kind: j.kind,
      trayId: j.trayId,
      from: label(j.a),
      to: label(j.b),
      lossDb: j.measuredLossDb ?? (j.kind === 'splice' ? losses.spliceDb : losses.connectorDb),
      measuredLossDb: j.measuredLossDb,
    })),
  };
}
