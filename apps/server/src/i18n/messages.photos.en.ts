/** Messages of the photos hardening (issue 25), in English; spread into the catalogue. */
export const photosEn = {} as const;
