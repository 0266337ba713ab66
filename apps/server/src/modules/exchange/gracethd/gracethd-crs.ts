import type { Queryable } from '../../../db/database.ts';
import { crsRepository } from '../crs.repository.ts';

/** Lambert-93: the model's own coordinate system, the delivery's by default. */
export const GRACETHD_DEFAULT_CRS = 2154;

/** Whether PostGIS knows the EPSG code. */
export const knownCrs = async (db: Queryable, crs: number): Promise<boolean> =>
  (await crsRepository.projDefinition(db, crs)) !== null;
