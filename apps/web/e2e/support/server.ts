import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';

export const ADMIN = { email: 'admin@example.com', password: 'admin1234' };

/** Signs in through the API, as another tool or a test fixture would. */
export async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/login', {
    data: { email, password, platform: 'integration' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** An admin invites a new user (unique per run, so reruns on one PostgreSQL do not clash). */
export async function inviteUser(request: APIRequestContext, extra: { password?: string } = {}) {
  const token = await apiLogin(request, ADMIN.email, ADMIN.password);
  const email = `invitee-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const response = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { email, name: 'Amina Invitee', role: 'planner', ...extra },
  });
  expect(response.status(), await response.text()).toBe(201);
  return email;
}

/**
 * The newest mail the server wrote to its outbox for `to`, waiting for it to arrive; the
 * suite's server unless the data directory of another is given.
 */
export async function latestMailTo(
  to: string,
  dataDir = process.env.E2E_DATA_DIR ?? '',
): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = (await readdir(outbox).catch(() => [] as string[]))
      .filter((f) => f.includes(to))
      .sort();
    const last = files.at(-1);
    if (last) return readFile(path.join(outbox, last), 'utf8');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} in ${outbox}`);
}

/** The set-password link of a mail, with its quoted-printable encoding undone. */
export function linkIn(mail: string): string {
  const decoded = mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = decoded.match(/https?:\/\/\S+\/auth\/setpassword\?token=[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`no link in mail:\n${decoded}`);
  return match[0];
}
