import type { Locale } from '@integration/contracts';
import { en, type MessageKey } from './messages.en.ts';
import { fr } from './messages.fr.ts';

export type { MessageKey };
export type MessageVars = Record<string, string | number>;

const catalogues: Record<Locale, Record<MessageKey, string>> = { en, fr };

/** The longest a value named in a message may be: a name read from a file can be megabytes. */
export const MESSAGE_VAR_MAX = 200;

/** A value cut to MESSAGE_VAR_MAX characters, marking the cut. */
export function messageValue(value: string | number): string {
  const text = String(value);
  return text.length > MESSAGE_VAR_MAX ? `${text.slice(0, MESSAGE_VAR_MAX - 1)}…` : text;
}

/**
 * The message in the locale, its values cut to MESSAGE_VAR_MAX. `whole` keeps them entire,
 * for the server's own long values: a mail's link is no use cut.
 */
export function translate(
  locale: Locale,
  key: MessageKey,
  vars: MessageVars = {},
  { whole = false } = {},
): string {
  const template = catalogues[locale][key];
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    if (!Object.hasOwn(vars, name)) return placeholder;
    const value = vars[name] as string | number;
    return whole ? String(value) : messageValue(value);
  });
}

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(en, key);
