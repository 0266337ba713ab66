import type { filesEn } from './messages.files.en.ts';

/** Messages of the files hardening (issue 25), in French. */
export const filesFr: Record<keyof typeof filesEn, string> = {};
