import type { CutValues } from './text-caps.ts';
import { cutText, TEXT_CAPS } from './text-caps.ts';

/**
 * A feature as GDAL's GeoJSON writer wrote it (one line), with every text property cut to
 * TEXT_CAPS.value: a GeoJSON, GeoPackage, FlatGeobuf or CSV value of megabytes would otherwise
 * go whole into the import's answer, and from there into the browser and the elements API
 * (which refuses attribute values over 100,000 characters). A line no longer than the cap can
 * hold no longer value: it is kept as written, never parsed.
 */
export function boundFeatureLine(line: string, cut: CutValues, max = TEXT_CAPS.value): string {
  if (line.length <= max) return line;
  const feature = JSON.parse(line) as { properties?: Record<string, unknown> | null };
  const properties = feature.properties;
  if (!properties) return line;
  let changed = false;
  // Strings anywhere in a value: GDAL writes a JSON field's arrays and objects as they are.
  const bound = (value: unknown, name: string): unknown => {
    if (typeof value === 'string') {
      if (value.length <= max) return value;
      cut.note(name);
      changed = true;
      return cutText(value, max);
    }
    if (Array.isArray(value)) return value.map((item) => bound(item, name));
    if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        (value as Record<string, unknown>)[key] = bound(item, name);
      }
    }
    return value;
  };
  for (const [name, value] of Object.entries(properties)) properties[name] = bound(value, name);
  return changed ? JSON.stringify(feature) : line;
}
