import type { operationsEn } from './messages.operations.en.ts';

/** Messages des points d'exploitation (disponibilité, métriques : issue 28), en français. */
export const operationsFr: Record<keyof typeof operationsEn, string> = {
  'health.notReady': "Ce serveur n'est pas prêt : {down}.",
  'health.down.database': 'la base de données ne répond pas',
  'health.down.redis': 'Redis ne répond pas',
  'health.down.migrating': 'les migrations sont en cours',
  'health.down.migrations': 'les migrations ne sont pas appliquées',
};
