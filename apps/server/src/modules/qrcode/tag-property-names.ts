import type { Locale, TagDetail } from '@integration/contracts';
import { translate } from '../../i18n/translate.ts';

/**
 * An Attribute detail's property is one of TAG_PROPERTIES, a fixed key: the labels and the
 * spreadsheet print it in the reader's language, as the web shows it (qr.properties.* there).
 * What the user typed (values, free text) stays as typed.
 */
const PROPERTY_NAMES: Record<Locale, Record<string, string>> = {
  en: {
    Height: 'Height',
    Owner: 'Owner',
    Material: 'Material',
    'Top Diameter': 'Top diameter',
    'Bottom Diameter': 'Bottom diameter',
  },
  fr: {
    Height: 'Hauteur',
    Owner: 'Propriétaire',
    Material: 'Matériau',
    'Top Diameter': 'Diamètre en tête',
    'Bottom Diameter': 'Diamètre au pied',
  },
};

/** Element types as the web's map names them (map.types.*), for the spreadsheet's column. */
const ELEMENT_TYPE_NAMES_FR: Record<string, string> = {
  PboFat: 'PBO-FAT',
  SpliceClosure: "Boîtier d'épissure",
  Pole: 'Poteau',
  Manhole: 'Chambre',
  Loop: 'Boucle',
  FDTSRO: 'FDT-SRO',
  SFU: 'SFU',
  Building: 'Bâtiment',
  Cable: 'Câble',
  Zone: 'Zone',
};

export const elementTypeName = (type: string, displayName: string, locale: Locale) =>
  locale === 'fr' ? (ELEMENT_TYPE_NAMES_FR[type] ?? displayName) : displayName;

export const propertyName = (property: string, locale: Locale) =>
  PROPERTY_NAMES[locale][property] ?? property;

/** A detail's column or label name: its property, or "Free text n" for free text. */
export const detailName = (d: TagDetail, locale: Locale) =>
  d.property
    ? propertyName(d.property, locale)
    : translate(locale, 'qr.sheet.freeText', { id: d.ID });
