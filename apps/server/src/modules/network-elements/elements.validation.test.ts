import { describe, expect, it } from 'vitest';
import { at, cbd01, planner, post, useElementsApp } from './elements.fixtures.ts';

useElementsApp();

describe('validation', () => {
  it('refuses latitudes and longitudes out of range, naming the item and field', async () => {
    const response = await post('/networkelements/pole/create/multiple', {
      data: [
        { clusterId: cbd01, coordinates: at(0) },
        { clusterId: cbd01, coordinates: { lat: 91, lng: 36.8 } },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("'data.1.coordinates");
  });

  it('refuses a line without two distinct points', async () => {
    const response = await post('/networkelements/cable/create', {
      clusterId: cbd01,
      coordinates: [at(0), at(0)],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('A cable needs at least two distinct points.');
  });

  it('refuses a self-intersecting zone, saying where', async () => {
    const bowtie = [
      { lat: -1.28, lng: 36.81 },
      { lat: -1.29, lng: 36.82 },
      { lat: -1.28, lng: 36.82 },
      { lat: -1.29, lng: 36.81 },
    ];
    const response = await post('/networkelements/zone/create', {
      clusterId: cbd01,
      coordinates: bowtie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /The zone outline is not valid: Self-intersection near -1\.285, 36\.815\./,
    );
  });

  it('checks attribute values against the template', async () => {
    const response = await post('/networkelements/cable/create', {
      clusterId: cbd01,
      coordinates: [at(0), at(1)],
      attributes: [
        { name: 'Capacity', value: '1000' },
        { name: 'Colour', value: 'red' },
      ],
    });
    expect(response.statusCode).toBe(400);
    const message = response.json().message as string;
    expect(message).toContain("'Capacity' must be one of: 12, 24, 48, 96, 144.");
    expect(message).toContain("'Colour' is not an attribute of this template.");
  });

  it('answers in French when asked', async () => {
    const response = await post(
      '/networkelements/cable/create',
      { clusterId: cbd01, coordinates: [at(0), at(0)] },
      planner,
      '?locale=fr',
    );
    expect(response.json().message).toContain(
      'Un câble doit avoir au moins deux points distincts.',
    );
  });
});
