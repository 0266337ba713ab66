import {
  ROAD_NETWORK_MAX_SEGMENTS,
  roadImportFields,
  type Locale,
  type RoadImportMode,
  type RoadImportReport,
} from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../i18n/translate.ts';
import type { FileFormatService, UploadPart } from '../file-format/file-format.service.ts';
import type { UserRecord } from '../users/users.repository.ts';
import type { SkipReason } from './road-features.ts';
import { roadsRepository as roads } from './roads.repository.ts';
import type { RoutingService } from './routing.service.ts';

/**
 * Rows and bytes of JSON per INSERT: PGlite holds one statement's parameters in memory, and runs
 * it on the event loop (a batch of 2,000 roads of 300 vertices each held the server ~10 s).
 */
const BATCH = { rows: 2_000, bytes: 256 * 1024 };
/** Rows per statement when an import is made the network's, on PGlite (see publish). */
const PUBLISH_SLICE = 4_000;
const DROP_SLICE = 20_000;

function readFields(fields: Record<string, string>) {
  const parsed = roadImportFields.safeParse({
    mode: fields.mode || undefined,
    layer: fields.layer || undefined,
  });
  if (!parsed.success) throw new AppError(400, 'VALIDATION_ERROR', 'routing.invalidMode');
  return parsed.data;
}

/**
 * POST /routes/network/{projectId}: the files go through the GIS import (same formats, limits
 * and errors; OpenStreetMap through GDAL's OSM driver, its 'lines' layer), their line layers
 * become the project's roads, replacing them or added, in one transaction.
 */
export function createRoadImportService(
  db: Database,
  files: FileFormatService,
  routing: RoutingService,
) {
  /** Projects whose roads are being written by this server. */
  const importing = new Set<number>();

  const drain = async (step: () => Promise<number>) => {
    while ((await step()) > 0);
  };

  /**
   * Writes an import without one long transaction (on PGlite a transaction holds every other
   * query, /api/health's too, and 300,000 roads take about a minute): the rows go in pending, a
   * short INSERT a batch; then they replace or join the network. On PostgreSQL that last step is
   * one transaction; on PGlite it runs in slices of a few thousand rows, so the network is briefly
   * part old, part new while it runs (the graphs are rebuilt once it is done: the roads' stamp
   * changes last).
   */
  async function write(projectId: number, mode: RoadImportMode, batches: readonly string[]) {
    // Pending rows of an import that a crash ended are not the network's: they go first.
    await drain(() => roads.dropPending(db, projectId, DROP_SLICE));
    try {
      for (const batch of batches) await roads.insertPending(db, projectId, batch);
    } catch (error) {
      await drain(() => roads.dropPending(db, projectId, DROP_SLICE));
      throw error;
    }
    if (db.kind === 'postgres') {
      await db.transaction(async (tx) => {
        if (mode === 'replace') await roads.clear(tx, projectId);
        await roads.publishPending(tx, projectId, Number.MAX_SAFE_INTEGER);
        await roads.touchRoads(tx, projectId);
      });
      return;
    }
    if (mode === 'replace') await drain(() => roads.dropVisible(db, projectId, DROP_SLICE));
    await drain(() => roads.publishPending(db, projectId, PUBLISH_SLICE));
    await roads.touchRoads(db, projectId);
  }

  return {
    async importNetwork(
      user: UserRecord,
      projectId: number,
      parts: AsyncIterable<UploadPart>,
      locale: Locale,
    ): Promise<{ report: RoadImportReport; mode: RoadImportMode }> {
      await routing.assertCanEdit(user, projectId);
      const fields: Record<string, string> = {};
      const read = await files.readUploads(parts, user, locale, {
        onField: (name, value) => {
          if (name === 'mode' || name === 'layer') fields[name] = value;
        },
        // Once every part is in, before GDAL reads anything: a bad mode costs no conversion.
        layers: () => {
          const { layer } = readFields(fields);
          return { onlyLayers: layer ? [layer] : null, osmLayers: layer ? null : ['lines'] };
        },
      });
      // The GDAL answer is read, parsed and turned into rows in the routing worker: a city's
      // roads are tens of megabytes of GeoJSON, too long a parse for the event loop.
      let parsed;
      try {
        parsed = await routing.parseRoads(read.responseFile, BATCH);
      } finally {
        await read.done();
      }
      const { mode, layer } = readFields(fields);
      const { layers, skipped, count } = parsed;

      const lineLayers = layers.filter((l) => l.geometryKind === 'line');
      if (!lineLayers.length) {
        const names = layers.map((l) => `'${l.name}'`).join(', ') || '—';
        if (layer) {
          throw new AppError(422, 'VALIDATION_ERROR', 'routing.layerMissing', {
            layer,
            layers: names,
          });
        }
        throw new AppError(422, 'VALIDATION_ERROR', 'routing.noLineLayer', { layers: names });
      }
      const message = (reason: SkipReason) => translate(locale, `routing.skip.${reason}`);
      if (!parsed.rows) {
        const reasons = skipped.map(([r, n]) => `${n} ${message(r)}`).join(', ');
        throw new AppError(422, 'VALIDATION_ERROR', 'routing.noRoadsLoaded', { count, reasons });
      }
      // The cap, before anything is written: a network past it is refused whole.
      const kept = mode === 'add' ? await roads.segments(db, projectId) : 0;
      if (kept + parsed.segments > ROAD_NETWORK_MAX_SEGMENTS) {
        const format = (n: number) => n.toLocaleString(locale === 'fr' ? 'fr-FR' : 'en-GB');
        throw new AppError(
          413,
          'PAYLOAD_TOO_LARGE',
          kept ? 'routing.networkTooLargeAdded' : 'routing.networkTooLarge',
          {
            count: format(kept + parsed.segments),
            added: format(parsed.segments),
            kept: format(kept),
            max: format(ROAD_NETWORK_MAX_SEGMENTS),
          },
          { segments: kept + parsed.segments, maxSegments: ROAD_NETWORK_MAX_SEGMENTS },
        );
      }
      if (importing.has(projectId)) {
        throw new AppError(409, 'CONFLICT', 'routing.importRunning', { projectId });
      }
      importing.add(projectId);
      try {
        await write(projectId, mode, parsed.batches);
      } finally {
        importing.delete(projectId);
      }
      routing.forget(projectId);
      const report: RoadImportReport = {
        edges: parsed.rows,
        kilometres: Math.round(parsed.metres / 10) / 100,
        classes: parsed.classes,
        skipped: skipped.map(([reason, n]) => ({ reason, count: n, message: message(reason) })),
      };
      return { report, mode };
    },
  };
}

export type RoadImportService = ReturnType<typeof createRoadImportService>;
