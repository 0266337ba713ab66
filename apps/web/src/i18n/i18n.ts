import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from '@integration/contracts';
import { session } from '../session/session.ts';
import en from './en.json';
import fr from './fr.json';
import costsEn from './costs.en.json';
import costsFr from './costs.fr.json';
import designEn from './design.en.json';
import designFr from './design.fr.json';
import fileFormatEn from './file-format.en.json';
import fileFormatFr from './file-format.fr.json';
import mapEn from './map.en.json';
import mapFr from './map.fr.json';
import mapAccessEn from './map-access.en.json';
import mapAccessFr from './map-access.fr.json';
import mapPhoneEn from './map-phone.en.json';
import mapPhoneFr from './map-phone.fr.json';
import mapReadingEn from './map-reading.en.json';
import mapReadingFr from './map-reading.fr.json';
import mapSafetyEn from './map-safety.en.json';
import mapSafetyFr from './map-safety.fr.json';
import mapTilesEn from './map-tiles.en.json';
import mapTilesFr from './map-tiles.fr.json';
import organisationEn from './organisation.en.json';
import organisationFr from './organisation.fr.json';
import qrEn from './qr.en.json';
import qrFr from './qr.fr.json';
import qrScanEn from './qr-scan.en.json';
import qrScanFr from './qr-scan.fr.json';
import realtimeEn from './realtime.en.json';
import realtimeFr from './realtime.fr.json';
import reportsEn from './reports.en.json';
import reportsFr from './reports.fr.json';
import routingEn from './routing.en.json';
import routingFr from './routing.fr.json';
import templatesEn from './templates.en.json';
import templatesFr from './templates.fr.json';

// Note: the map editor, the GIS-file screens and QR tags keep their own catalogues (merged
// under `map.`, `fileFormat.`, `qr.`, `qrScan.`, `realtime.`, `reports.`, `routing.`,
// `templates.`, `design.`, `costs.` and `organisation.`) so large feature strings stay apart.
export const catalogues = {
  en: {
    ...en,
    // The map's catalogue and its parts, each under keys of its own (map.safety., map.access.…).
    map: {
      ...mapEn,
      ...mapSafetyEn,
      ...mapAccessEn,
      ...mapReadingEn,
      ...mapPhoneEn,
      ...mapTilesEn,
    },
    fileFormat: fileFormatEn,
    qr: qrEn,
    qrScan: qrScanEn,
    realtime: realtimeEn,
    reports: reportsEn,
    routing: routingEn,
    templates: templatesEn,
    design: designEn,
    costs: costsEn,
    organisation: organisationEn,
  },
  fr: {
    ...fr,
    map: {
      ...mapFr,
      ...mapSafetyFr,
      ...mapAccessFr,
      ...mapReadingFr,
      ...mapPhoneFr,
      ...mapTilesFr,
    },
    fileFormat: fileFormatFr,
    qr: qrFr,
    qrScan: qrScanFr,
    realtime: realtimeFr,
    reports: reportsFr,
    routing: routingFr,
    templates: templatesFr,
    design: designFr,
    costs: costsFr,
    organisation: organisationFr,
  },
} as const;

export const resources = {
  en: { translation: catalogues.en },
  fr: { translation: catalogues.fr },
} as const;

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
