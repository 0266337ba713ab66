import type { DeliveryCheck, ExportBody } from '@integration/contracts';
import { CODE_PREFIX, parseEpsg, type GraceThdStatut } from './exchange.api.ts';

/** The exchange exports of the Export menu, in its order. */
export const EXCHANGE_ITEMS = [
  'gracethd',
  'gracethd-shpcsv',
  'ofds',
  'ofds-geojson',
  'dxf',
] as const;
export type ExchangeItem = (typeof EXCHANGE_ITEMS)[number];

/** GraceTHD's coordinate systems: Lambert-93 (the model's own, France), WGS 84, or a code typed. */
export type GraceThdCrs = 'lambert93' | 'wgs84' | 'other';
export const GRACETHD_CRS_CODES: Record<Exclude<GraceThdCrs, 'other'>, number> = {
  lambert93: 2154,
  wgs84: 4326,
};

export interface GraceThdForm {
  format: 'gracethd' | 'gracethd-shpcsv';
  crs: GraceThdCrs;
  otherCrs: string;
  codePrefix: string;
  /** Empty: from the clusters' phases (the server's default). */
  statut: GraceThdStatut | '';
}

/** The GraceTHD dialog's state, kept by the menu while the dialog is closed (a problem shown). */
export interface GraceThdState {
  form: GraceThdForm;
  /** The last check's answer, or the problems of a refused export. */
  check: DeliveryCheck | null;
  /** The last check's or export's failure (an unknown CRS…). */
  error: string | null;
}

export const initialGraceThd = (format: GraceThdForm['format'] = 'gracethd'): GraceThdState => ({
  form: { format, crs: 'lambert93', otherCrs: '', codePrefix: '', statut: '' },
  check: null,
  error: null,
});

export interface DxfForm {
  /** auto: Lambert-93 in France, else the cluster's UTM zone (the server decides). */
  crs: 'auto' | 'other';
  otherCrs: string;
}

export const initialDxf: DxfForm = { crs: 'auto', otherCrs: '' };

/** What is wrong with a GraceTHD form, by field (empty: it can be sent). */
export function graceThdFormErrors(form: GraceThdForm): { crs?: true; codePrefix?: true } {
  return {
    ...(form.crs === 'other' && parseEpsg(form.otherCrs) === 'invalid' ? { crs: true } : {}),
    ...(CODE_PREFIX.test(form.codePrefix.trim()) ? {} : { codePrefix: true }),
  } as { crs?: true; codePrefix?: true };
}

/** The export request of a GraceTHD form for a cluster, or null while the form is invalid. */
export function graceThdBody(clusterId: number, form: GraceThdForm): ExportBody | null {
  const errors = graceThdFormErrors(form);
  if (errors.crs || errors.codePrefix) return null;
  const crs =
    form.crs === 'other' ? (parseEpsg(form.otherCrs) as number) : GRACETHD_CRS_CODES[form.crs];
  const prefix = form.codePrefix.trim();
  return {
    clusterId,
    format: form.format,
    crs,
    ...(prefix ? { codePrefix: prefix } : {}),
    ...(form.statut ? { statut: form.statut } : {}),
  };
}

/** The DXF request for a cluster, or null while a typed code is invalid. */
export function dxfBody(clusterId: number, form: DxfForm): ExportBody | null {
  if (form.crs === 'auto') return { clusterId, format: 'dxf' };
  const crs = parseEpsg(form.otherCrs);
  return crs === 'invalid' ? null : { clusterId, format: 'dxf', crs };
}

/**
 * The OFDS request: the package JSON, or a zip with its GeoJSON nodes and spans, of a project
 * (the standard publishes networks) or, without one, of a cluster.
 */
export const ofdsBody = (
  scope: { projectId: number } | { clusterId: number },
  geojson: boolean,
): ExportBody => ({
  ...scope,
  format: 'ofds',
  ...(geojson ? { ofdsGeojson: true } : {}),
});
