import type { ErrorCode } from '@integration/contracts';
import type { Locale } from '@integration/contracts';
import type { MessageKey, MessageVars } from '../i18n/translate.ts';

/**
 * An expected failure with its HTTP status and a catalogue key; the error handler
 * localises it into the envelope of DESIGN §6.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly vars: MessageVars = {},
    readonly details?: unknown,
    /** For errors about several things at once: vars and details in the caller's language. */
    readonly localize?: (locale: Locale) => { vars: MessageVars; details: unknown },
  ) {
    super(messageKey);
  }
}

export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'auth.unauthorized');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'auth.forbidden');
