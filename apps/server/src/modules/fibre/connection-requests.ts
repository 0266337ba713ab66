import { sql } from 'drizzle-orm';
import type { ConnectionKind, Locale, TerminalRef, connectionsBody } from '@integration/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { cablesRepository as cables } from './cables.repository.ts';
import { cutsRepository as cuts } from './cuts.repository.ts';
import { enclosuresRepository as repo, type Holder } from './enclosures.repository.ts';
import { terminalLabel } from './fibre-labels.ts';

/**
 * What a connections request asks of an enclosure (issue 26): pairs and tube-to-tube ranges
 * resolved to terminals, each checked against what the enclosure holds, and the trays its splices
 * go in. Every refusal is thrown before anything is written.
 */
export type Connections = z.output<typeof connectionsBody>;

/** Each requested pair as two terminal ids, checked against what the enclosure holds. */
export async function resolveConnections(
  tx: Queryable,
  h: Holder,
  body: Connections,
  locale: Locale,
  onIt: { id: number; end: 'a' | 'b' | 'through' }[],
): Promise<{ a: number; b: number; kind: ConnectionKind }[]> {
  const ends = new Map(onIt.map((c) => [c.id, c]));
  const own = await repo.holderTerminals(tx, h);
  const pairs: { a: TerminalRef; b: TerminalRef; kind: ConnectionKind }[] = [];
  for (const c of body.connections ?? []) pairs.push({ a: c.from, b: c.to, kind: c.kind });
  for (const r of body.ranges ?? []) {
    const [fromFirst, fromLast] = r.fromFibres;
    const [toFirst, toLast] = r.toFibres;
    const fromCount = Math.abs(fromLast - fromFirst) + 1;
    const toCount = Math.abs(toLast - toFirst) + 1;
    if (fromCount !== toCount) {
      throw new AppError(400, 'VALIDATION_ERROR', 'fibre.rangeLengths', {
        fromFirst,
        fromLast,
        fromCount,
        toFirst,
        toLast,
        toCount,
      });
    }
    const fromStep = fromLast >= fromFirst ? 1 : -1;
    const toStep = toLast >= toFirst ? 1 : -1;
    const fromIds = await fibreIds(tx, r.fromCable, fromFirst, fromLast);
    const toIds = await fibreIds(tx, r.toCable, toFirst, toLast);
    // The end lying here; through a cable passing by uncut, the side asked for.
    const endOf = (cableId: number, side: 'a' | 'b' | undefined) => {
      const end = ends.get(cableId)?.end;
      return end === 'through' ? (side ?? 'a') : end === 'b' ? 'b' : 'a';
    };
    for (let i = 0; i < fromCount; i++) {
      pairs.push({
        a: { fibreId: fromIds(fromFirst + i * fromStep), end: endOf(r.fromCable, r.fromSide) },
        b: { fibreId: toIds(toFirst + i * toStep), end: endOf(r.toCable, r.toSide) },
        kind: r.kind,
      });
    }
  }
  if (!pairs.length) throw new AppError(400, 'VALIDATION_ERROR', 'fibre.nothingToJoin');

  // The fibre ends asked for, with their cable: only the end lying on the enclosure joins here.
  const askedFibres = pairs
    .flatMap((p) => [p.a, p.b])
    .flatMap((t) => ('fibreId' in t ? [t.fibreId] : []));
  const fibreEnds = new Map(
    (askedFibres.length ? await repo.fibreEnds(tx, askedFibres) : []).map((e) => [
      `${e.fibreId}:${e.end}`,
      e,
    ]),
  );
  // Cables passing through uncut: where the enclosure lies along each, for mid-span cuts.
  const passing = onIt.filter((c) => c.end === 'through').map((c) => c.id);
  const alongs =
    passing.length && h.point
      ? await cuts.alongAt(tx, passing, sql`ST_GeomFromEWKT(${h.point})`)
      : new Map<number, number>();
  const terminalOf = async (ref: TerminalRef): Promise<number> => {
    if ('fibreId' in ref) {
      const fibreEnd = fibreEnds.get(`${ref.fibreId}:${ref.end}`);
      if (!fibreEnd)
        throw new AppError(404, 'NOT_FOUND', 'fibre.fibreNotFound', { id: ref.fibreId });
      // Mid-span: the fibre is cut here (in the request's transaction: a refusal undoes it).
      const along = alongs.get(fibreEnd.cableId);
      if (along !== undefined && along > 0 && along < 1) {
        return cuts.cut(tx, ref.fibreId, along, ref.end);
      }
      if (ends.get(fibreEnd.cableId)?.end !== ref.end) {
        throw new AppError(422, 'VALIDATION_ERROR', 'fibre.notAttached', {
          cable: fibreEnd.cableName,
          name: h.name,
        });
      }
      return fibreEnd.id;
    }
    const found = own.find((t) =>
      'portId' in ref
        ? t.portId === ref.portId &&
          (t.kind === 'olt-port' || t.kind === (ref.side === 'front' ? 'port-front' : 'port-back'))
        : t.splitterId === ref.splitterId && t.leg === ref.leg,
    );
    if (!found) {
      const what =
        'portId' in ref ? `port ${ref.portId}` : `splitter ${ref.splitterId} leg ${ref.leg}`;
      throw new AppError(422, 'VALIDATION_ERROR', 'fibre.terminalNotFound', {
        what,
        name: h.name,
      });
    }
    return found.id;
  };
  const resolved: { a: number; b: number; kind: ConnectionKind }[] = [];
  for (const p of pairs) {
    resolved.push({ a: await terminalOf(p.a), b: await terminalOf(p.b), kind: p.kind });
  }
  // Each terminal once, and not already joined.
  const facts = new Map(
    (
      await repo.terminals(
        tx,
        resolved.flatMap((p) => [p.a, p.b]),
      )
    ).map((t) => [t.id, t]),
  );
  const label = (id: number) => {
    const t = facts.get(id);
    return t ? terminalLabel(locale, t) : String(id);
  };
  const seen = new Set<number>();
  for (const p of resolved) {
    if (p.a === p.b) throw new AppError(400, 'VALIDATION_ERROR', 'fibre.sameTerminal');
    for (const id of [p.a, p.b]) {
      if (seen.has(id)) {
        throw new AppError(409, 'CONFLICT', 'fibre.joinedTwice', { what: label(id) });
      }
      seen.add(id);
    }
  }
  const joined = new Set(await repo.joined(tx, [...seen]));
  // Named in the order of the request: the first the user asked for.
  const first = [...seen].find((id) => joined.has(id));
  if (first !== undefined) {
    const joints = await repo.jointsOn(tx, [first]);
    const joint = joints[0];
    const other = joint ? (joint.a === first ? joint.b : joint.a) : undefined;
    const otherFacts = other !== undefined ? (await repo.terminals(tx, [other]))[0] : undefined;
    throw new AppError(409, 'CONFLICT', 'fibre.alreadyJoined', {
      what: label(first),
      to: otherFacts ? `${terminalLabel(locale, otherFacts)}, ${joint?.holderName ?? ''}` : '',
    });
  }
  return resolved;
}

