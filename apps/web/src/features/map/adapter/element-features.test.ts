import { describe, expect, it } from 'vitest';
import type { EditorElement } from '../core/editor-element.ts';
import { affectationFeatures, featureOf, labelFeatures } from './element-features.ts';

const base = {
  key: 'k',
  fid: 7,
  id: 1,
  version: 1,
  status: 'none' as const,
  rev: 0,
  templateId: 1,
  clusterId: 1,
  name: 'E',
};

describe('element features', () => {
  it('colours a cable by its capacity and patterns it by its type, from the template', () => {
    const cable: EditorElement = {
      ...base,
      type: 'Cable',
      coordinates: [
        { lat: 0, lng: 0 },
        { lat: 0, lng: 1 },
      ],
      attributes: [
        { name: 'Capacity', value: '"48"', inputType: 'dropdown', attribute_name: 'capacity' },
        { name: 'Type', value: '"Drop"', inputType: 'dropdown', attribute_name: 'type' },
      ],
      style: {
        color: '#334155',
        cables: [{ capacity: '48', color: '#6366f1' }],
        lines: [{ type: 'Drop', pattern: 'dotted' }],
      },
    };
    expect(featureOf(cable)).toMatchObject({
      id: 7,
      geometry: { type: 'LineString' },
      properties: { color: '#6366f1', pattern: 'dotted' },
    });
  });

  it("gives a marker its template's own icon, and leaves a type's default icon to the layer", () => {
    const pole = (iconUrl: string): EditorElement => ({
      ...base,
      type: 'Pole',
      coordinates: { lat: 0, lng: 0 },
      attributes: [],
      style: { iconUrl },
    });
    expect(featureOf(pole('/uploads/my-pole.svg'))?.properties).toEqual({
      type: 'Pole',
      icon: '/uploads/my-pole.svg',
    });
    expect(featureOf(pole('/api/icons/pole.svg?width=30'))?.properties).toEqual({ type: 'Pole' });
    // Names go to a source of their own; a marker without a name has no label at all.
    expect(labelFeatures(pole('')).map((f) => f.properties)).toEqual([{ type: 'Pole', name: 'E' }]);
    expect(labelFeatures({ ...pole(''), name: '' })).toEqual([]);
  });

  it('closes a zone ring and keeps its colour', () => {
    const zone: EditorElement = {
      ...base,
      type: 'Zone',
      coordinates: [
        { lat: 0, lng: 0 },
        { lat: 0, lng: 1 },
        { lat: 1, lng: 1 },
      ],
      attributes: [],
      style: { color: '#0d9488' },
    };
    const feature = featureOf(zone);
    expect(feature?.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    });
    expect(feature?.properties).toMatchObject({ color: '#0d9488' });
  });

  it("draws a PBO-FAT's existing users as dashed lines to house icons", () => {
    const pbo: EditorElement = {
      ...base,
      type: 'PboFat',
      coordinates: { lat: 0, lng: 0 },
      attributes: [
        {
          name: 'FAT Existing Users ID',
          value: JSON.stringify([
            { coordinates: { lat: 0.001, lng: 0 }, mainId: 'WO-1' },
            { coordinates: { lat: 'x', lng: 0 }, mainId: 'WO-2' },
          ]),
          inputType: 'place',
          attribute_name: 'fat_existing_users_id',
        },
      ],
      style: {},
    };
    const features = affectationFeatures(pbo);
    expect(features.map((f) => f.properties?.kind)).toEqual(['line', 'house']);
    expect(features[0]?.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [0, 0.001],
      ],
    });
  });
});
