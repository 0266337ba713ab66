import { describe, expect, it } from 'vitest';
import {
  defaultTemplateAttributes,
  elementTypeByName,
  type AttributeDefinition,
  type ElementType,
} from '@integration/contracts';
import {
  attributeValue,
  elementCoordinates,
  guessElementType,
  guessFieldMapping,
  NAME_TARGET,
  droppedFieldList,
  prepareItems,
} from './field-mapping.ts';

const attrs = (...defs: Partial<AttributeDefinition>[]): AttributeDefinition[] =>
  defs.map((d) => ({ name: '', inputType: 'text', required: false, ...d }));

describe('the element type guessed for a layer', () => {
  it('goes by geometry for lines and polygons, by name for points', () => {
    expect(guessElementType({ name: 'anything', geometryKind: 'line' })?.internalName).toBe(
      'Cable',
    );
    expect(guessElementType({ name: 'anything', geometryKind: 'polygon' })?.internalName).toBe(
      'Zone',
    );
    expect(guessElementType({ name: 'Poteaux_Nord', geometryKind: 'point' })?.internalName).toBe(
      'Pole',
    );
    expect(guessElementType({ name: 'PBO-FAT', geometryKind: 'point' })?.internalName).toBe(
      'PboFat',
    );
    expect(guessElementType({ name: 'chambres', geometryKind: 'point' })?.internalName).toBe(
      'Manhole',
    );
    expect(guessElementType({ name: 'export (points)', geometryKind: 'point' })).toBeNull();
    expect(guessElementType({ name: 'mixed', geometryKind: 'collection' })).toBeNull();
  });
});

describe('the field mapping guessed for a template', () => {
  const template = attrs(
    { name: 'Name', derived: true },
    { name: 'Coordinates', derived: true },
    { name: 'Capacity', inputType: 'dropdown', options: ['8', '16'] },
    { name: 'Height', inputType: 'number' },
    { name: 'Owner' },
    { name: 'Installation Date', inputType: 'date' },
  );

  it('matches names once normalised, then synonyms, then containment; each attribute once', () => {
    const mapping = guessFieldMapping(
      ['NOM', 'capacite', 'HAUTEUR', 'owner_name', 'installation_date', 'X', 'name2'],
      template,
    );
    expect(mapping).toEqual({
      NOM: NAME_TARGET,
      capacite: 'Capacity',
      HAUTEUR: 'Height',
      owner_name: 'Owner',
      installation_date: 'Installation Date',
      X: null,
      name2: null,
    });
  });

  it('never maps to a derived attribute other than the name', () => {
    expect(guessFieldMapping(['coordinates'], template)).toEqual({ coordinates: null });
  });

  it('works on the default templates of the registry', () => {
    const mapping = guessFieldMapping(
      ['name', 'Height', 'Owner'],
      defaultTemplateAttributes('Pole').map((a) => ({ ...a })),
    );
    expect(mapping.name).toBe(NAME_TARGET);
    expect(mapping.Height).toBe('Height');
  });
});

describe('values and geometries for elements', () => {
  it('converts values to the attribute type, or leaves them out', () => {
    const [dropdown, number, boolean, date] = attrs(
      { name: 'Capacity', inputType: 'dropdown', options: ['8', '16'] },
      { name: 'Height', inputType: 'number' },
      { name: 'Aerial', inputType: 'boolean' },
      { name: 'Date', inputType: 'date' },
    );
    expect(attributeValue(dropdown as AttributeDefinition, 16)).toBe('"16"');
    expect(attributeValue(dropdown as AttributeDefinition, '24')).toBeUndefined();
    expect(attributeValue(number as AttributeDefinition, '9,5')).toBe(9.5);
    expect(attributeValue(boolean as AttributeDefinition, 'Oui')).toBe(true);
    expect(attributeValue(date as AttributeDefinition, '2024/01/02')).toBe('2024-01-02');
  });

  it('explodes multi-geometries and keeps a zone’s outer ring', () => {
    const multi = elementCoordinates(
      {
        type: 'MultiPoint',
        coordinates: [
          [36.8, -1.2],
          [36.9, -1.3],
        ],
      },
      'point',
    );
    expect(multi.coordinates).toEqual([
      { lat: -1.2, lng: 36.8 },
      { lat: -1.3, lng: 36.9 },
    ]);
    const zone = elementCoordinates(
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
          [
            [0.2, 0.2],
            [0.3, 0.2],
            [0.3, 0.3],
            [0.2, 0.2],
          ],
        ],
      },
      'polygon',
    );
    expect(zone.coordinates).toHaveLength(1);
    expect(zone.droppedHoles).toBe(1);
  });

  it('prepares create bodies with the name and the mapped attributes', () => {
    const { items, skipped } = prepareItems(
      [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [36.8, -1.2] },
          properties: { NOM: 'P1', H: 9 },
        },
        { type: 'Feature', geometry: null, properties: {} },
      ],
      {
        type: elementTypeByName('Pole') as ElementType,
        clusterId: 7,
        templateId: 11,
        attributes: attrs({ name: 'Height', inputType: 'number' }),
        mapping: { NOM: NAME_TARGET, H: 'Height' },
      },
    );
    expect(items).toEqual([
      {
        feature: 0,
        body: {
          clusterId: 7,
          templateId: 11,
          name: 'P1',
          coordinates: { lat: -1.2, lng: 36.8 },
          attributes: { Height: 9 },
        },
      },
    ]);
    expect(skipped).toEqual([{ feature: 1, reason: 'geometry' }]);
  });

  it('counts the values left out per field of the file, to name them in the report', () => {
    const point = (properties: Record<string, unknown>) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [36.8, -1.2] },
      properties,
    });
    const { droppedValues, droppedByField } = prepareItems(
      [point({ H: 'tall', CAP: '12' }), point({ H: 'high', CAP: '8' }), point({ H: 9, CAP: '99' })],
      {
        type: elementTypeByName('Pole') as ElementType,
        clusterId: 7,
        templateId: 11,
        attributes: attrs(
          { name: 'Height', inputType: 'number' },
          { name: 'Capacity', inputType: 'dropdown', options: ['8', '16'] },
        ),
        mapping: { H: 'Height', CAP: 'Capacity' },
      },
    );
    expect(droppedValues).toBe(4);
    expect(droppedFieldList(droppedByField)).toBe('CAP (2), H (2)');
    expect(droppedFieldList({ Remarks: 19, Owner: 12 })).toBe('Remarks (19), Owner (12)');
  });
});
