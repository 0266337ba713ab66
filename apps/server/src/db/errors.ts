function hasCode(error: unknown, code: string | RegExp): boolean {
  // drizzle wraps the driver's error; the SQLSTATE is on it or on its cause.
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const found = (e as { code?: unknown }).code;
    if (typeof found === 'string' && (typeof code === 'string' ? found === code : code.test(found)))
      return true;
  }
  return false;
}

/** A value could not be read as its type (class 22: a text cast as a number, bad JSON...). */
export const isDataException = (error: unknown) => hasCode(error, /^22/);

/** A unique constraint refused the write (a name taken meanwhile). */
export const isUniqueViolation = (error: unknown) => hasCode(error, '23505');

/**
 * PostgreSQL broke a lock cycle by failing this transaction (two writers took the same rows in
 * another order, e.g. a batch delete and an edit): the write is safe to run again.
 */
export const isDeadlock = (error: unknown) => hasCode(error, '40P01');
