import type { Role } from '@integration/contracts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import { usersRepository } from '../../modules/users/users.repository.ts';
import type { Queryable } from '../database.ts';

export interface SeedUser {
  email: string;
  name: string;
  role: Role;
  password: string;
  mobile?: string;
  platforms: string[];
}

/**
 * Creates the user if their email is new. An existing user is left alone, so a password
 * changed in the app survives a restart. `created` says which: what is seeded around a user
 * (their assignments) is seeded with them only, so an admin's later change survives too.
 */
export async function ensureUser(
  db: Queryable,
  user: SeedUser,
): Promise<{ id: number; created: boolean }> {
  const existing = await usersRepository.findByEmail(db, user.email);
  if (existing) return { id: existing.id, created: false };
  const id = await usersRepository.upsert(db, {
    email: user.email,
    name: user.name,
    role: user.role,
    mobile: user.mobile ?? null,
    passwordHash: await hashPassword(user.password),
    passwordSet: true,
  });
  await usersRepository.addPlatforms(db, id, user.platforms);
  return { id, created: true };
}
