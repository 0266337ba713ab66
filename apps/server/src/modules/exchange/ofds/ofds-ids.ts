import { createHash } from 'node:crypto';

/**
 * The namespace of our OFDS network ids (a random UUID drawn once for this purpose): with the
 * project's address it gives every project one stable network id, export after export.
 */
const NETWORK_NAMESPACE = '3d8f0c55-6a0e-4a39-9d0e-1f6d0e6b2a47';

/** An RFC 4122 version 5 (SHA-1, name-based) UUID. */
export function uuidV5(name: string, namespace = NETWORK_NAMESPACE): string {
  const space = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(space).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The network id of a project: UUIDv5 of its address on this server. */
export const networkId = (publicUrl: string, projectId: number) =>
  uuidV5(`${publicUrl}/projects/${projectId}`);

/**
 * Region codes CLDR names that are not ISO 3166-1 countries (EU, UN, the exceptionally reserved
 * and withdrawn ones): OFDS's country codelist is ISO's, so these are never answered.
 */
const NOT_ISO = new Set(
  'AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB XK YD YU ZR ZZ'.split(
    ' ',
  ),
);

let countries: Map<string, string> | null = null;

/** Country names (English and French, lower case) and codes to ISO 3166-1 alpha-2 codes. */
function countryIndex(): Map<string, string> {
  if (countries) return countries;
  const index = new Map<string, string>();
  const names = ['en', 'fr'].map(
    (locale) => new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }),
  );
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_ISO.has(code)) continue;
      for (const display of names) {
        const name = display.of(code);
        if (!name) continue;
        index.set(code.toLowerCase(), code);
        index.set(name.toLowerCase(), code);
      }
    }
  }
  countries = index;
  return index;
}

/**
 * A subsidiary's country (free text: "Kenya", "Côte d'Ivoire", "KE") as an ISO alpha-2 code,
 * or undefined when it names none we know.
 */
export function countryCode(country: string | null | undefined): string | undefined {
  if (!country) return undefined;
  return countryIndex().get(country.trim().toLowerCase());
}
