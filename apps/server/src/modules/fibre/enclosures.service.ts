import { sql } from 'drizzle-orm';
import type { connectionsBody } from '@integration/contracts';
import {
  ENCLOSURE_TYPES,
  REALTIME_EVENTS,
  SPLITTER_RATIOS,
  splitterOutputs,
  type ConnectionKind,
  type EnclosurePlan,
  type FibreChangedPayload,
  type Locale,
  type SplitterRatio,
  type TerminalRef,
} from '@integration/contracts';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { canEditCluster, canEditProject } from '../access/access.ts';
import { assertReadableVia } from '../access/readable-via.ts';
import { clusterRoom } from '../realtime/element-events.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { cablesRepository as cables } from './cables.repository.ts';
import { describeCables, describeTerminals } from './fibre-plan.ts';
import { enclosuresRepository as repo, type Holder } from './enclosures.repository.ts';
import { terminalLabel } from './fibre-labels.ts';
import { fibreSettingsRepository as settings } from './settings.repository.ts';

type Connections = z.output<typeof connectionsBody>;
export type HolderRef = { elementId: number } | { centralOfficeId: number };

const notFound = (id: number) => new AppError(404, 'NOT_FOUND', 'fibre.enclosureNotFound', { id });

/** Splices, splitters and ports in enclosures (issue 26): the rules; SQL in the repositories. */
export function createEnclosuresService(
  db: Database,
  emit: (room: string, event: string, payload: unknown) => void,
) {
  /** The enclosure, once the user may read it (and write it, for `write`). */
  async function holder(user: UserRecord, ref: HolderRef, write: boolean): Promise<Holder> {
    const found =
      'elementId' in ref
        ? await repo.elementHolder(db, ref.elementId)
        : await repo.officeHolder(db, ref.centralOfficeId);
    const id = 'elementId' in ref ? ref.elementId : ref.centralOfficeId;
    await assertReadableVia(db, user, found?.projectId, () => notFound(id));
    if (!found) throw notFound(id);
    if (found.type !== 'CentralOffice' && !ENCLOSURE_TYPES.includes(found.type)) {
      throw new AppError(422, 'VALIDATION_ERROR', 'fibre.notAnEnclosure', {
        name: found.name,
        type: found.type,
      });
    }
    if (write) {
      const may =
        found.clusterId !== null
          ? await canEditCluster(db, user, found.clusterId)
          : await canEditProject(db, user, found.projectId);
      if (!may) throw forbidden();
    }
    return found;
  }

  /** The cables ending on (or passing) the enclosure, their fibres made if they were not yet. */
  async function attached(tx: Queryable, h: Holder) {
    const found = h.point
      ? await cables.attachedAt(tx, h.projectId, sql`ST_GeomFromEWKT(${h.point})`)
      : [];
    for (const cable of found) if (cable.end !== 'through') await cables.materialise(tx, cable.id);
    // A cable already spliced here is attached here, where its drawn end lies or not (an
    // imported or generated network joined by its data).
    for (const cable of await repo.cablesJoinedIn(tx, h)) {
      const listed = found.findIndex((c) => c.id === cable.id);
      if (listed < 0) found.push(cable);
      else if (found[listed]?.end === 'through') found[listed] = cable;
    }
    return found;
  }

  function changed(h: Holder, userId: number) {
    const payload: FibreChangedPayload = {
      elementId: h.elementId,
      centralOfficeId: h.centralOfficeId,
      by: userId,
    };
    if (h.clusterId !== null) emit(clusterRoom(h.clusterId), REALTIME_EVENTS.fibreChanged, payload);
  }

  async function plan(h: Holder, locale: Locale, tx: Queryable = db): Promise<EnclosurePlan> {
    const { colourScheme, losses } = await settings.get(tx, h.projectId);
    const onIt = await attached(tx, h);
    const [trays, splitters, ports, joints, own] = await Promise.all([
      repo.trays(tx, h),
      repo.splitters(tx, h),
      repo.ports(tx, h),
      repo.jointsOfHolder(tx, h),
      repo.holderTerminals(tx, h),
    ]);
    return {
      enclosure: {
        elementId: h.elementId,
        centralOfficeId: h.centralOfficeId,
        name: h.name,
        type: h.type,
        projectId: h.projectId,
        clusterId: h.clusterId,
      },
      colourScheme,
      cables: await describeCables(tx, onIt, colourScheme, locale),
      trays,
      ...(await describeTerminals(tx, locale, { splitters, ports, joints, own, losses })),
    };
  }

  /** Each requested pair as two terminal ids, checked against what the enclosure holds. */
  async function resolve(
    tx: Queryable,
    h: Holder,
    body: Connections,
    locale: Locale,
  ): Promise<{ a: number; b: number; kind: ConnectionKind }[]> {
    const onIt = await attached(tx, h);
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
      for (let i = 0; i < fromCount; i++) {
        const fromEnd = ends.get(r.fromCable)?.end;
        const toEnd = ends.get(r.toCable)?.end;
        pairs.push({
          a: { fibreId: fromIds(fromFirst + i * fromStep), end: fromEnd === 'b' ? 'b' : 'a' },
          b: { fibreId: toIds(toFirst + i * toStep), end: toEnd === 'b' ? 'b' : 'a' },
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
    const terminalOf = (ref: TerminalRef): number => {
      if ('fibreId' in ref) {
        const fibreEnd = fibreEnds.get(`${ref.fibreId}:${ref.end}`);
        if (!fibreEnd)
          throw new AppError(404, 'NOT_FOUND', 'fibre.fibreNotFound', { id: ref.fibreId });
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
            (t.kind === 'olt-port' ||
              t.kind === (ref.side === 'front' ? 'port-front' : 'port-back'))
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
    const resolved = pairs.map((p) => ({ a: terminalOf(p.a), b: terminalOf(p.b), kind: p.kind }));
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
  async function traysFor(tx: Queryable, h: Holder, splices: number, trayId: number | undefined) {
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

  return {
    async plan(user: UserRecord, ref: HolderRef, locale: Locale) {
      const h = await holder(user, ref, false);
      // A cable's fibres, made when first asked for, are made whole or not at all.
      await db.transaction((tx) => attached(tx, h));
      return plan(h, locale);
    },

    async connect(user: UserRecord, ref: HolderRef, body: Connections, locale: Locale) {
      const h = await holder(user, ref, true);
      const made = await db.transaction(async (tx) => {
        await repo.lock(tx, h);
        const pairs = await resolve(tx, h, body, locale);
        const splices = pairs.filter((p) => p.kind === 'splice').length;
        const slots = await traysFor(tx, h, splices, body.trayId);
        const ids: number[] = [];
        let slot = 0;
        for (const p of pairs) {
          const trayId = p.kind === 'splice' ? (slots[slot++] ?? null) : null;
          ids.push(await repo.join(tx, h, { kind: p.kind, trayId, a: p.a, b: p.b }, user.id));
        }
        await repo.history(tx, h, 'connect', { connections: ids, pairs }, user.id);
        return ids;
      });
      changed(h, user.id);
      return { connections: made.map((id) => ({ id })), enclosure: h };
    },

    async disconnect(user: UserRecord, connectionId: number) {
      const joint = await repo.joint(db, connectionId);
      const ref: HolderRef | null = joint
        ? joint.elementId !== null
          ? { elementId: joint.elementId }
          : { centralOfficeId: joint.centralOfficeId ?? 0 }
        : null;
      if (!joint || !ref) {
        if (user.role !== 'admin') throw forbidden();
        throw new AppError(404, 'NOT_FOUND', 'fibre.connectionNotFound', { id: connectionId });
      }
      const h = await holder(user, ref, true);
      await db.transaction(async (tx) => {
        await repo.lock(tx, h);
        await repo.deleteJoint(tx, connectionId);
        await repo.history(
          tx,
          h,
          'disconnect',
          { connection: connectionId, a: joint.a, b: joint.b },
          user.id,
        );
      });
      changed(h, user.id);
    },

    async setMeasuredLoss(user: UserRecord, connectionId: number, lossDb: number | null) {
      const joint = await repo.joint(db, connectionId);
      if (!joint) {
        if (user.role !== 'admin') throw forbidden();
        throw new AppError(404, 'NOT_FOUND', 'fibre.connectionNotFound', { id: connectionId });
      }
      const h = await holder(
        user,
        joint.elementId !== null
          ? { elementId: joint.elementId }
          : { centralOfficeId: joint.centralOfficeId ?? 0 },
        true,
      );
      await db.transaction(async (tx) => {
        await repo.setMeasuredLoss(tx, connectionId, lossDb);
        await repo.history(tx, h, 'measure', { connection: connectionId, lossDb }, user.id);
      });
      changed(h, user.id);
    },

    async addSplitter(user: UserRecord, ref: HolderRef, ratio: string, name: string | undefined) {
      if (!(SPLITTER_RATIOS as readonly string[]).includes(ratio)) {
        throw new AppError(400, 'VALIDATION_ERROR', 'fibre.badRatio', {
          ratio,
          ratios: SPLITTER_RATIOS.join(', '),
        });
      }
      const h = await holder(user, ref, true);
      const splitter = await db.transaction(async (tx) => {
        await repo.lock(tx, h);
        const made = await repo.addSplitter(tx, h, ratio as SplitterRatio, name ?? null);
        await repo.history(tx, h, 'splitter', { id: made.id, ratio }, user.id);
        return made;
      });
      changed(h, user.id);
      return { ...splitter, ratio, outputs: splitterOutputs(ratio as SplitterRatio), enclosure: h };
    },

    async addTray(user: UserRecord, ref: HolderRef, capacity: number) {
      const h = await holder(user, ref, true);
      const id = await db.transaction(async (tx) => {
        await repo.lock(tx, h);
        const made = await repo.addTray(tx, h, capacity);
        await repo.history(tx, h, 'tray', { id: made, capacity }, user.id);
        return made;
      });
      changed(h, user.id);
      return { id, enclosure: h };
    },

    async addPorts(
      user: UserRecord,
      ref: HolderRef,
      body: { kind: 'patch' | 'olt'; count: number; panel?: string },
    ) {
      const h = await holder(user, ref, true);
      const panel = body.panel ?? (body.kind === 'olt' ? 'OLT' : 'P1');
      await db.transaction(async (tx) => {
        await repo.lock(tx, h);
        await repo.addPorts(tx, h, body.kind, panel, body.count);
        await repo.history(tx, h, 'ports', { ...body, panel }, user.id);
      });
      changed(h, user.id);
      return { enclosure: h };
    },

    async placeOffice(user: UserRecord, officeId: number, at: { lat: number; lng: number }) {
      const h = await holder(user, { centralOfficeId: officeId }, true);
      await repo.placeOffice(db, officeId, at.lng, at.lat);
      return { enclosure: h };
    },
  };
}

export type EnclosuresService = ReturnType<typeof createEnclosuresService>;
