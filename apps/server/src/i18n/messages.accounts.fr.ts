import type { accountsEn } from './messages.accounts.en.ts';

/** Messages of the accounts hardening (issue 25), in French. */
export const accountsFr: Record<keyof typeof accountsEn, string> = {
  'accounts.passwordBlank': "Un mot de passe ne peut pas être fait que d'espaces.",
  'accounts.passwordRepeated':
    'Un mot de passe ne peut pas être un caractère ou quelques-uns répétés (comme « aaaaaaaa » ou « abababab »).',
  'accounts.passwordSequence':
    'Un mot de passe ne peut pas être une simple suite (comme « 12345678 », « abcdefgh » ou « azertyui »).',
  'accounts.passwordPersonal':
    'Un mot de passe ne peut pas contenir votre adresse e-mail ni votre nom.',
  'accounts.passwordCommon':
    "Ce mot de passe est l'un des plus courants (ou presque) : choisissez-en un autre.",
  'accounts.passwordGuessable':
    'Ce mot de passe est trop facile à deviner : allongez-le, par exemple avec quelques mots sans rapport entre eux.',
  'accounts.weakAdminPassword':
    'ADMIN_PASSWORD est faible ({reason}) : connectez-vous et changez-le tout de suite.',
  'accounts.attributeNumberBound':
    '« {name} » doit être un nombre compris entre -{max} et {max} (exclus).',
  'accounts.reservedAttributeName':
    "« {name} » est un mot réservé : choisissez un autre nom pour l'attribut.",
} as const;
