import { useQuery } from '@tanstack/react-query';
import { session } from '../../session/session.ts';
import { authApi } from './auth.api.ts';

/** The signed-in user, fetched with the stored token; stored as `user_data` when it arrives. */
export function useProfile() {
  const token = session.token();
  return useQuery({
    queryKey: ['profile', token],
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
