import { STORAGE_KEYS, toLocale, type Locale, type User } from '@integration/contracts';

/** The signed-in session, kept under the local storage keys of SPEC §3. */
export const session = {
  token: () => localStorage.getItem(STORAGE_KEYS.token),

  user(): User | null {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as User;
    } catch {
      return null;
    }
  },

  signIn(token: string, user: User): void {
    localStorage.setItem(STORAGE_KEYS.token, token);
    session.setUser(user);
  },

  setToken(token: string): void {
    localStorage.setItem(STORAGE_KEYS.token, token);
  },

  /** `user` is the sign-in answer, `user_data` the profile; both hold the same user here. */
  setUser(user: User): void {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
  },

  signOut(): void {
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.userData]) {
      localStorage.removeItem(key);
    }
  },

  locale: (): Locale => toLocale(localStorage.getItem(STORAGE_KEYS.locale)),
  setLocale: (locale: Locale) => localStorage.setItem(STORAGE_KEYS.locale, locale),
};
