import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginBody,
  loginQuery,
  resetBody,
  setPasswordBody,
  unlockBody,
} from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { requestLocale } from '../../http/locale.ts';
import { translate } from '../../i18n/translate.ts';
import { bearerToken, requireUser, userFromToken } from './auth.hook.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(auth: AuthService, db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const open = { public: true } as const;

    api.post(
      '/auth/login',
      { config: open, schema: { tags: ['auth'], querystring: loginQuery, body: loginBody } },
      async (request) => {
        const signedIn = await auth.login(request.body, request.ip, requestLocale(request));
        // Top-level fields are what the spec's client reads; `data` is the envelope.
        return {
          status: true,
          message: translate(requestLocale(request), 'auth.signedIn'),
          ...signedIn,
          passwordset: signedIn.user.passwordset,
          data: { ...signedIn, passwordset: signedIn.user.passwordset },
        };
      },
    );

    api.post(
      '/auth/reset',
      { config: open, schema: { tags: ['auth'], body: resetBody } },
      async (request) => {
        const locale = requestLocale(request);
        auth.requestReset(request.body.email, request.ip, locale);
        return { status: true, data: null, message: translate(locale, 'auth.resetSent') };
      },
    );

    api.post(
      '/auth/setpassword',
      { config: open, schema: { tags: ['auth'], body: setPasswordBody } },
      async (request) => {
        const locale = requestLocale(request);
        const { password, token, currentPassword } = request.body;
        let signedIn;
        if (token) {
          signedIn = await auth.setPassword(password, { resetToken: token });
        } else {
          const user = await userFromToken(app, db, bearerToken(request));
          if (!user) throw new AppError(401, 'UNAUTHORIZED', 'auth.setPasswordNeedsAuth');
          signedIn = await auth.setPassword(password, { user, currentPassword, ip: request.ip });
        }
        const message = translate(locale, 'auth.passwordSet');
        return {
          status: true,
          message,
          ...(signedIn ?? {}),
          passwordset: true,
          data: signedIn ? { ...signedIn, passwordset: true } : null,
        };
      },
    );

    // Signs this token out for good: the server refuses it from now on, sockets included.
    api.post('/auth/logout', { schema: { tags: ['auth'] } }, async (request) => {
      requireUser(request);
      if (request.tokenClaims) await auth.logout(request.tokenClaims);
      return {
        status: true,
        data: null,
        message: translate(requestLocale(request), 'auth.signedOut'),
      };
    });

    api.post(
      '/auth/unlock',
      { config: open, schema: { tags: ['auth'], body: unlockBody } },
      async (request) => {
        if (!(await auth.unlock(request.body.token))) {
          throw new AppError(400, 'INVALID_RESET_TOKEN', 'auth.invalidUnlockLink');
        }
        return {
          status: true,
          data: null,
          message: translate(requestLocale(request), 'auth.unlocked'),
        };
      },
    );
  };
}
