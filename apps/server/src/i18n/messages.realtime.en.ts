/** Messages of the realtime hardening (issue 25), in English; spread into the catalogue. */
export const realtimeEn = {
  'realtime.liveLocationsNotForRole':
    'Live locations of the crews are shown to field users, planners and administrators only.',
} as const;
