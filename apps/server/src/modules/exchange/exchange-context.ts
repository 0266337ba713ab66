import type { ExportBody, Locale } from '@integration/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { GdalHost } from '../file-format/gdal-host.ts';
import type { UploadedFile } from '../file-format/upload-sources.ts';
import type { UserRecord } from '../users/users.repository.ts';
import type { ExchangeScope } from './exchange-scope.ts';

/** What every exchange export is given: the database, the GDAL worker and the request. */
export interface ExportContext {
  db: Database;
  gdal: GdalHost;
  config: Config;
  user: UserRecord;
  locale: Locale;
  body: ExportBody;
  scope: ExchangeScope;
}

/** What every exchange import is given: the uploaded files (in the job's folder) and its fields. */
export interface ImportContext {
  db: Database;
  gdal: GdalHost;
  config: Config;
  user: UserRecord;
  locale: Locale;
  uploads: UploadedFile[];
  /** The multipart fields other than the files (clusterId, mainProjectId…). */
  fields: Map<string, string>;
  /** The import job's folder: relative to the GDAL root, and absolute. */
  job: { dir: string; abs: string };
}

export type { ExchangeImportAnswer, ImportReportLine } from '@integration/contracts';
