import type { TestApp } from './test-app.ts';

/** Test support: the mails a test app wrote to its outbox (sent in the background). */

/** The `count`-th mail of the outbox, once it has arrived. */
export async function nthMail(t: TestApp, count: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = (await t.outbox())[count - 1];
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`mail ${count} never arrived in the outbox`);
}

/** The token of the link to `path` in a mail, its quoted-printable breaks and escapes undone. */
export function linkToken(mail: string, path: string): string {
  const decoded = mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const token = decoded.match(new RegExp(`${path}\\?token=([A-Za-z0-9_.%-]+)`))?.[1];
  if (!token) throw new Error(`no ${path} link in mail:\n${mail}`);
  return decodeURIComponent(token);
}
