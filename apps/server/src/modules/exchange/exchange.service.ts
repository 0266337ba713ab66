import type { ExchangeFormat, ExportBody, Locale } from '@integration/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { FileAnswer } from '../file-format/file-format.service.ts';
import type { GdalHost } from '../file-format/gdal-host.ts';
import type { UploadedFile } from '../file-format/upload-sources.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { exportDxf } from './dxf/dxf-export.ts';
import type { ExchangeImportAnswer } from './exchange-context.ts';
import { exchangeScope } from './exchange-scope.ts';
import { exportGraceThd } from './gracethd/gracethd-export.ts';
import { importGraceThd } from './gracethd/gracethd-import.ts';
import { exportOfds } from './ofds/ofds-export.ts';
import { importOfds } from './ofds/ofds-import.ts';
import { recogniseDelivery } from './recognise-delivery.ts';

/**
 * The exchange standards operators require (issue 29): GraceTHD deliveries out and in, Open
 * Fibre Data Standard packages out and in, DXF for drafting offices. Exports come through
 * POST /file-format/export; deliveries uploaded to POST /file-format/import are recognised by
 * their content and imported here instead of being read as GIS layers.
 */
export function createExchangeService(
  db: Database,
  gdal: GdalHost,
  config: Config,
  changes?: { projectChanged(projectId: number): void },
) {
  return {
    async exportDelivery(
      user: UserRecord,
      body: ExportBody & { format: ExchangeFormat },
      locale: Locale,
    ): Promise<FileAnswer> {
      const scope = await exchangeScope(db, user, body);
      const context = { db, gdal, config, user, locale, body, scope };
      if (body.format === 'ofds') return exportOfds(context);
      if (body.format === 'dxf') return exportDxf(context);
      return exportGraceThd(context);
    },

    /**
     * A GraceTHD delivery or an OFDS package among the uploads is imported, and its report is the
     * answer; null for other files (read as GIS layers).
     */
    async importIfDelivery(
      uploads: UploadedFile[],
      fields: Map<string, string>,
      user: UserRecord,
      locale: Locale,
      job: { dir: string; abs: string },
    ): Promise<ExchangeImportAnswer | null> {
      const standard = await recogniseDelivery(uploads, gdal, fields);
      if (!standard) return null;
      const context = { db, gdal, config, user, locale, uploads, fields, job };
      if (standard === 'ofds') return importOfds(context);
      const answer = await importGraceThd(context);
      // Written in one transaction, not through the element services: the tiles are told here.
      changes?.projectChanged(answer.target.projectId);
      return answer;
    },
  };
}

export type ExchangeService = ReturnType<typeof createExchangeService>;
