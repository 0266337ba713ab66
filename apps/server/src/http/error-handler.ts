import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiFailure, ErrorCode } from '@integration/contracts';
import { translate, type MessageKey } from '../i18n/translate.ts';
import { AppError } from './app-error.ts';
import { requestLocale } from './locale.ts';
import { describeValidation } from './validation-message.ts';

/** Fastify's own request errors that we answer in the user's language. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: ErrorCode; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_ERROR',
    key: 'validation.invalidJson',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_ERROR',
    key: 'validation.invalidJson',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'VALIDATION_ERROR',
    key: 'validation.unsupportedMediaType',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    key: 'validation.payloadTooLarge',
  },
};

const CLIENT_ERROR_CODES: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/** Every failure leaves as the envelope of DESIGN §6, never as a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = requestLocale(request);
    const send = (statusCode: number, code: ErrorCode, message: string, details?: unknown) => {
      const body: ApiFailure = { status: false, statusCode, error: code, message };
      if (details !== undefined) body.details = details;
      return reply.code(statusCode).send(body);
    };

    if (error instanceof AppError) {
      const localized = error.localize?.(locale);
      const vars = localized ? { ...error.vars, ...localized.vars } : error.vars;
      const message = translate(locale, error.messageKey, vars);
      // A refusal that passes with time says when: clients and proxies read Retry-After.
      if (error.statusCode === 429 && typeof vars.seconds === 'number') {
        void reply.header('retry-after', String(vars.seconds));
      }
      return send(
        error.statusCode,
        error.code,
        message,
        localized ? localized.details : error.details,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      const input = (request as unknown as Record<string, unknown>)[context];
      const problems = describeValidation(locale, error.validation, input, context);
      return send(400, 'VALIDATION_ERROR', problems.map((p) => p.message).join(' '), problems);
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return send(known.status, known.code, translate(locale, known.key));
    if (error instanceof SyntaxError) {
      return send(400, 'VALIDATION_ERROR', translate(locale, 'validation.invalidJson'));
    }
    // Any other refusal of the framework or a plugin (a bad Range header, a path that leaves the
    // static root…) is the client's: keep its status rather than calling it our failure.
    const status = error.statusCode ?? 0;
    if (status >= 400 && status <= 499) {
      const reason = STATUS_CODES[status] ?? 'Client Error';
      const code = CLIENT_ERROR_CODES[status] ?? 'VALIDATION_ERROR';
      return send(status, code, translate(locale, 'http.clientError', { status, reason }));
    }

    request.log.error({ err: error }, 'unhandled error');
    return send(500, 'INTERNAL_ERROR', translate(locale, 'http.internal'));
  });
}
