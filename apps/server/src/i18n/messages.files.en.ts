/** Messages of the files hardening (issue 25), in English; spread into the catalogue. */
export const filesEn = {} as const;
