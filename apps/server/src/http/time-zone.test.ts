import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { localDateTime, requestTimeZone, sheetDate } from './time-zone.ts';

const asked = (zone?: string) =>
  ({ headers: zone === undefined ? {} : { 'x-time-zone': zone } }) as unknown as FastifyRequest;

describe("a document's dates in the user's time zone", () => {
  it('takes a known IANA zone, else UTC', () => {
    expect(requestTimeZone(asked('Africa/Nairobi'))).toBe('Africa/Nairobi');
    expect(requestTimeZone(asked('Mars/Olympus_Mons'))).toBe('UTC');
    expect(requestTimeZone(asked('x'.repeat(100)))).toBe('UTC');
    expect(requestTimeZone(asked())).toBe('UTC');
  });

  it('writes d/m/yyyy HH:MM and gives spreadsheets the wall clock', () => {
    const at = new Date('2026-11-27T21:05:09Z');
    expect(localDateTime(at, 'Africa/Nairobi')).toBe('28/11/2026 00:05');
    expect(localDateTime(at, 'UTC')).toBe('27/11/2026 21:05');
    expect(sheetDate(at, 'Europe/Paris').toISOString()).toBe('2026-11-27T22:05:09.000Z');
  });
});
