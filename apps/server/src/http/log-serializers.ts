import type { FastifyServerOptions } from 'fastify';

/** Longest text one logged field may hold: a 10,000-item batch must not write megabytes. */
export const MAX_LOGGED_CHARS = 2_000;
const MAX_CAUSES = 3;

const cut = (text: string, max = MAX_LOGGED_CHARS) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;

/**
 * A database error's message carries the statement's parameters (Drizzle writes
 * "Failed query: … params: …"): element names, attribute values, password hashes. Keep the
 * statement, never its parameters.
 */
const withoutParams = (message: string) =>
  message.replace(/\nparams: [\s\S]*$/, '\nparams: [not logged]');

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  statusCode?: unknown;
  cause?: LoggedError;
}

/** An error as the log shows it: bounded, without parameters or values, causes included. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: cut(String(error)), stack: '' };
  }
  const message = cut(withoutParams(error.message));
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  const logged: LoggedError = {
    type: error.name,
    message,
    stack: cut(
      [`${error.name}: ${message}`, ...frames.slice(0, 20)].join('\n'),
      4 * MAX_LOGGED_CHARS,
    ),
  };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code !== undefined) logged.code = code;
  if (statusCode !== undefined) logged.statusCode = statusCode;
  if (error.cause !== undefined && depth < MAX_CAUSES)
    logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** The server's logger: the level asked for, errors bounded, secrets redacted. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: { err: serializeError, error: serializeError },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.currentPassword'],
      censor: '[redacted]',
    },
  };
}
