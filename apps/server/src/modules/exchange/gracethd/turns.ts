import { setImmediate } from 'node:timers/promises';

/**
 * A long loop's way of letting others be served: every `rows` calls it waits one turn of the
 * event loop (a 2,000-home delivery is some 200,000 rows built, checked and written in the
 * server's own thread).
 */
export function turns(rows = 5_000) {
  let count = 0;
  return async () => {
    if (++count % rows === 0) await setImmediate();
  };
}
