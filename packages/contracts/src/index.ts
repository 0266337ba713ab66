export * from './auth.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './locales.ts';
export * from './storage-keys.ts';
export * from './users.ts';
