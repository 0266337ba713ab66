/** Messages of the reports hardening (issue 25), in English; spread into the catalogue. */
export const reportsEn = {} as const;