/** Fibre ids of a cable by number, refusing numbers it does not have. */
async function fibreIds(tx: Queryable, cableId: number, first: number, last: number) {
  const rows = await tx.rows<{ id: number; number: number }>(sql`
    SELECT id::float8 AS id, number FROM fibres WHERE cable_id = ${cableId}
      AND number BETWEEN ${Math.min(first, last)} AND ${Math.max(first, last)}`);
  const byNumber = new Map(rows.map((r) => [r.number, r.id]));
  const count = await cables.structure(tx, cableId);
  const name = await tx.one<{ name: string }>(sql`
    SELECT name FROM network_elements WHERE id = ${cableId} AND type = 'Cable'`);
  if (!name) throw new AppError(404, 'NOT_FOUND', 'fibre.cableNotFound', { id: cableId });
  return (n: number) => {
    const id = byNumber.get(n);
    if (id === undefined) {
      throw new AppError(422, 'VALIDATION_ERROR', 'fibre.rangeOutside', {
        cable: name.name,
        count: count?.fibreCount ?? 0,
        number: n,
      });
    }
    return id;
  };
}

/** Trays for `splices` splices: the one asked (409 when full), else room anywhere, else new. */
export async function traysFor(
  tx: Queryable,
  h: Holder,
  splices: number,
  trayId: number | undefined,
) {
  const trays = await repo.trays(tx, h);
  if (trayId !== undefined) {
    const tray = trays.find((t) => t.id === trayId);
    if (!tray) {
      throw new AppError(422, 'VALIDATION_ERROR', 'fibre.trayNotFound', {
        id: trayId,
        name: h.name,
      });
    }
    if (tray.used + splices > tray.capacity) {
      throw new AppError(409, 'CONFLICT', 'fibre.trayFull', {
        number: tray.number,
        name: h.name,
        capacity: tray.capacity,
        used: tray.used,
        adding: splices,
      });
    }
    return Array.from({ length: splices }, () => tray.id);
  }
  const slots: number[] = [];
  for (const tray of trays) {
    for (let i = tray.used; i < tray.capacity && slots.length < splices; i++) slots.push(tray.id);
  }
  // Splices that find no room go in new trays of 12, as a closure takes more cassettes.
  while (slots.length < splices) {
    const id = await repo.addTray(tx, h, 12);
    for (let i = 0; i < 12 && slots.length < splices; i++) slots.push(id);
  }
  return slots;
}
