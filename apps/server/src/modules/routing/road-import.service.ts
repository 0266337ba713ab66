import { readFile } from 'node:fs/promises';
import {
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
import { importReport, roadsOfFeatures, type SkipReason } from './road-features.ts';
import { roadsRepository as roads, type RoadRow } from './roads.repository.ts';
import type { RoutingService } from './routing.service.ts';

interface ImportedLayerJson {
  name: string;
  file: string;
  sourceLayer: string;
  geometryKind: string;
  features: { features: unknown[] };
}

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
      let layers: ImportedLayerJson[];
      try {
        const answer = JSON.parse(await readFile(read.responseFile, 'utf8')) as {
          data: { layers: ImportedLayerJson[] };
        };
        layers = answer.data.layers;
      } finally {
        await read.done();
      }
      const { mode, layer } = readFields(fields);

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
      const rows: RoadRow[] = [];
      const skipped = new Map<SkipReason, number>();
      let count = 0;
      // Points and polygons read beside the lines are not roads.
      for (const l of layers) {
        if (l.geometryKind === 'line') continue;
        count += l.features.features.length;
        skipped.set('notLine', (skipped.get('notLine') ?? 0) + l.features.features.length);
      }
      for (const l of lineLayers) {
        count += l.features.features.length;
        const got = roadsOfFeatures(l.features.features as never, /\.(osm|pbf)$/i.test(l.file));
        rows.push(...got.rows);
        for (const [reason, n] of got.skipped) skipped.set(reason, (skipped.get(reason) ?? 0) + n);
      }
      const message = (reason: SkipReason) => translate(locale, `routing.skip.${reason}`);
      if (!rows.length) {
        const reasons = [...skipped].map(([r, n]) => `${n} ${message(r)}`).join(', ');
        throw new AppError(422, 'VALIDATION_ERROR', 'routing.noRoadsLoaded', { count, reasons });
      }
      await db.transaction(async (tx) => {
        if (mode === 'replace') await roads.clear(tx, projectId);
        await roads.insert(tx, projectId, rows);
        await roads.touchRoads(tx, projectId);
      });
      routing.graphs.forget(projectId);
      return { report: importReport(rows, skipped, message), mode };
    },
  };
}

export type RoadImportService = ReturnType<typeof createRoadImportService>;
