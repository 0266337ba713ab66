import type { realtimeEn } from './messages.realtime.en.ts';

/** Messages of the realtime hardening (issue 25), in French. */
export const realtimeFr: Record<keyof typeof realtimeEn, string> = {
  'realtime.liveLocationsNotForRole':
    'Les positions en direct des équipes ne sont montrées qu’aux techniciens terrain, aux planificateurs et aux administrateurs.',
};
