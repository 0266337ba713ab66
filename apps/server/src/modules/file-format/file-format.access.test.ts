import { describe, expect, it } from 'vitest';
import { cbd01, post, t, useFileFormatApp, viewer } from './file-format.fixtures.ts';

useFileFormatApp();

describe('access', () => {
  it('refuses every route without a token', async () => {
    for (const url of ['/file-format/import', '/file-format/geoJSONToSHP', '/file-format/export']) {
      const response = await t.app.inject({ method: 'POST', url: `/api${url}`, payload: {} });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('exports only clusters the user may read', async () => {
    const forbidden = await post(
      '/file-format/export',
      { clusterId: cbd01, format: 'geojson' },
      viewer,
    );
    expect(forbidden.statusCode).toBe(403);
    const missing = await post('/file-format/export', { clusterId: 999999, format: 'geojson' });
    expect(missing.statusCode).toBe(404);
  });
});
