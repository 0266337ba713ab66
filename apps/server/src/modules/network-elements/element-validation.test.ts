import { describe, expect, it } from 'vitest';
import { defaultTemplateAttributes } from '@integration/contracts';
import { checkAttributes, geometryFor } from './element-validation.ts';

describe('geometryFor', () => {
  it('makes a GeoJSON point in lng, lat order', () => {
    expect(geometryFor('point', { lat: -1.28, lng: 36.82 })).toEqual({
      geojson: '{"type":"Point","coordinates":[36.82,-1.28]}',
    });
  });

  it('refuses a list for a point and a point for a line', () => {
    expect(geometryFor('point', [{ lat: 0, lng: 0 }])).toMatchObject({
      key: 'elements.expectedPoint',
    });
    expect(geometryFor('line', { lat: 0, lng: 0 })).toMatchObject({ key: 'elements.expectedList' });
  });

  it('needs two distinct points for a line and three for a zone', () => {
    const p = { lat: 1, lng: 1 };
    expect(geometryFor('line', [p, p])).toMatchObject({ key: 'elements.lineTooShort' });
    expect(geometryFor('polygon', [p, { lat: 2, lng: 2 }, p])).toMatchObject({
      key: 'elements.zoneTooShort',
    });
  });

  it('closes a zone ring whether or not the client did', () => {
    const ring = [
      { lat: 0, lng: 0 },
      { lat: 0, lng: 1 },
      { lat: 1, lng: 1 },
    ];
    const open = geometryFor('polygon', ring);
    const closed = geometryFor('polygon', [...ring, { lat: 0, lng: 0 }]);
    expect(open).toEqual(closed);
    expect(JSON.parse((open as { geojson: string }).geojson).coordinates[0]).toHaveLength(4);
  });
});

describe('checkAttributes', () => {
  const cable = defaultTemplateAttributes('Cable');

  it('stores dropdown choices JSON-encoded, from raw or encoded input', () => {
    const raw = checkAttributes(cable, { Capacity: '48', Type: '"Feeder"' }, 'create');
    expect(raw.problems).toEqual([]);
    expect(raw.values).toMatchObject({ Capacity: '"48"', Type: '"Feeder"' });
  });

  it('names a value outside the options, a non-number and an unknown attribute', () => {
    const pole = defaultTemplateAttributes('Pole');
    const { problems } = checkAttributes(
      pole,
      { Type: 'Plastic', Height: 'tall', Colour: 'red' },
      'create',
    );
    expect(problems.map((p) => p.key).sort()).toEqual([
      'elements.attributeNumber',
      'elements.attributeOption',
      'elements.attributeUnknown',
    ]);
  });

  it('ignores derived values but takes Name as the name', () => {
    const checked = checkAttributes(
      cable,
      [
        { name: 'Name', value: 'CBL-9' },
        { name: 'Length', value: 5 },
      ],
      'create',
    );
    expect(checked.name).toBe('CBL-9');
    expect(checked.values).not.toHaveProperty('Length');
  });

  it('checks only the given attributes on update', () => {
    const checked = checkAttributes(cable, { Type: 'Drop' }, 'update');
    expect(checked.values).toEqual({ Type: '"Drop"' });
  });

  it('treats an empty string as null', () => {
    expect(checkAttributes(cable, { Capacity: '' }, 'update').values).toEqual({ Capacity: '' });
  });
});
