import type { FastifyBaseLogger } from 'fastify';
import { PLATFORM_NAME, type Locale, type LoginBody, type User } from '@integration/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../i18n/translate.ts';
import type { Mailer } from '../mail/mailer.ts';
import { toPublicUser, usersRepository, type UserRecord } from '../users/users.repository.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { resetTokensRepository, type ResetPurpose } from './reset-tokens.repository.ts';
import { revokedTokensRepository, type Revocations, type TokenClaims } from './tokens.ts';

export interface SignedIn {
  user: User;
  access_token: string;
}

interface Deps {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'loginMaxPerEmail'>;
  limiter: LoginLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
  signToken: (user: UserRecord) => string;
  /** A link token that unlocks sign-in for one email, and its reading (null when not valid). */
  unlockTokens: { sign(email: string): string; read(token: string): string | null };
  revocations: Revocations;
}

export function createAuthService(deps: Deps) {
  const { db, config, limiter, mailer, log, signToken, unlockTokens, revocations } = deps;
  const signIn = (user: UserRecord): SignedIn => ({
    user: toPublicUser(user),
    access_token: signToken(user),
  });

  async function sendPasswordLink(user: UserRecord, purpose: ResetPurpose, locale: Locale) {
    const token = await resetTokensRepository.create(db, user.id, purpose);
    const link = `${config.publicUrl}/auth/setpassword?token=${encodeURIComponent(token)}`;
    const vars = { name: user.name, link };
    await mailer.send({
      to: user.email,
      subject: translate(locale, `mail.${purpose}.subject`),
      text: translate(locale, `mail.${purpose}.body`, vars, { whole: true }),
    });
  }

  /**
   * Work done after the answer (mails), so that neither the answer nor its timing tells whether
   * an account exists. Kept track of: the server waits for it before it stops.
   */
  const pending = new Set<Promise<void>>();
  function inBackground(what: string, work: () => Promise<void>) {
    const done: Promise<void> = work()
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
      .finally(() => pending.delete(done));
    pending.add(done);
  }

  function sendUnlockLink(user: UserRecord, locale: Locale) {
    const link = `${config.publicUrl}/auth/unlock?token=${encodeURIComponent(unlockTokens.sign(user.email))}`;
    inBackground('unlock mail', () =>
      mailer.send({
        to: user.email,
        subject: translate(locale, 'mail.unlock.subject'),
        text: translate(locale, 'mail.unlock.body', { name: user.name, link }, { whole: true }),
      }),
    );
  }

  /**
   * A stolen token must not be enough to take the account over: changing a password with one
   * needs the current password (counted as a sign-in attempt, so it cannot be guessed faster).
   */
  async function assertCurrentPassword(user: UserRecord, current: string | undefined, ip: string) {
    if (user.passwordHash === null) return;
    if (!current) {
      throw new AppError(400, 'VALIDATION_ERROR', 'validation.required', {
        field: 'currentPassword',
      });
    }
    await limiter.assertAllowed(ip, user.email);
    if (!(await verifyPassword(user.passwordHash, current))) {
      await limiter.recordFailure(user.email);
      throw new AppError(400, 'VALIDATION_ERROR', 'auth.currentPasswordWrong');
    }
  }

  return {
    async login(body: LoginBody, ip: string, locale: Locale): Promise<SignedIn> {
      await limiter.assertAllowed(ip, body.email);
      const user = await usersRepository.findByEmail(db, body.email);
      const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
      if (!user || !valid) {
        const failures = await limiter.recordFailure(body.email);
        // The owner gets a way back in, once per run of failures; an unknown email gets nothing.
        if (user && failures === config.loginMaxPerEmail) sendUnlockLink(user, locale);
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
    requestReset(email: string, ip: string, locale: Locale): void {
      inBackground('password reset mail', async () => {
        // Over the limit, the answer stays the same and nothing is sent.
        if (!(await limiter.allowReset(ip, email))) return;
        const user = await usersRepository.findByEmail(db, email);
        if (user) await sendPasswordLink(user, 'reset', locale);
      });
    },

    /** Resolves once the mails still being sent in the background have gone. */
    settle: async () => {
      await Promise.all([...pending]);
    },

    /** Clears the failed sign-ins of the link's email; false when the link is not valid. */
    async unlock(token: string): Promise<boolean> {
      const email = unlockTokens.read(token);
      if (!email) return false;
      await limiter.unlock(email);
      return true;
    },

    /** Signs one token out, and closes the connections opened with it. */
    async logout(claims: TokenClaims): Promise<void> {
      if (!claims.jti) return;
      await revokedTokensRepository.revoke(db, claims.jti, claims.exp);
      revocations.emit('revoked', { jti: claims.jti });
    },

    sendInvitation: (user: UserRecord, locale: Locale) => sendPasswordLink(user, 'invite', locale),

    /** Sets the password of the token's user, or of the signed-in user; signs them in. */
    async setPassword(
      password: string,
      by: { resetToken: string } | { user: UserRecord; currentPassword?: string; ip: string },
    ): Promise<SignedIn | null> {
      if ('user' in by) await assertCurrentPassword(by.user, by.currentPassword, by.ip);
      // The owner first (a link that is not valid is told so before anything else), then the
      // password judged against their email and name.
      const tokenUser =
        'resetToken' in by && (await resetTokensRepository.userOf(db, by.resetToken));
      const owner =
        'user' in by ? by.user : tokenUser && (await usersRepository.findById(db, tokenUser));
      if (!owner) throw new AppError(400, 'INVALID_RESET_TOKEN', 'auth.invalidResetToken');
      await assertStrongPassword(password, owner);
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
      // The change bumped the version by one: sockets opened with the one before are closed.
      if (user) revocations.emit('revoked', { userId, beforeVersion: user.tokenVersion - 1 });
      if (!user?.platforms.some((p) => p.name === PLATFORM_NAME)) return null;
      return signIn(user);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
