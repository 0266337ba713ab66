import type { TFunction } from 'i18next';
import { isExchangeFormat, type ExportBody } from '@integration/contracts';

/** The warnings a DXF export sends back (a JSON array of localised texts), or none. */
function exportWarnings(headers: Headers): string[] {
  try {
    const parsed = JSON.parse(headers.get('x-export-warnings') ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * The toast after a download, with what its headers say: a GraceTHD delivery's warnings (they
 * travel with the file), the DXF's coordinate system and warnings, OFDS cables left out.
 */
export function doneMessage(
  t: TFunction,
  format: ExportBody['format'],
  file: string,
  headers: Headers,
): string {
  const parts = [t('fileFormat.export.done', { file })];
  if (!isExchangeFormat(format)) return parts[0] ?? '';
  const deliveryWarnings = Number(headers.get('x-delivery-warnings') ?? 0);
  if (deliveryWarnings > 0)
    parts.push(t('fileFormat.exchange.done.deliveryWarnings', { count: deliveryWarnings }));
  const crs = headers.get('x-crs');
  if (crs) parts.push(t('fileFormat.exchange.done.crs', { crs }));
  const skipped = Number(headers.get('x-skipped-features') ?? 0);
  if (skipped > 0 && format === 'ofds')
    parts.push(t('fileFormat.exchange.done.ofdsSkipped', { count: skipped }));
  parts.push(...exportWarnings(headers));
  return parts.join(' ');
}
