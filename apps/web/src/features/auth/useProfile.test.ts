import { beforeEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { User } from '@integration/contracts';
import { signInWith } from './useProfile.ts';

const user = (passwordset: boolean): User => ({
  id: 7,
  name: 'Amina',
  email: 'amina@example.com',
  mobile: null,
  role: 'planner',
  passwordset,
  platforms: [{ name: 'integration', url: 'http://localhost:3000' }],
});

describe('signInWith', () => {
  beforeEach(() => localStorage.clear());

  it('replaces a stale cached profile even when the new token equals the old one', () => {
    // Two tokens for one user issued in the same second are identical strings.
    const client = new QueryClient();
    client.setQueryData(['profile', 'same-token'], user(false));
    signInWith(client, 'same-token', user(true));
    expect(client.getQueryData<User>(['profile', 'same-token'])?.passwordset).toBe(true);
    expect(localStorage.getItem('token')).toBe('same-token');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').passwordset).toBe(true);
  });
});
