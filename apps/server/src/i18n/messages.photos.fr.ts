import type { photosEn } from './messages.photos.en.ts';

/** Messages of the photos hardening (issue 25), in French. */
export const photosFr: Record<keyof typeof photosEn, string> = {
  'photos.userQuota':
    'Cette photo ({size} Mo) porterait vos photos du projet {project} au-delà des {max} Mo que chacun peut y garder ({used} Mo utilisés) : supprimez-en ou demandez à un administrateur.',
  'photos.projectQuota':
    'Cette photo ({size} Mo) porterait les photos du projet {project} au-delà des {max} Mo qu’un projet peut garder ({used} Mo utilisés) : supprimez-en ou demandez à un administrateur.',
  'photos.scanBeforeTag':
    'La date du scan {date} précède la création de l’étiquette {code} ({created}) : vérifiez la date du téléphone.',
  'photos.scanInFuture':
    'La date du scan {date} est dans le futur : vérifiez la date du téléphone.',
  'photos.deleted': 'Photo supprimée.',
} as const;
