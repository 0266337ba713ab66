import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { Locale } from '@integration/contracts';
import { isMessageKey, translate } from '../i18n/translate.ts';

/** What fastify-type-provider-zod keeps of a zod issue in `params`. */
interface IssueParams {
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  values?: unknown[];
  keys?: string[];
}

export interface FieldProblem {
  field: string;
  message: string;
}

function valueAt(root: unknown, path: string[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A zod issue as nested inside a union's or a record key's issue. */
interface InnerIssue {
  code: string;
  path?: (string | number)[];
  message?: string;
  errors?: InnerIssue[][];
  issues?: InnerIssue[];
}

/**
 * The issue that says what is wrong, where zod wraps it: the union branch that fits the input
 * (not the one refused only for its type, an array where an object came), or a record key's own
 * issue (a key is named by its record: it may be the very text that cannot be shown).
 */
function unwrap(error: FastifySchemaValidationError): FastifySchemaValidationError {
  const wrapper = error.params as unknown as InnerIssue;
  const inner =
    error.keyword === 'invalid_union'
      ? wrapper.errors?.find((b) => !(b.length === 1 && b[0]?.code === 'invalid_type'))?.[0]
      : error.keyword === 'invalid_key'
        ? wrapper.issues?.[0]
        : undefined;
  if (!inner) return error;
  const { code, path = [], message = '', ...params } = inner;
  const keyPath = error.keyword === 'invalid_key' ? [] : path;
  return unwrap({
    ...error,
    keyword: code,
    instancePath: [error.instancePath, ...keyPath].join('/'),
    message,
    params,
  });
}

/** Turns the zod issues of a rejected request into one localised line per field. */
export function describeValidation(
  locale: Locale,
  errors: FastifySchemaValidationError[],
  input: unknown,
  context: string,
): FieldProblem[] {
  return errors.map(unwrap).map((error) => {
    const issue = error.params as IssueParams;
    const path = error.instancePath.split('/').filter(Boolean);
    const field = path.length ? path.join('.') : context;
    const t = (key: Parameters<typeof translate>[1], vars: Record<string, string | number> = {}) =>
      translate(locale, key, { field, ...vars });
    let message: string;
    switch (error.keyword) {
      case 'invalid_type':
        message =
          valueAt(input, path) === undefined
            ? t('validation.required')
            : t('validation.invalidType', { expected: issue.expected ?? 'value' });
        break;
      case 'too_small':
        if (field === 'password' && issue.origin === 'string') {
          message = translate(locale, 'auth.passwordTooShort', { min: Number(issue.minimum) });
        } else if (issue.origin === 'string' && Number(issue.minimum) === 1) {
          message = t('validation.required');
        } else {
          message = t(issue.origin === 'string' ? 'validation.tooShort' : 'validation.tooSmall', {
            min: Number(issue.minimum),
          });
        }
        break;
      case 'too_big':
        message = t(issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig', {
          max: Number(issue.maximum),
        });
        break;
      case 'invalid_format':
        message = issue.format === 'email' ? t('validation.invalidEmail') : t('validation.invalid');
        break;
      case 'invalid_value':
        message = t('validation.invalidOption', { options: (issue.values ?? []).join(', ') });
        break;
      case 'unrecognized_keys':
        message = translate(locale, 'validation.unknownField', {
          field: (issue.keys ?? []).join(', '),
        });
        break;
      case 'custom':
        {
          // A refinement names its reason; the catalogue says it (validation.<reason>).
          const reason = (issue as { params?: { reason?: string } }).params?.reason;
          const key = `validation.${reason ?? ''}`;
          if (reason && isMessageKey(key)) {
            message = t(key);
            break;
          }
        }
        // A refinement's own reason (in English: schemas are shared with the web app).
        message =
          error.message && error.message !== 'Invalid input'
            ? t('validation.invalidBecause', { reason: error.message })
            : t('validation.invalid');
        break;
      default:
        message = t('validation.invalid');
    }
    return { field, message };
  });
}
