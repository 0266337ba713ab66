/**
 * Ids as a PostgreSQL array literal, for `= ANY(…::int[])`: one parameter however many ids, and
 * (unlike `IN (…)`) an empty list is no syntax error.
 */
export const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;
