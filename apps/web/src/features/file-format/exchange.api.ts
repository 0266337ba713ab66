import type {
  DeliveryCheck,
  DeliveryProblem,
  ExchangeImportAnswer,
  ExportBody,
  GRACETHD_STATUTS,
} from '@integration/contracts';
import { ApiError } from '../../api/client.ts';
import { authHeaders, failure } from '../../api/download.ts';

export type GraceThdStatut = (typeof GRACETHD_STATUTS)[number];

/** POST /file-format/export with dryRun: the GraceTHD pre-export check, no file. */
export async function checkDelivery(
  body: ExportBody,
  signal?: AbortSignal,
): Promise<DeliveryCheck> {
  let response: Response;
  try {
    response = await fetch('/api/file-format/export', {
      method: 'POST',
      headers: { ...authHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, dryRun: true }),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'network');
  }
  if (!response.ok) throw await failure(response);
  return ((await response.json()) as { data: DeliveryCheck }).data;
}

/** The problems of a refused GraceTHD export (a 422 whose details are the check), else null. */
export function refusedCheck(error: unknown): DeliveryCheck | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const details = error.details as Partial<DeliveryCheck> | undefined;
  return details && Array.isArray(details.problems) && details.counts
    ? (details as DeliveryCheck)
    : null;
}

/** Errors first (they refuse the export), then warnings; the server's order within each. */
export function errorsFirst(problems: readonly DeliveryProblem[]): DeliveryProblem[] {
  return [
    ...problems.filter((p) => p.severity === 'error'),
    ...problems.filter((p) => p.severity !== 'error'),
  ];
}

/** Is the import's answer a recognised delivery (GraceTHD, OFDS) rather than GIS layers? */
export function isExchangeAnswer(data: unknown): data is ExchangeImportAnswer {
  const standard = (data as { standard?: unknown } | null)?.standard;
  return standard === 'gracethd' || standard === 'ofds';
}

/**
 * The coordinate system asked in a form: a preset EPSG code, or one typed ('EPSG:32737' or
 * '32737'). `invalid` when the typed text is not an integer code the contract accepts.
 */
export function parseEpsg(text: string): number | 'invalid' {
  const code = text.trim().replace(/^epsg:\s*/i, '');
  if (!/^\d+$/.test(code)) return 'invalid';
  const value = Number(code);
  return value >= 1024 && value <= 999_999 ? value : 'invalid';
}

/** What a delivery's code prefix may be (the contract's rule). */
export const CODE_PREFIX = /^[A-Za-z0-9_-]{0,12}$/;
