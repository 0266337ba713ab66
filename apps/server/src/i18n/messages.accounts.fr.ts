import type { accountsEn } from './messages.accounts.en.ts';

/** Messages of the accounts hardening (issue 25), in French. */
export const accountsFr: Record<keyof typeof accountsEn, string> = {};
