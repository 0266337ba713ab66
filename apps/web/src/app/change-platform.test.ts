import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyChangePlatform } from './change-platform.ts';

const fakeLocation = (search: string) => ({ search, replace: vi.fn() }) as unknown as Location;

describe('changeplatform', () => {
  beforeEach(() => localStorage.clear());

  it('replaces the stored token and reloads to /project', () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('user', '{"id":1}');
    const location = fakeLocation('?changeplatform=new-token');
    expect(applyChangePlatform(location)).toBe(true);
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(localStorage.getItem('user')).toBeNull();
    expect(location.replace).toHaveBeenCalledWith('/project');
  });

  it('does nothing without the parameter', () => {
    localStorage.setItem('token', 'kept');
    const location = fakeLocation('?other=1');
    expect(applyChangePlatform(location)).toBe(false);
    expect(localStorage.getItem('token')).toBe('kept');
    expect(location.replace).not.toHaveBeenCalled();
  });
});
