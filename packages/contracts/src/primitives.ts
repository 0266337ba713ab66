import { z } from 'zod';

/**
 * The building blocks every request schema uses, so that a class of bad input is refused in one
 * place: text PostgreSQL cannot store, and ids that are only loosely numbers.
 */

/** NUL and lone UTF-16 surrogates: valid in JSON, refused by PostgreSQL (a 500 before). */
const UNSTORABLE = /[\0\p{Cs}]/u;
export const isStorableText = (value: string) => !UNSTORABLE.test(value);

/** The refinement's mark, which the server turns into its own localised message. */
export const UNSTORABLE_TEXT = 'unstorableText';

/** A string of a request: what a client may send and PostgreSQL can keep. */
export const text = () =>
  z.string().refine(isStorableText, {
    message: 'holds a NUL character or a lone surrogate',
    params: { reason: UNSTORABLE_TEXT },
  });

export const MAX_ID = 2_147_483_647;

/** An id in a JSON body: a JSON integer, never "1", " 1 ", "0x1" or true. */
export const bodyId = z.number().int().positive().max(MAX_ID);

/**
 * An id in a path or a query string, where everything is text: plain decimal digits only, within
 * PostgreSQL's integer, so `/users/2147483648`, `/users/1e3` or `/users/0x1` are refused as ids.
 */
export const paramId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(bodyId);
