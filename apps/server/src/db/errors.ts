function hasCode(error: unknown, code: string): boolean {
  // drizzle wraps the driver's error; the SQLSTATE is on it or on its cause.
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** A unique constraint refused the write (a name taken meanwhile). */
export const isUniqueViolation = (error: unknown) => hasCode(error, '23505');

/**
 * PostgreSQL broke a lock cycle by failing this transaction (two writers took the same rows in
 * another order, e.g. a batch delete and an edit): the write is safe to run again.
 */
export const isDeadlock = (error: unknown) => hasCode(error, '40P01');
