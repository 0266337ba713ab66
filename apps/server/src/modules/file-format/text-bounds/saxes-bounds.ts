import type { SaxesParser } from 'saxes';

/** No XML name (of an element, an attribute or an entity) is longer than this in any KML. */
export const XML_NAME_MAX = 1_000;

/**
 * The buffers saxes fills as it reads: text, an attribute value, a comment (`text`), the name of
 * an element or attribute (`name`), of an entity (`entity`). saxes hands text over only once it
 * is whole, so a 190 MB <name> would be built whole before the reader could cut it: between two
 * pieces of input, these buffers are cut here instead.
 * Note: these are saxes's own fields (saxes 6, stable since 2021); kml-reader.test.ts proves
 * that they are still what this cuts, should saxes change.
 */
interface SaxesBuffers {
  text?: unknown;
  name?: unknown;
  entity?: unknown;
}

/**
 * Drops what saxes holds of the text being read beyond `keep` characters (the reader then sees
 * a text longer than it keeps, and cuts it as any other); answers a reason when a name being
 * read is longer than any XML name should be (the file is then refused).
 */
export function boundSaxesBuffers(parser: SaxesParser, keep: number): string | null {
  const buffers = parser as unknown as SaxesBuffers;
  if (typeof buffers.text === 'string' && buffers.text.length > keep) {
    let end = keep;
    const code = buffers.text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end--; // never half a surrogate pair
    buffers.text = buffers.text.slice(0, end);
  }
  for (const field of ['name', 'entity'] as const) {
    const value = buffers[field];
    if (typeof value === 'string' && value.length > XML_NAME_MAX) {
      return `a name longer than ${XML_NAME_MAX} characters`;
    }
  }
  return null;
}

/** Whether saxes still keeps its pending text where boundSaxesBuffers looks (for its test). */
export function pendingSaxesText(parser: SaxesParser): number | null {
  const text = (parser as unknown as SaxesBuffers).text;
  return typeof text === 'string' ? text.length : null;
}
