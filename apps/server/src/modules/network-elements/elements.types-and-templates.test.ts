import { describe, expect, it } from 'vitest';
import { ELEMENT_TYPES } from '@integration/contracts';
import { get, nairobiCbd, useElementsApp } from './elements.fixtures.ts';

useElementsApp();

describe('types and templates', () => {
  it('lists the ten types under data.data', async () => {
    const types = (await get('/networkelements/types')).json().data.data as {
      name: string;
      segment: string;
    }[];
    expect(types.map((x) => x.segment)).toEqual(ELEMENT_TYPES.map((x) => x.segment));
  });

  it('gives every project a default template per type with the attributes of SPEC §3', async () => {
    const templates = (await get(`/networkelements/pbofat/templates/project/${nairobiCbd}`)).json()
      .data as {
      attributes: { name: string }[];
      isDefault: boolean;
    }[];
    expect(templates).toHaveLength(1);
    expect(templates[0]?.attributes.map((a) => a.name)).toEqual(
      expect.arrayContaining([
        'Name',
        'Coordinates',
        'Capacity',
        'Type',
        'FAT Existing Users ID',
        'Creation Date',
        'Last Modification Date',
      ]),
    );
    const all = (await get('/networkelements/cable/templates')).json().data.data as unknown[];
    expect(all.length).toBeGreaterThan(0);
  });
});
