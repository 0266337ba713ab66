import { AppError } from '../../../http/app-error.ts';
import type { ExchangeImportAnswer, ImportContext } from '../exchange-context.ts';

/** Placeholder until the reader lands. */
export async function importOfds(context: ImportContext): Promise<ExchangeImportAnswer> {
  void context;
  throw new AppError(503, 'SERVICE_UNAVAILABLE', 'exchange.clusterOnly');
}
