import { describe, expect, it } from 'vitest';
import { activeSidebarEntry, pageTitle, ROUTES } from './route-table.ts';

describe('route table', () => {
  it('keeps the titles of SPEC §2', () => {
    expect(pageTitle('login')).toBe('Integration | Login');
    expect(pageTitle('co')).toBe('Integration | Manage Co');
    expect(pageTitle('generateQr')).toBe('Integration | generate QR');
    expect(ROUTES.generateQr.path).toBe('/qr/generateQR');
  });

  it('guards every route but login, selectplatform, setpassword, reset and unlock', () => {
    const open = Object.values(ROUTES)
      .filter((r) => r.guard === 'public')
      .map((r) => r.path);
    expect(open.sort()).toEqual([
      '/',
      '/auth/resetpassword',
      '/auth/selectplatform',
      '/auth/setpassword',
      '/auth/unlock',
    ]);
  });

  it.each([
    ['/', 'project'],
    ['/project', 'project'],
    ['/project/', 'project'],
    ['/reports', 'reports'],
    ['/project/map', null],
    ['/co', null],
  ])('marks %s active as %s', (path, entry) => {
    expect(activeSidebarEntry(path)).toBe(entry);
  });
});
