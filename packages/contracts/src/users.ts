import { z } from 'zod';

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

export const userIdParams = z.object({ id: z.coerce.number().int().positive() });
