import { randomBytes } from 'node:crypto';
import { adminQuery } from './global-setup.ts';

/**
 * An empty database of a test's own on the server DATABASE_URL points at (PostgreSQL pass),
 * with PostGIS unless told not to (a restore brings its own), and how to drop it.
 */
export async function freshDatabase(
  prefix: string,
  options: { postgis?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('freshDatabase needs DATABASE_URL');
  const name = `integration_${prefix}_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  if (options.postgis !== false) {
    await adminQuery(url.toString(), 'CREATE EXTENSION IF NOT EXISTS postgis');
  }
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
