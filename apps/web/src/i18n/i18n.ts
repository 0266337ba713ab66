import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from '@integration/contracts';
import { session } from '../session/session.ts';
import en from './en.json';
import fr from './fr.json';

export const resources = { en: { translation: en }, fr: { translation: fr } } as const;

/** Starts i18next in the stored language; changing language reloads the page (SPEC §2). */
export function setupI18n(): typeof i18n {
  void i18n.use(initReactI18next).init({
    resources,
    lng: session.locale(),
    fallbackLng: DEFAULT_LOCALE,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = session.locale();
  return i18n;
}
