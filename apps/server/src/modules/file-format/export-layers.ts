import { elementTypeByName } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import {
  exportColumns,
  OGR_FIELD,
  ogrGeometryType,
  pointsWithMultiPoints,
} from './export-columns.ts';
import {
  exportRepository,
  type ExportScope,
  type TypeColumns,
  type UsedTemplate,
  type ValueKind,
} from './export.repository.ts';
import { splitFlatGeobuf } from './flatgeobuf-pages.ts';

/** Layers whose first page is read at once (of PostgreSQL's pool of 10). */
export const FIRST_PAGES_AT_ONCE = 3;

/**
 * Elements per page of an export: the database builds each page's FlatGeobuf in memory (a few
 * MB), and a few pages at most wait for GDAL.
 */
const PAGE = 20_000;

/**
 * How one type's elements become a layer: its columns, and how GDAL reads them from the
 * FlatGeobuf pages (c1 the id, c2… the attributes, then the KML style; the geometry the file's
 * own, or hex WKB in `wkb` when the type mixes geometry types).
 */
export function layerPlan(
  type: TypeColumns,
  options: {
    templates: UsedTemplate[];
    kinds: ValueKind[];
    fieldName: (name: string) => string;
    style: boolean;
    formulasInert: boolean;
  },
) {
  const { templates, kinds, fieldName } = options;
  const columns = exportColumns(type.type, type.names, templates, kinds, fieldName);
  const id = { name: fieldName('id'), src: 'c1' };
  const fields = [
    { ...id, type: 'Integer' },
    ...columns.map((c, i) => ({ name: c.field, src: `c${i + 2}`, ...OGR_FIELD[c.kind] })),
  ];
  if (options.style)
    fields.push({ name: 'OGR_STYLE', src: `c${fields.length + 1}`, type: 'String' });
  const multi = pointsWithMultiPoints(type.geometries);
  const geometries = multi ? ['MULTIPOINT'] : type.geometries;
  const mixed = geometries.length > 1;
  const geometry = { ...(mixed ? { src: 'wkb' } : {}), type: ogrGeometryType(geometries) };
  return {
    type,
    columns,
    style: options.style,
    formulasInert: options.formulasInert,
    mixed,
    multi,
    source: { flatGeobuf: true, geometry, fields, fid: id },
  };
}
export type LayerPlan = ReturnType<typeof layerPlan>;

/**
 * One type's elements as FlatGeobuf, page by page (PostGIS writes each page from the rows):
 * the first page whole (its header, then its features), the later ones without their magic
 * bytes and header, so that the pages together make one file (see flatgeobuf-pages.ts).
 */
export async function* layerPages(db: Queryable, scope: ExportScope, plan: LayerPlan) {
  const geometry = elementTypeByName(plan.type.type)?.geometry ?? 'point';
  for (let after = 0, first = true; ; first = false) {
    const page = await exportRepository.flatGeobufPage(db, scope, {
      type: plan.type.type,
      geometry,
      columns: plan.columns,
      style: plan.style,
      formulasInert: plan.formulasInert,
      mixed: plan.mixed,
      multi: plan.multi,
      afterId: after,
      limit: PAGE,
    });
    if (page.fgb === null || page.last === null) return;
    const { header, features } = splitFlatGeobuf(page.fgb);
    yield first ? [header, features] : [features];
    if (page.rows < PAGE) return;
    after = page.last;
  }
}
