import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import {
  REALTIME_EVENTS,
  tilePath,
  type MapElement,
  type TilesChangedPayload,
} from '@integration/contracts';
import { bearer, type TestApp } from '../../test/test-app.ts';
import { idByName } from '../../test/seeded.ts';
import {
  closeSockets,
  connect,
  listeningApp,
  pause,
  place,
  twoInstances,
  until,
} from '../realtime/realtime.fixtures.ts';
import { MvtWorkerHost } from './mvt-worker-host.ts';
import { tileAt, tileMeets, type TileId } from './tile-coordinates.ts';
import { postgisTileEncoder, serverTileEncoder } from './tile-encoders.ts';

/**
 * Vector tiles of a project (issue 30): what a tile holds and where, the two encoders' equal
 * features, who may read them, and an edit that changes exactly the tiles it touches.
 */

let t: TestApp;
let url: string;
let tokens: Awaited<ReturnType<typeof listeningApp>>['tokens'];
const ids = { nairobiCbd: 0, cbd01: 0 };

beforeAll(async () => {
  ({ t, url, tokens } = await listeningApp());
  ids.nairobiCbd = await idByName(t.db, 'projects', 'Nairobi CBD');
  ids.cbd01 = await idByName(t.db, 'clusters', 'CBD-01');
});
afterAll(() => t.close());
afterEach(closeSockets);

interface Decoded {
  layer: string;
  id: number | undefined;
  type: number;
  properties: Record<string, unknown>;
  geometry: { x: number; y: number }[][];
}

