import { describe, expect, it } from 'vitest';
import type { MapElement } from '@integration/contracts';
import { attr, cbd01, post, useElementsApp } from './elements.fixtures.ts';

useElementsApp();

describe('cables', () => {
  it('measure their geodesic length on the server, and are coloured by capacity', async () => {
    // 0.001° of longitude on the equator is 111.32 m on the WGS84 ellipsoid.
    const response = await post('/networkelements/cable/create', {
      clusterId: cbd01,
      coordinates: [
        { lat: 0, lng: 0 },
        { lat: 0, lng: 0.001 },
      ],
      attributes: { Capacity: '48', Type: 'Feeder', Length: 5 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cable = response.json<{ data: MapElement }>().data;
    expect(Number(attr(cable, 'Length'))).toBeCloseTo(111.32, 1);
    expect(attr(cable, 'Capacity')).toBe('"48"');
    expect(cable.geometry).toMatchObject({ color: '#6366f1' });

    const moved = await post(`/networkelements/cable/${cable.id}`, {
      coordinates: [
        { lat: 0, lng: 0 },
        { lat: 0, lng: 0.002 },
      ],
    });
    expect(Number(attr(moved.json().data, 'Length'))).toBeCloseTo(222.64, 1);
  });
});
