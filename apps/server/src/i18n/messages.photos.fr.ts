import type { photosEn } from './messages.photos.en.ts';

/** Messages of the photos hardening (issue 25), in French. */
export const photosFr: Record<keyof typeof photosEn, string> = {
  'photos.userQuota':
    'Vos photos du projet {project} occupent déjà {used} Mo des {max} Mo que chacun peut y garder : supprimez-en ou demandez à un administrateur.',
  'photos.projectQuota':
    'Les photos du projet {project} occupent déjà {used} Mo des {max} Mo qu’un projet peut garder : supprimez-en ou demandez à un administrateur.',
  'photos.scanBeforeTag':
    'La date du scan {date} précède la création de l’étiquette {code} ({created}) : vérifiez la date du téléphone.',
  'photos.scanInFuture':
    'La date du scan {date} est dans le futur : vérifiez la date du téléphone.',
  'photos.deleted': 'Photo supprimée.',
} as const;
