/** Messages of the accounts hardening (issue 25), in English; spread into the catalogue. */
export const accountsEn = {
  'accounts.passwordBlank': 'A password cannot be only spaces.',
  'accounts.passwordRepeated':
    "A password cannot be one character or a few repeated (like 'aaaaaaaa' or 'abababab').",
  'accounts.passwordSequence':
    "A password cannot be a simple sequence (like '12345678', 'abcdefgh' or 'qwertyui').",
  'accounts.passwordPersonal': 'A password cannot contain your email address or your name.',
  'accounts.passwordCommon':
    'This password is one of the most common ones (or close to one): choose another.',
  'accounts.passwordGuessable':
    'This password is too easy to guess: make it longer, for example with a few unrelated words.',
  'accounts.weakAdminPassword': 'ADMIN_PASSWORD is weak ({reason}): sign in and change it at once.',
  'accounts.attributeNumberBound':
    "'{name}' must be a number between -{max} and {max} (those excluded).",
  'accounts.reservedAttributeName':
    "'{name}' is a reserved word: choose another name for the attribute.",
} as const;
