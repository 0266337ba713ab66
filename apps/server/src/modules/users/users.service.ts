import { PLATFORM_NAME, type CreateUserBody, type Locale, type User } from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { assertStrongPassword } from '../auth/password-strength.ts';
import { hashPassword } from '../auth/passwords.ts';
import { toPublicUser, usersRepository } from './users.repository.ts';

export function createUsersService(db: Database, auth: AuthService) {
  return {
    /**
     * Creates a user with `passwordset: false` and mails them a link to set their password.
     * With a temporary password they may also sign in once and are then asked for their own.
     */
    async invite(body: CreateUserBody, locale: Locale): Promise<User> {
      // A temporary password too: it is a way in until the user sets their own.
      if (body.password) await assertStrongPassword(body.password, body);
      const hash = body.password ? await hashPassword(body.password) : null;
      const id = await db.transaction(async (tx) => {
        if (await usersRepository.findByEmail(tx, body.email)) {
          throw new AppError(409, 'CONFLICT', 'users.emailTaken', { email: body.email });
        }
        const newId = await usersRepository.upsert(tx, {
          email: body.email,
          name: body.name,
          role: body.role,
          mobile: body.mobile ?? null,
          passwordHash: hash,
          passwordSet: false,
        });
        await usersRepository.addPlatforms(tx, newId, body.platforms ?? [PLATFORM_NAME]);
        return newId;
      });
      const user = await usersRepository.findById(db, id);
      if (!user) throw new Error(`user ${id} vanished after creation`);
      await auth.sendInvitation(user, locale);
      return toPublicUser(user);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
