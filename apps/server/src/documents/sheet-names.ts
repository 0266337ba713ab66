/** The longest name Excel gives a sheet. */
export const SHEET_NAME_MAX = 31;

/**
 * Names sheets by Excel's rules, for every workbook the server writes: at most 31 characters,
 * none of : \ / ? * [ ] (nor control characters), not starting or ending with an apostrophe,
 * not "History" (reserved by Excel), unique in the workbook whatever the case. A name that
 * breaks one is made to fit (characters replaced by a space, cut, numbered " 2", " 3"…), never
 * refused: exceljs throws on such a name, which made an export of a report named "History" or
 * "a/b:c" fail (issue 25). Call it once per workbook, then once per sheet in order.
 */
export function sheetNamer(fallback = 'Sheet'): (title: string) => string {
  // Excel keeps "History" for its change log; it is compared without case like any name.
  const used = new Set<string>(['history']);
  return (title) => {
    const base = clean(title) || clean(fallback) || 'Sheet';
    let name = cut(base, SHEET_NAME_MAX);
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = ` ${n}`;
      name = `${cut(base, SHEET_NAME_MAX - suffix.length)}${suffix}`;
    }
    used.add(name.toLowerCase());
    return name;
  };
}

/** The names of a workbook's sheets, in order. */
export function sheetNames(titles: string[], fallback = 'Sheet'): string[] {
  const name = sheetNamer(fallback);
  return titles.map((title) => name(title));
}

// Control characters cannot be written in a sheet's XML name; the others are Excel's.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[:\\/?*[\]\u0000-\u001f\u007f]+/g;

/** Forbidden characters as one space, spaces collapsed, no apostrophe or space at either end. */
const clean = (title: string) =>
  title
    .replace(FORBIDDEN, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s']+|[\s']+$/g, '');

/** At most `max` UTF-16 units (Excel's count), a surrogate pair kept whole, ends cleaned again. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return clean(text.slice(0, end));
}
