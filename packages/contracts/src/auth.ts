import { z } from 'zod';
import { text } from './primitives.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';

const email = z.email().max(254);

// An unknown locale falls back to English rather than failing the sign-in.
export const loginQuery = z.object({ locale: z.string().max(10).optional() });
export const loginBody = z.object({
  email,
  password: z.string().min(1).max(1024),
  platform: text().trim().min(1).max(100),
});
export type LoginBody = z.infer<typeof loginBody>;

export const resetBody = z.object({ email });
export type ResetBody = z.infer<typeof resetBody>;

export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(1024);

/** Authorised either by `token` (from a reset or invitation mail) or by the bearer token. */
export const setPasswordBody = z.object({
  password: passwordSchema,
  token: text().min(10).max(200).optional(),
  /** Required with the bearer token when the user has a password (a temporary one too). */
  currentPassword: z.string().min(1).max(1024).optional(),
});
export type SetPasswordBody = z.infer<typeof setPasswordBody>;

/** The token of the unlock link mailed after repeated failed sign-ins. */
export const unlockBody = z.object({ token: text().min(10).max(2000) });
export type UnlockBody = z.infer<typeof unlockBody>;
