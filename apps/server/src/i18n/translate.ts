import type { Locale } from '@integration/contracts';
import { en, type MessageKey } from './messages.en.ts';
import { fr } from './messages.fr.ts';

export type { MessageKey };
export type MessageVars = Record<string, string | number>;

const catalogues: Record<Locale, Record<MessageKey, string>> = { en, fr };

export function translate(locale: Locale, key: MessageKey, vars: MessageVars = {}): string {
  const template = catalogues[locale][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(en, key);
