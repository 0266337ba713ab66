import { sql } from 'drizzle-orm';
import {
  ENCLOSURE_TYPES,
  REALTIME_EVENTS,
  SPLITTER_RATIOS,
  splitterOutputs,
  type EnclosurePlan,
  type FibreChangedPayload,
  type Locale,
  type SplitterRatio,
} from '@integration/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { canEditCluster, canEditProject } from '../access/access.ts';
import { assertReadableVia } from '../access/readable-via.ts';
import { clusterRoom } from '../realtime/element-events.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { cablesRepository as cables } from './cables.repository.ts';
import { cutsRepository as cuts } from './cuts.repository.ts';
import { describeCables, describeTerminals } from './fibre-plan.ts';
import { enclosuresRepository as repo, type Holder } from './enclosures.repository.ts';
import { resolveConnections, traysFor, type Connections } from './connection-requests.ts';
import { fibreSettingsRepository as settings } from './settings.repository.ts';

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
    // Passing through too: a fibre of theirs may be cut and spliced here (mid-span).
    for (const cable of found) await cables.materialise(tx, cable.id);
    // A cable already spliced here is attached here, where its drawn end lies or not (an
    // imported or generated network joined by its data).
    for (const cable of await repo.cablesJoinedIn(tx, h)) {
      const listed = found.findIndex((c) => c.id === cable.id);
      if (listed < 0) found.push(cable);
      else if (found[listed]?.end === 'through') found[listed] = cable;
    }
    return found;
  }

  /** The mid-span cuts made here in the cables passing through. */
  async function cutsHere(tx: Queryable, h: Holder, onIt: { id: number; end: string }[]) {
    const passing = onIt.filter((c) => c.end === 'through').map((c) => c.id);
    if (!passing.length || !h.point) return new Map<string, number>();
    const alongs = await cuts.alongAt(tx, passing, sql`ST_GeomFromEWKT(${h.point})`);
    return cuts.cutsAt(
      tx,
      [...alongs].map(([cableId, along]) => ({ cableId, along })),
    );
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
      cables: await describeCables(tx, onIt, colourScheme, locale, await cutsHere(tx, h, onIt)),
      trays,
      ...(await describeTerminals(tx, locale, { splitters, ports, joints, own, losses })),
    };
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
        const pairs = await resolveConnections(tx, h, body, locale, await attached(tx, h));
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
        // A mid-span cut joined to nothing any more: the fibre is whole again.
        await cuts.heal(tx, [joint.a, joint.b]);
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
