import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

/**
 * JWT_SECRET when set; otherwise a secret generated on first start and kept in
 * DATA_DIR, so sessions survive restarts. Several instances must share JWT_SECRET.
 */
export function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  } catch {
    // First start: generate below.
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
