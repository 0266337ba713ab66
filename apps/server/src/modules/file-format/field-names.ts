/** dBASE field names hold at most 10 bytes; other GIS tools expect plain ASCII. */
export const DBF_NAME_MAX = 10;

export interface FieldRename {
  name: string;
  shortName: string;
}

/** Accents dropped, anything else outside [A-Za-z0-9_] turned into '_', runs collapsed. */
function asciiName(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_(?=.)|(?<=.)_$/g, '');
  return plain === '' || plain === '_' ? 'field' : plain;
}

/**
 * Shapefile names for fields, predictably: in field order, a name that fits is kept; a longer
 * one is cut to 10 characters; a clash (case-insensitive, as dBASE compares) takes a numbered
 * suffix `_1`, `_2`… in place of its last characters. The same list always gives the same names.
 */
export function shortFieldNames(names: readonly string[]): FieldRename[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base = asciiName(name).slice(0, DBF_NAME_MAX);
    let shortName = base;
    for (let n = 1; taken.has(shortName.toUpperCase()); n++) {
      const suffix = `_${n}`;
      shortName = base.slice(0, DBF_NAME_MAX - suffix.length) + suffix;
    }
    taken.add(shortName.toUpperCase());
    return { name, shortName };
  });
}

/** Only the names that changed: what the X-Field-Renames header lists. */
export const changedNames = (renames: readonly FieldRename[]) =>
  Object.fromEntries(
    renames.filter((r) => r.name !== r.shortName).map((r) => [r.name, r.shortName]),
  );

/** JSON that survives as an HTTP header value: non-ASCII characters escaped. */
export const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
