/** The server's own messages, in English. The French catalogue must have the same keys. */
export const en = {
  'auth.signedIn': 'Signed in successfully.',
  'auth.invalidCredentials': 'Incorrect email or password.',
  'auth.platformForbidden': 'Your account does not have access to the {platform} platform.',
  'auth.rateLimited': 'Too many sign-in attempts. Try again in {minutes} minute(s).',
  'auth.resetSent':
    'If an account exists for this email, a link to set a new password has been sent.',
  'auth.invalidResetToken': 'This link is invalid, already used or expired. Ask for a new one.',
  'auth.passwordSet': 'Your password has been set.',
  'auth.passwordTooShort': 'Password must be at least {min} characters long.',
  'auth.unauthorized': 'You are not signed in, or your session has expired. Please sign in again.',
  'auth.forbidden': 'You do not have permission to do this.',
  'auth.setPasswordNeedsAuth': 'Open the link from your email, or sign in, to set a password.',
  'users.notFound': 'User {id} was not found.',
  'users.emailTaken': 'A user with the email {email} already exists.',
  'users.invited': 'The user was created and an invitation was sent to {email}.',
  'validation.invalidJson': 'The request body is not valid JSON.',
  'validation.required': "'{field}' is required.",
  'validation.invalidType': "'{field}' must be a {expected}.",
  'validation.invalidEmail': "'{field}' must be a valid email address.",
  'validation.tooShort': "'{field}' must be at least {min} characters long.",
  'validation.tooLong': "'{field}' must be at most {max} characters long.",
  'validation.tooSmall': "'{field}' must be at least {min}.",
  'validation.tooBig': "'{field}' must be at most {max}.",
  'validation.invalidOption': "'{field}' must be one of: {options}.",
  'validation.unknownField': "'{field}' is not a known field.",
  'validation.invalid': "'{field}' is invalid.",
  'validation.unsupportedMediaType':
    'Send the request body as JSON (Content-Type: application/json).',
  'validation.payloadTooLarge': 'The request body is too large.',
  'http.notFound': 'There is no API route {method} {path}.',
  'http.internal': 'Something went wrong on the server. The error was logged.',
  'mail.reset.subject': 'Set a new password for Integration',
  'mail.reset.body':
    'Hello {name},\n\nSomeone (hopefully you) asked to set a new password for your Integration account.\nOpen this link within one hour to choose it:\n\n{link}\n\nIf you did not ask for this, ignore this message: your password stays as it is.\n',
  'mail.invite.subject': 'You are invited to Integration',
  'mail.invite.body':
    'Hello {name},\n\nAn account was created for you on Integration.\nOpen this link within one hour to set your password:\n\n{link}\n',
} as const;

export type MessageKey = keyof typeof en;
