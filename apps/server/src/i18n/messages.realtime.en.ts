/** Messages of the realtime hardening (issue 25), in English; spread into the catalogue. */
export const realtimeEn = {} as const;
