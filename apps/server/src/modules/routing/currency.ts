/**
 * The currency of Create Route's costs (issue 24: "a cost without currency"). Nothing in a
 * project names a currency, but its subsidiary names a country (the demo's "Camusat Kenya" is
 * in Kenya): costs are in that country's currency, as ISO 4217, so each browser writes it in
 * its own language ("KES 27,834", "27 834 KES"). Note: a project-wide override belongs in the
 * routing settings once they have a column for it (docs/decisions.md, "Create Route").
 */
const BY_COUNTRY: Readonly<Record<string, string>> = {
  algeria: 'DZD',
  belgium: 'EUR',
  benin: 'XOF',
  'burkina faso': 'XOF',
  burundi: 'BIF',
  cameroon: 'XAF',
  cameroun: 'XAF',
  chad: 'XAF',
  tchad: 'XAF',
  congo: 'XAF',
  'democratic republic of the congo': 'CDF',
  'dr congo': 'CDF',
  rdc: 'CDF',
  "cote d'ivoire": 'XOF',
  'ivory coast': 'XOF',
  egypt: 'EGP',
  ethiopia: 'ETB',
  france: 'EUR',
  gabon: 'XAF',
  ghana: 'GHS',
  guinea: 'GNF',
  guinee: 'GNF',
  kenya: 'KES',
  madagascar: 'MGA',
  mali: 'XOF',
  mauritania: 'MRU',
  mauritanie: 'MRU',
  morocco: 'MAD',
  maroc: 'MAD',
  mozambique: 'MZN',
  niger: 'XOF',
  nigeria: 'NGN',
  rwanda: 'RWF',
  senegal: 'XOF',
  'south africa': 'ZAR',
  tanzania: 'TZS',
  togo: 'XOF',
  tunisia: 'TND',
  tunisie: 'TND',
  uganda: 'UGX',
  'united kingdom': 'GBP',
  'united states': 'USD',
  zambia: 'ZMW',
};

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’`]/g, "'")
    .trim()
    .toLowerCase();

/** The ISO 4217 code of a country named in English or French, null when unknown. */
export function currencyOfCountry(country: string | null | undefined): string | null {
  if (!country) return null;
  return BY_COUNTRY[plain(country)] ?? null;
}
