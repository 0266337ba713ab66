import type { MessageKey } from './messages.en.ts';

export const fr: Record<MessageKey, string> = {
  'auth.signedIn': 'Connexion réussie.',
  'auth.invalidCredentials': 'Adresse e-mail ou mot de passe incorrect.',
  'auth.platformForbidden': "Votre compte n'a pas accès à la plateforme {platform}.",
  'auth.rateLimited': 'Trop de tentatives de connexion. Réessayez dans {minutes} minute(s).',
  'auth.resetSent':
    'Si un compte existe pour cette adresse, un lien pour définir un nouveau mot de passe a été envoyé.',
  'auth.invalidResetToken': 'Ce lien est invalide, déjà utilisé ou expiré. Demandez-en un nouveau.',
  'auth.passwordSet': 'Votre mot de passe a été défini.',
  'auth.passwordTooShort': 'Le mot de passe doit contenir au moins {min} caractères.',
  'auth.unauthorized':
    "Vous n'êtes pas connecté ou votre session a expiré. Veuillez vous reconnecter.",
  'auth.forbidden': "Vous n'avez pas l'autorisation de faire cela.",
  'auth.setPasswordNeedsAuth':
    'Ouvrez le lien reçu par e-mail, ou connectez-vous, pour définir un mot de passe.',
  'users.notFound': "L'utilisateur {id} est introuvable.",
  'users.emailTaken': "Un utilisateur avec l'adresse {email} existe déjà.",
  'users.invited': "L'utilisateur a été créé et une invitation a été envoyée à {email}.",
  'hierarchy.projectNotFound': 'Le projet {id} est introuvable.',
  'centralOffices.notFound': 'Le central {id} est introuvable.',
  'centralOffices.nameTaken': 'Un central nommé « {name} » existe déjà dans ce projet.',
  'centralOffices.created': 'Central « {name} » créé.',
  'centralOffices.updated': 'Utilisateurs du central mis à jour.',
  'centralOffices.userRemoved': 'Utilisateur retiré du central.',
  'centralOffices.userNotAssigned': "L'utilisateur {userId} n'est pas affecté à ce central.",
  'centralOffices.hasClusters':
    "Le central « {name} » contient encore {count} cluster(s) : {names}. Supprimez-les d'abord.",
  'centralOffices.deleted': 'Central « {name} » supprimé.',
  'clusters.notFound': 'Le cluster {id} est introuvable.',
  'clusters.nameTaken': 'Un cluster nommé « {name} » existe déjà dans ce central.',
  'clusters.created': 'Cluster « {name} » créé.',
  'clusters.updated': 'Cluster mis à jour.',
  'clusters.userRemoved': 'Utilisateur retiré du cluster.',
  'clusters.userNotAssigned': "L'utilisateur {userId} n'est pas affecté à ce cluster.",
  'clusters.hasElements':
    "Le cluster « {name} » contient encore {count} élément(s) ({detail}). Supprimez-les ou déplacez-les d'abord.",
  'clusters.deleted': 'Cluster « {name} » supprimé.',
  'users.unknownIds':
    "Ces utilisateurs n'existent pas ou n'ont pas accès à cette plateforme : {ids}.",
  'validation.invalidJson': "Le corps de la requête n'est pas un JSON valide.",
  'validation.required': '« {field} » est obligatoire.',
  'validation.invalidType': '« {field} » doit être de type {expected}.',
  'validation.invalidEmail': '« {field} » doit être une adresse e-mail valide.',
  'validation.tooShort': '« {field} » doit contenir au moins {min} caractères.',
  'validation.tooLong': '« {field} » doit contenir au plus {max} caractères.',
  'validation.tooSmall': '« {field} » doit être au moins {min}.',
  'validation.tooBig': '« {field} » doit être au plus {max}.',
  'validation.invalidOption': '« {field} » doit être l’une des valeurs : {options}.',
  'validation.unknownField': "« {field} » n'est pas un champ connu.",
  'validation.invalid': '« {field} » est invalide.',
  'validation.unsupportedMediaType':
    'Envoyez le corps de la requête en JSON (Content-Type: application/json).',
  'validation.payloadTooLarge': 'Le corps de la requête est trop volumineux.',
  'http.notFound': "Il n'existe pas de route d'API {method} {path}.",
  'http.internal': "Une erreur s'est produite sur le serveur. Elle a été journalisée.",
  'mail.reset.subject': 'Définir un nouveau mot de passe pour Integration',
  'mail.reset.body':
    "Bonjour {name},\n\nQuelqu'un (vous, espérons-le) a demandé à définir un nouveau mot de passe pour votre compte Integration.\nOuvrez ce lien dans l'heure pour le choisir :\n\n{link}\n\nSi vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.\n",
  'mail.invite.subject': 'Vous êtes invité sur Integration',
  'mail.invite.body':
    "Bonjour {name},\n\nUn compte a été créé pour vous sur Integration.\nOuvrez ce lien dans l'heure pour définir votre mot de passe :\n\n{link}\n",
};
