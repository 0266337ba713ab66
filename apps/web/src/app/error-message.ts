import type { TFunction } from 'i18next';
import { ApiError } from '../api/client.ts';

/** The text to show for a failed call: the server's localised message, or ours. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK_ERROR') return t('errors.network');
    if (error.message) return error.message;
  }
  return t('errors.generic');
}