function decode(bytes: Uint8Array): Decoded[] {
  const tile = new VectorTile(new PbfReader(bytes));
  return Object.entries(tile.layers)
    .flatMap(([layer, l]) =>
      Array.from({ length: l.length }, (_, i) => {
        const f = l.feature(i);
        return {
          layer,
          id: f.id,
          type: f.type,
          properties: f.properties,
          geometry: f.loadGeometry().map((ring) => ring.map(({ x, y }) => ({ x, y }))),
        };
      }),
    )
    .sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

const fetchTile = (tile: TileId, token = tokens.planner, headers: Record<string, string> = {}) =>
  t.app.inject({
    url: tilePath(ids.nairobiCbd, tile.z, tile.x, tile.y),
    headers: { ...bearer(token), ...headers },
  });

const featuresOf = async (tile: TileId) => {
  const answer = await fetchTile(tile);
  expect(answer.statusCode, answer.body).toBe(200);
  return decode(answer.rawPayload);
};

const post = (path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${path}`, payload, headers: bearer(tokens.planner) });

/** A place in the middle of the sea off Nairobi's map: nothing else is drawn near it. */
const LONELY = { lat: -1.2205, lng: 36.9105 };

async function createPbo(at: { lat: number; lng: number }): Promise<MapElement> {
  const created = await post('/networkelements/pbofat/create', {
    clusterId: ids.cbd01,
    coordinates: at,
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ data: MapElement }>().data;
}

describe('a tile', () => {
  it('holds a PBO-FAT in its own tile at zoom 16, with the fields the map draws, and not in its neighbours', async () => {
    const pbo = await createPbo(LONELY);
    const home = tileAt(LONELY.lng, LONELY.lat, 16);
    const [feature] = (await featuresOf(home)).filter((f) => f.id === pbo.id);
    expect(feature).toMatchObject({
      layer: 'PboFat',
      type: 1,
      properties: {
        id: pbo.id,
        type: 'PboFat',
        name: pbo.name,
        cluster: ids.cbd01,
        phase: 'In-Progress',
      },
    });
    const point = feature?.geometry[0]?.[0];
    expect(point?.x).toBeGreaterThanOrEqual(0);
    expect(point?.x).toBeLessThan(4096);
    for (const [dx, dy] of [
      [-1, 0],
      [1, 0],
      [0, -1],
      [0, 1],
      [2, 2],
    ] as const) {
      const next = { z: 16, x: home.x + dx, y: home.y + dy };
      expect((await featuresOf(next)).map((f) => f.id)).not.toContain(pbo.id);
    }
    // Below its type's first zoom (14) a PBO-FAT is left out; from there it is in.
    expect((await featuresOf(tileAt(LONELY.lng, LONELY.lat, 13))).map((f) => f.id)).not.toContain(
      pbo.id,
    );
    expect((await featuresOf(tileAt(LONELY.lng, LONELY.lat, 14))).map((f) => f.id)).toContain(
      pbo.id,
    );
  });

  it('draws a cable as a line with its capacity, colour and pattern', async () => {
    const created = await post('/networkelements/cable/create', {
      clusterId: ids.cbd01,
      coordinates: [LONELY, { lat: LONELY.lat + 0.0004, lng: LONELY.lng + 0.0006 }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const cable = created.json<{ data: MapElement }>().data;
    const [feature] = (await featuresOf(tileAt(LONELY.lng, LONELY.lat, 16))).filter(
      (f) => f.id === cable.id,
    );
    expect(feature).toMatchObject({
      layer: 'Cable',
      type: 2,
      properties: { type: 'Cable', pattern: expect.any(String) },
    });
    expect(String(feature?.properties.color)).toMatch(/^#[0-9a-f]{6}$/i);
    expect(feature?.geometry[0]?.length).toBe(2);
  });

  it('answers 304 to the tag it gave, 400 to a tile that does not exist, 401 without a token', async () => {
    const tile = tileAt(36.8172, -1.2833, 14);
    const first = await fetchTile(tile);
    expect(first.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const etag = String(first.headers.etag);
    expect((await fetchTile(tile, tokens.planner, { 'if-none-match': etag })).statusCode).toBe(304);
    const bad = await fetchTile({ z: 3, x: 8, y: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: false, error: 'VALIDATION_ERROR' });
    expect(bad.json().message).toContain('3/8/0');
    const french = await t.app.inject({
      url: tilePath(ids.nairobiCbd, 17, 0, 0),
      headers: { ...bearer(tokens.planner), 'accept-language': 'fr' },
    });
    expect(french.json().message).toContain("n'existe pas");
    expect(
      (await t.app.inject({ url: tilePath(ids.nairobiCbd, 14, tile.x, tile.y) })).statusCode,
    ).toBe(401);
  });

  it('is refused to a user who may not read the project (the viewer is on Mombasa Island)', async () => {
    const answer = await fetchTile(tileAt(36.8172, -1.2833, 14), tokens.viewer);
    expect(answer.statusCode).toBe(403);
    expect(answer.rawPayload.byteLength).toBeLessThan(500);
  });
});

describe('the two encoders', () => {
  const onPostgres = Boolean(process.env.DATABASE_URL);
  it.skipIf(!onPostgres)(
    'give the same features, property by property and point by point (PostgreSQL only: PGlite has no ST_AsMVT)',
    async () => {
      const host = new MvtWorkerHost();
      try {
        let compared = 0;
        for (const z of [10, 12, 13, 14, 15, 16]) {
          const tile = tileAt(36.8172, -1.2833, z);
          const mine = decode(await serverTileEncoder(host)(t.db, ids.nairobiCbd, tile));
          const theirs = decode(await postgisTileEncoder(t.db, ids.nairobiCbd, tile));
          expect(mine).toEqual(theirs);
          compared += mine.length;
        }
        expect(compared).toBeGreaterThan(100);
      } finally {
        await host.close();
      }
    },
  );
});

describe('an edit', () => {
  it('changes the tiles it touches (old and new place), keeps the others, and tells the project room', async () => {
    const from = { lat: LONELY.lat - 0.01, lng: LONELY.lng - 0.01 };
    const to = { lat: LONELY.lat - 0.012, lng: LONELY.lng - 0.03 };
    const pbo = await createPbo(from);
    const fromTile = tileAt(from.lng, from.lat, 16);
    const toTile = tileAt(to.lng, to.lat, 16);
    const elsewhere = tileAt(36.8172, -1.2833, 16);
    expect(fromTile).not.toEqual(toTile);
    const tags = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries({ fromTile, toTile, elsewhere }).map(async ([k, tile]) => [
            k,
            String((await fetchTile(tile)).headers.etag),
          ]),
        ),
      ) as Record<'fromTile' | 'toTile' | 'elsewhere', string>;
    // Let the create's own forgetting pass before the tags are read.
    await pause(300);
    const before = await tags();
    const map = await connect(url, tokens.field);
    expect(await place(map, ids.nairobiCbd, null)).toBe(true);

    const moved = await post(`/networkelements/pbofat/${pbo.id}`, {
      coordinates: to,
      version: pbo.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await until(() => map.of(REALTIME_EVENTS.tilesChanged).length > 0)).toBe(true);
    const [told] = map.of<TilesChangedPayload>(REALTIME_EVENTS.tilesChanged);
    expect(told?.projectId).toBe(ids.nairobiCbd);
    expect(tileMeets(fromTile, told?.boxes ?? [])).toBe(true);
    expect(tileMeets(toTile, told?.boxes ?? [])).toBe(true);
    expect(tileMeets(elsewhere, told?.boxes ?? [])).toBe(false);

    const after = await tags();
    expect(after.fromTile).not.toBe(before.fromTile);
    expect(after.toTile).not.toBe(before.toTile);
    expect(after.elsewhere).toBe(before.elsewhere);
    expect((await featuresOf(fromTile)).map((f) => f.id)).not.toContain(pbo.id);
    expect((await featuresOf(toTile)).map((f) => f.id)).toContain(pbo.id);
    // The untouched tile is still a 304 for the tag the map holds.
    expect(
      (await fetchTile(elsewhere, tokens.planner, { 'if-none-match': before.elsewhere }))
        .statusCode,
    ).toBe(304);
  });

  it("of a cluster's phase changes every tile of the project (the phase is drawn)", async () => {
    const tile = tileAt(LONELY.lng, LONELY.lat, 16);
    const before = String((await fetchTile(tile)).headers.etag);
    const admin = await t.app.inject({
      method: 'POST',
      url: `/api/clusters/cluster/update/${ids.cbd01}`,
      payload: { projectPhase: 'Completed' },
      headers: bearer(tokens.admin),
    });
    expect(admin.statusCode, admin.body).toBe(200);
    let phases: unknown[] = [];
    for (let tries = 0; tries < 50 && !phases.includes('Completed'); tries++) {
      await pause(100);
      phases = (await featuresOf(tile)).map((f) => f.properties.phase);
    }
    expect(phases).toContain('Completed');
    expect(String((await fetchTile(tile)).headers.etag)).not.toBe(before);
  });
});

describe('with REDIS_URL', () => {
  it('two instances share the tiles, and an edit on one is seen on the other within moments', async () => {
    const [a, b] = await twoInstances(t);
    try {
      const spot = { lat: LONELY.lat + 0.02, lng: LONELY.lng + 0.02 };
      const tile = tileAt(spot.lng, spot.lat, 16);
      const read = async (app: typeof a) =>
        decode(
          (
            await app.inject({
              url: tilePath(ids.nairobiCbd, tile.z, tile.x, tile.y),
              headers: bearer(tokens.planner),
            })
          ).rawPayload,
        ).map((f) => f.id);
      const before = await read(b);
      const created = await a.inject({
        method: 'POST',
        url: '/api/networkelements/pole/create',
        payload: { clusterId: ids.cbd01, coordinates: spot },
        headers: bearer(tokens.planner),
      });
      expect(created.statusCode, created.body).toBe(200);
      const pole = created.json<{ data: MapElement }>().data;
      expect(before).not.toContain(pole.id);
      // Instance a forgets the tile in Redis; b's next answer has the pole.
      let seen: (number | undefined)[] = [];
      for (let tries = 0; tries < 50 && !seen.includes(pole.id); tries++) {
        seen = await read(b);
        if (!seen.includes(pole.id)) await pause(100);
      }
      expect(seen).toContain(pole.id);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
