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

export function translate(locale: Locale, key: MessageKey, vars: MessageVars = {}): string {
  const template = catalogues[locale][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? messageValue(vars[name] as string | number) : whole,
  );
}

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(en, key);
