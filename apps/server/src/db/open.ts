import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite({ dataDir: config.dataDir });
}
