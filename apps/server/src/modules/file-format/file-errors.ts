import type { MessageKey, MessageVars } from '../../i18n/translate.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * A problem with the files themselves: a 4xx with a catalogue key. The worker thread answers
 * the same shape (FileProblem) so that both sides fail alike.
 */
export interface FileProblem {
  status: number;
  key: MessageKey;
  vars: MessageVars;
  details?: unknown;
}

export const fileProblem = (
  status: number,
  key: MessageKey,
  vars: MessageVars = {},
  details?: unknown,
): AppError => toAppError({ status, key, vars, details });

export function toAppError(problem: FileProblem): AppError {
  const code =
    problem.status === 413
      ? 'PAYLOAD_TOO_LARGE'
      : problem.status === 404
        ? 'NOT_FOUND'
        : 'VALIDATION_ERROR';
  return new AppError(problem.status, code, problem.key, problem.vars, problem.details);
}
