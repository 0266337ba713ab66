import { z } from 'zod';
import { paramId, text } from './primitives.ts';

export const ROLES = ['admin', 'planner', 'field', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

export const platformSchema = z.object({ name: z.string(), url: z.string() });
export type Platform = z.infer<typeof platformSchema>;

/** A user as every API answer shows it: never a hash, never a token. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  role: roleSchema,
  passwordset: z.boolean(),
  platforms: z.array(platformSchema),
});
export type User = z.infer<typeof userSchema>;

export const userIdParams = z.object({ id: paramId });

/** An admin invites a user: a mail lets them set their password (SPEC §4, issue "Organisation"). */
export const createUserBody = z.object({
  email: z.email().max(254),
  name: text().trim().min(1).max(200),
  role: roleSchema,
  mobile: text().trim().max(50).optional(),
  platforms: z.array(text().min(1).max(100)).max(20).optional(),
  /** A temporary password; the user must choose their own after signing in with it. */
  password: z.string().min(8).max(1024).optional(),
});
export type CreateUserBody = z.infer<typeof createUserBody>;
