import type { Queryable } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { DxfUnits } from './dxf-header.ts';
import { crsRepository } from '../crs.repository.ts';
import type { LabelSizes, ScopeFacts } from './dxf.repository.ts';

/** The coordinate system a DXF is written in: DXF files carry none, so the name says it. */
export interface DxfCrs {
  code: number;
  unit: 'metre' | 'foot' | 'us-foot' | 'degree' | 'other';
}

/** Where Lambert-93 (EPSG:2154) is meant for: metropolitan France and Corsica (its area of use). */
const FRANCE = { xmin: -9.86, ymin: 41.15, xmax: 10.38, ymax: 51.56 };

/**
 * The CRS of a scope's drawing when none is asked: Lambert-93 when all of it lies in
 * metropolitan France, else the WGS 84 UTM zone of its centre (326xx north, 327xx south).
 */
export function defaultCrs(extent: NonNullable<ScopeFacts['extent']>): number {
  const inFrance =
    extent.xmin >= FRANCE.xmin &&
    extent.xmax <= FRANCE.xmax &&
    extent.ymin >= FRANCE.ymin &&
    extent.ymax <= FRANCE.ymax;
  if (inFrance) return 2154;
  const lng = (extent.xmin + extent.xmax) / 2;
  const lat = (extent.ymin + extent.ymax) / 2;
  const zone = Math.min(60, Math.max(1, Math.floor((lng + 180) / 6) + 1));
  return (lat >= 0 ? 32600 : 32700) + zone;
}

/** The unit of a CRS from its PROJ definition (PostGIS's spatial_ref_sys). */
export function crsUnit(proj4: string): DxfCrs['unit'] {
  if (/\+proj=(longlat|latlong)\b/.test(proj4)) return 'degree';
  const units = /\+units=([\w-]+)/.exec(proj4)?.[1];
  if (units === 'm') return 'metre';
  if (units === 'ft') return 'foot';
  if (units === 'us-ft') return 'us-foot';
  return units ? 'other' : 'metre';
}

/**
 * An EPSG code as the file's CRS, with its unit: one PostGIS knows (GDAL's PROJ database has the
 * same codes), else a 400. EPSG:4326 is allowed, though CAD software draws degrees as units.
 */
export async function knownCrs(db: Queryable, code: number): Promise<DxfCrs> {
  const proj4 = await crsRepository.projDefinition(db, code);
  if (proj4 === null)
    throw new AppError(400, 'VALIDATION_ERROR', 'exchange.crsUnknown', { crs: code });
  return { code, unit: crsUnit(proj4) };
}

/** One metre in the CRS's unit (a degree of latitude is about 111 km). */
const METRE: Record<DxfCrs['unit'], number> = {
  metre: 1,
  other: 1,
  foot: 1 / 0.3048,
  'us-foot': 1 / 0.3048006096,
  degree: 1 / 111_320,
};

/** Labels 1.5 m high, 1 m right of their marker, whatever the unit. */
export const labelSizes = (crs: DxfCrs): LabelSizes => ({
  height: 1.5 * METRE[crs.unit],
  gap: 1 * METRE[crs.unit],
});

/** The header's $INSUNITS and $MEASUREMENT for the CRS's unit. */
export function drawingUnits(crs: DxfCrs): DxfUnits {
  if (crs.unit === 'foot') return { insUnits: 2, measurement: 0 };
  if (crs.unit === 'us-foot') return { insUnits: 21, measurement: 0 };
  if (crs.unit === 'degree') return { insUnits: 0, measurement: 1 };
  return { insUnits: 6, measurement: 1 };
}
