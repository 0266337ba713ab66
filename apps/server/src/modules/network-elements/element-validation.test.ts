import { describe, expect, it } from 'vitest';
import { defaultTemplateAttributes } from '@integration/contracts';
import { checkAttributes, geometryFor } from './element-validation.ts';

describe('geometryFor', () => {
  const ewkbOf = (geometry: ReturnType<typeof geometryFor>) =>
    Buffer.from((geometry as { ewkb: string }).ewkb, 'hex');

  it('makes an EWKB point (SRID 4326) in lng, lat order', () => {
    const point = ewkbOf(geometryFor('point', { lat: -1.28, lng: 36.82 }));
    expect(point.subarray(0, 9).toString('hex')).toBe('0101000020e6100000');
    expect([point.readDoubleLE(9), point.readDoubleLE(17)]).toEqual([36.82, -1.28]);
    expect(point).toHaveLength(25);
  });

  it('makes an EWKB line of every vertex', () => {
    const line = ewkbOf(
      geometryFor('line', [
        { lat: 0, lng: 1 },
        { lat: 2, lng: 3 },
      ]),
    );
    expect(line.readUInt32LE(1)).toBe(0x20000002);
    expect(line.readUInt32LE(9)).toBe(2);
    expect([line.readDoubleLE(13), line.readDoubleLE(21), line.readDoubleLE(29)]).toEqual([
      1, 0, 3,
    ]);
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
    const polygon = ewkbOf(open);
    expect(polygon.readUInt32LE(1)).toBe(0x20000003);
    expect([polygon.readUInt32LE(9), polygon.readUInt32LE(13)]).toEqual([1, 4]);
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
