import type { FastifyBaseLogger } from 'fastify';
import { PLATFORM_NAME, type Locale, type LoginBody, type User } from '@integration/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../i18n/translate.ts';
import type { Mailer } from '../mail/mailer.ts';
import { toPublicUser, usersRepository, type UserRecord } from '../users/users.repository.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { resetTokensRepository, type ResetPurpose } from './reset-tokens.repository.ts';

export interface SignedIn {
  user: User;
  access_token: string;
}

interface Deps {
  db: Database;
  config: Pick<Config, 'publicUrl'>;
  limiter: LoginLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
  signToken: (userId: number) => string;
}

export function createAuthService({ db, config, limiter, mailer, log, signToken }: Deps) {
  const signIn = (user: UserRecord): SignedIn => ({
    user: toPublicUser(user),
    access_token: signToken(user.id),
  });

  async function sendPasswordLink(user: UserRecord, purpose: ResetPurpose, locale: Locale) {
    const token = await resetTokensRepository.create(db, user.id, purpose);
    const link = `${config.publicUrl}/auth/setpassword?token=${encodeURIComponent(token)}`;
    const vars = { name: user.name, link };
    await mailer.send({
      to: user.email,
      subject: translate(locale, `mail.${purpose}.subject`),
      text: translate(locale, `mail.${purpose}.body`, vars),
    });
  }

  return {
    async login(body: LoginBody, ip: string): Promise<SignedIn> {
      await limiter.assertAllowed(ip, body.email);
      const user = await usersRepository.findByEmail(db, body.email);
      const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
      if (!user || !valid) {
        await limiter.recordFailure(body.email);
        throw new AppError(401, 'INVALID_CREDENTIALS', 'auth.invalidCredentials');
      }
      await limiter.recordSuccess(body.email);
      if (!user.platforms.some((p) => p.name === body.platform)) {
        throw new AppError(403, 'PLATFORM_FORBIDDEN', 'auth.platformForbidden', {
          platform: body.platform,
        });
      }
      return signIn(user);
    },

    /**
     * Answers at once and does the work afterwards, so neither the answer nor its timing
     * tells whether the email has an account.
     */
    requestReset(email: string, locale: Locale): void {
      void (async () => {
        const user = await usersRepository.findByEmail(db, email);
        if (user) await sendPasswordLink(user, 'reset', locale);
      })().catch((error: unknown) => log.error({ err: error }, 'password reset mail failed'));
    },

    sendInvitation: (user: UserRecord, locale: Locale) => sendPasswordLink(user, 'invite', locale),

    /** Sets the password of the token's user, or of the signed-in user; signs them in. */
    async setPassword(
      password: string,
      by: { resetToken: string } | { user: UserRecord },
    ): Promise<SignedIn | null> {
      // Hash before the transaction: argon2 is slow and PGlite has one connection.
      const hash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const id =
          'resetToken' in by ? await resetTokensRepository.consume(tx, by.resetToken) : by.user.id;
        if (id === undefined)
          throw new AppError(400, 'INVALID_RESET_TOKEN', 'auth.invalidResetToken');
        await usersRepository.setPassword(tx, id, hash);
        return id;
      });
      const user = await usersRepository.findById(db, userId);
      if (!user?.platforms.some((p) => p.name === PLATFORM_NAME)) return null;
      return signIn(user);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
