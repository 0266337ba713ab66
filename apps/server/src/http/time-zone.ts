import type { FastifyRequest } from 'fastify';

/**
 * The user's time zone, as the web app sends it (`X-Time-Zone`, an IANA name such as
 * Africa/Nairobi): documents made on the server write their dates in it (issue 28). UTC when
 * absent or not a zone this runtime knows.
 */
export function requestTimeZone(request: FastifyRequest): string {
  const zone = request.headers['x-time-zone'];
  if (typeof zone !== 'string' || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) {
    return 'UTC';
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** The wall clock of `date` in `timeZone`, as numbers. */
function wallClock(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** SPEC §9's date: d/m/yyyy HH:MM, in the user's time zone. */
export function localDateTime(date: Date, timeZone: string): string {
  const w = wallClock(date, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.day}/${w.month}/${w.year} ${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * A date for a spreadsheet cell: spreadsheets hold no time zone and exceljs writes a Date's UTC
 * fields, so the cell gets a Date whose UTC fields are the user's wall clock.
 */
export function sheetDate(date: Date, timeZone: string): Date {
  const w = wallClock(date, timeZone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
}

/** SPEC §9's date format for spreadsheet cells. */
export const SHEET_DATE_TIME = 'd/m/yyyy hh:mm';
