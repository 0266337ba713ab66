import type { CreateElementBody, ElementType } from '@integration/contracts';
import { ApiError } from '../../api/client.ts';
import { batches, type PreparedItem } from './field-mapping.ts';

export const BATCH_SIZE = 500;

export interface SkippedItem {
  layer: string;
  feature: number;
  reason: string;
}

export interface LayerOutcome {
  layer: string;
  type: ElementType;
  imported: number;
  skipped: SkippedItem[];
}

/** Item indexes a 400 names ({index} details, or 'data.3.coordinates' paths). */
function failedIndexes(error: unknown): Map<number, string> {
  const failed = new Map<number, string>();
  if (!(error instanceof ApiError) || error.status !== 400 || !Array.isArray(error.details))
    return failed;
  for (const detail of error.details as Record<string, unknown>[]) {
    const index =
      typeof detail.index === 'number'
        ? detail.index
        : Number(/data\.(\d+)/.exec(JSON.stringify(detail))?.[1] ?? NaN);
    if (Number.isInteger(index)) failed.set(index, String(detail.message ?? error.message));
  }
  return failed;
}

/**
 * Sends a layer's items in batches through create/multiple, the same path (validation, naming,
 * history) as drawn elements. A batch the server refuses for some items is sent again without
 * them, and those are reported. Stops between batches when `cancelled()` says so.
 */
export async function importLayer(
  layer: string,
  type: ElementType,
  items: PreparedItem[],
  send: (data: CreateElementBody[]) => Promise<unknown>,
  hooks: { cancelled: () => boolean; progress: (sent: number) => void },
): Promise<LayerOutcome> {
  const outcome: LayerOutcome = { layer, type, imported: 0, skipped: [] };
  for (const batch of batches(items, BATCH_SIZE)) {
    if (hooks.cancelled()) break;
    let pending = batch;
    for (let attempt = 0; attempt < 2 && pending.length; attempt++) {
      try {
        await send(pending.map((i) => i.body));
        outcome.imported += pending.length;
        pending = [];
      } catch (error) {
        const failed = failedIndexes(error);
        if (failed.size === 0 || attempt === 1) {
          const reason = error instanceof Error ? error.message : String(error);
          outcome.skipped.push(...pending.map((i) => ({ layer, feature: i.feature, reason })));
          pending = [];
          break;
        }
        outcome.skipped.push(
          ...[...failed].flatMap(([index, reason]) => {
            const item = pending[index];
            return item ? [{ layer, feature: item.feature, reason }] : [];
          }),
        );
        pending = pending.filter((_, index) => !failed.has(index));
      }
    }
    hooks.progress(batch.length);
  }
  return outcome;
}
