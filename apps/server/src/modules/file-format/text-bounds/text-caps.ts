/**
 * How much text one value read from an imported file may hold. A KMZ of 194 KB can hold a 190 MB
 * name; every reader keeps no more than these, and says how many values it cut.
 */
export const TEXT_CAPS = {
  /** Names of features, folders and layers, and names of fields. */
  name: 1_000,
  /** Descriptions (often HTML, sometimes with an image inside). */
  description: 100_000,
  /** Any other value: ExtendedData, a GeoJSON or GeoPackage property, a CSV cell… */
  value: 100_000,
  /** Attribute values of XML elements (schema and field names, namespaces). */
  attribute: 1_000,
} as const;

/** A text no longer than `max` characters, its end marked "…" when cut. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  // Never half a surrogate pair: it would be written as a lone "\udxxx".
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * Text gathered piece by piece that keeps no more than `max` characters: what comes beyond is
 * dropped as it comes, so a huge value is never built.
 */
export class BoundedText {
  private text = '';
  /** Whether text beyond the cap was dropped. */
  cut = false;

  constructor(readonly max: number) {}

  add(piece: string): void {
    if (this.cut) return;
    if (this.text.length + piece.length <= this.max) this.text += piece;
    else {
      this.text = cutText(this.text + piece.slice(0, this.max + 1 - this.text.length), this.max);
      this.cut = true;
    }
  }

  /** Room left before the cap (0 once cut). */
  get room(): number {
    return this.cut ? 0 : this.max - this.text.length;
  }

  get value(): string {
    return this.text;
  }
}

/**
 * What a reader cut: how many values, and in which fields (a few names, for the warning).
 */
export class CutValues {
  count = 0;
  readonly fields = new Set<string>();

  note(field: string): void {
    this.count++;
    if (this.fields.size < 5) this.fields.add(cutText(field, 100));
  }

  merge(other: { count: number; fields: Iterable<string> }): void {
    this.count += other.count;
    for (const field of other.fields) if (this.fields.size < 5) this.fields.add(field);
  }
}
