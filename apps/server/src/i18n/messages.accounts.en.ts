/** Messages of the accounts hardening (issue 25), in English; spread into the catalogue. */
export const accountsEn = {} as const;
