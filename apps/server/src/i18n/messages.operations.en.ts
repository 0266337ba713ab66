/** Messages of the operating endpoints (readiness, metrics: issue 28), in English. */
export const operationsEn = {
  'health.notReady': 'This server is not ready: {down}.',
  'health.down.database': 'the database does not answer',
  'health.down.redis': 'Redis does not answer',
  'health.down.migrating': 'migrations are running',
  'health.down.migrations': 'migrations are not applied',
};
