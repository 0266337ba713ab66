import { AppError } from '../../../http/app-error.ts';
import type { FileAnswer } from '../../file-format/file-format.service.ts';
import type { ExportContext } from '../exchange-context.ts';

/** Placeholder until the writer lands. */
export async function exportGraceThd(context: ExportContext): Promise<FileAnswer> {
  void context;
  throw new AppError(503, 'SERVICE_UNAVAILABLE', 'exchange.clusterOnly');
}
