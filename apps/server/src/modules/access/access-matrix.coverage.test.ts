import { describe, expect, it } from 'vitest';
import { CENTRAL_OFFICE_ROWS } from './access-matrix.central-office-rows.ts';
import { CLUSTER_ROWS } from './access-matrix.cluster-rows.ts';
import { DESIGN_ROWS } from './access-matrix.design-rows.ts';
import { FIBRE_DOCUMENT_ROWS } from './access-matrix.fibre-documents-rows.ts';
import { FIBRE_ROWS } from './access-matrix.fibre-rows.ts';
import { t, useAccessMatrixApp } from './access-matrix.fixtures.ts';
import { HIERARCHY_ROWS } from './access-matrix.hierarchy-rows.ts';
import { LOCATION_ROWS } from './access-matrix.location-rows.ts';
import { ORGANISATION_ROWS } from './access-matrix.organisation-rows.ts';
import { QR_ROWS } from './access-matrix.qr-rows.ts';
import { TEMPLATE_ROWS } from './access-matrix.template-rows.ts';
import { TILE_ROWS } from './access-matrix.tiles-rows.ts';

const ROWS = [
  ...HIERARCHY_ROWS,
  ...CENTRAL_OFFICE_ROWS,
  ...CLUSTER_ROWS,
  ...QR_ROWS,
  ...TEMPLATE_ROWS,
  ...LOCATION_ROWS,
  ...FIBRE_ROWS,
  ...FIBRE_DOCUMENT_ROWS,
  ...DESIGN_ROWS,
  ...ORGANISATION_ROWS,
  ...TILE_ROWS,
];

useAccessMatrixApp();

describe('the matrix', () => {
  it('has rows for every route of the seven modules in the OpenAPI document', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = docs.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>().paths;
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const tags = operation.tags ?? [];
        if (
          tags.some((tag) =>
            [
              'hierarchy',
              'central offices',
              'clusters',
              'QR tags',
              'templates',
              'live locations',
              'fibre',
              'fibre documents',
              'design',
              'organisation',
              'tiles',
            ].includes(tag),
          )
        ) {
          documented.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
        }
      }
    }
    const covered = new Set(
      ROWS.map((row) => `${row.method} ${(row.label.split(' ')[1] ?? '').split('?')[0]}`),
    );
    expect(documented.size).toBe(92);
    expect([...covered].sort()).toEqual([...documented].sort());
  });
});
