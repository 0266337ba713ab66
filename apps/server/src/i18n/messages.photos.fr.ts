import type { photosEn } from './messages.photos.en.ts';

/** Messages of the photos hardening (issue 25), in French. */
export const photosFr: Record<keyof typeof photosEn, string> = {};
