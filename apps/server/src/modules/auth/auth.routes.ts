import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBody, loginQuery, resetBody, setPasswordBody } from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { requestLocale } from '../../http/locale.ts';
import { translate } from '../../i18n/translate.ts';
import { bearerToken, userFromToken } from './auth.hook.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(auth: AuthService, db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const open = { public: true } as const;

    api.post(
      '/auth/login',
      { config: open, schema: { tags: ['auth'], querystring: loginQuery, body: loginBody } },
      async (request) => {
        const signedIn = await auth.login(request.body, request.ip);
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
        auth.requestReset(request.body.email, locale);
        return { status: true, data: null, message: translate(locale, 'auth.resetSent') };
      },
    );

    api.post(
      '/auth/setpassword',
      { config: open, schema: { tags: ['auth'], body: setPasswordBody } },
      async (request) => {
        const locale = requestLocale(request);
        const { password, token } = request.body;
        let signedIn;
        if (token) {
          signedIn = await auth.setPassword(password, { resetToken: token });
        } else {
          const user = await userFromToken(app, db, bearerToken(request));
          if (!user) throw new AppError(401, 'UNAUTHORIZED', 'auth.setPasswordNeedsAuth');
          signedIn = await auth.setPassword(password, { user });
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
  };
}
