import { PLATFORM_NAME, type Platform, type User } from '@integration/contracts';
import { api } from '../../api/client.ts';
import { session } from '../../session/session.ts';

export interface SignInAnswer {
  status: true;
  message: string;
  user: User;
  access_token: string;
  passwordset: boolean;
}

export const authApi = {
  login: (email: string, password: string) =>
    api<SignInAnswer>('POST', `/auth/login?locale=${session.locale()}`, {
      email,
      password,
      platform: PLATFORM_NAME,
    }),
  reset: (email: string) => api<{ message: string }>('POST', '/auth/reset', { email }),
  setPassword: (password: string, by: { token: string } | { currentPassword: string }) =>
    api<Partial<SignInAnswer> & { message: string }>('POST', '/auth/setpassword', {
      password,
      ...by,
    }),
  /** Ends the token on the server too: a copy of it (a stolen one) stops working. */
  logout: () => api<{ message: string }>('POST', '/auth/logout', {}),
  unlock: (token: string) => api<{ message: string }>('POST', '/auth/unlock', { token }),
  profile: () => api<{ user: User }>('GET', '/users/profile').then((r) => r.user),
  platforms: () =>
    api<{ platforms: Platform[] }>('GET', '/platforms/user').then((r) => r.platforms),
};
