import type { reportsEn } from './messages.reports.en.ts';

/** Messages of the reports hardening (issue 25), in French. */
export const reportsFr: Record<keyof typeof reportsEn, string> = {};
