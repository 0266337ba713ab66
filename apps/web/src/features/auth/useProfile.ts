import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '@integration/contracts';
import { session } from '../../session/session.ts';
import { authApi } from './auth.api.ts';

const profileKey = (token: string | null) => ['profile', token] as const;

/**
 * Stores a fresh sign-in and primes the profile with its user. Note: a token issued in the
 * same second for the same user is byte-identical to the previous one, so a cached profile
 * under it would be stale (e.g. still passwordset: false): drop every cached profile first.
 */
export function signInWith(queryClient: QueryClient, token: string, user: User): void {
  session.signIn(token, user);
  queryClient.removeQueries({ queryKey: ['profile'] });
  queryClient.setQueryData(profileKey(token), user);
}

/** The signed-in user, fetched with the stored token; stored as `user_data` when it arrives. */
export function useProfile() {
  const token = session.token();
  return useQuery({
    queryKey: profileKey(token),
    enabled: token !== null,
    retry: false,
    staleTime: 60_000,
    queryFn: async () => {
      const user = await authApi.profile();
      session.setUser(user);
      return user;
    },
  });
}
