import { encode } from '@googlemaps/polyline-codec';
import { describe, expect, it, vi } from 'vitest';
import type { ComputeRouteBody, MapElement, UpdateElementBody } from '@integration/contracts';
import { Editor } from './editor.ts';
import { memoryPendingStore } from './pending-store.ts';
import { RouteSearch } from './route-search.ts';
import type { SaveGateway } from './save-gateway.ts';

const A = { lat: -1.28, lng: 36.82 };
const B = { lat: -1.282, lng: 36.822 };

const cable: MapElement = {
  id: 5,
  name: 'CBL-5',
  version: 1,
  coordinates: [A, B],
  attributes: [
    { name: 'Name', value: 'CBL-5', inputType: 'text', attribute_name: 'name' },
    { name: 'Length', value: 314.5, inputType: 'number', attribute_name: 'length' },
  ],
  updatedById: 1,
  createdById: 1,
  networkElementId: 9,
  networkElement: { id: 9, type: 'Cable', name: 'Cable' },
  templateId: 9,
  clusterId: 7,
  geometry: { color: '#000', cables: [], lines: [] },
  zone: null,
  createdAt: '',
  updatedAt: '',
};

/** Two routes from A to B: east then south (best), south then east. */
const ROUTES = [
  [A, { lat: -1.28, lng: 36.822 }, B],
  [A, { lat: -1.282, lng: 36.82 }, B],
].map((path, i) => ({
  distance: 500 + i * 10,
  duration: 60 + i,
  polyline: encode(path.map((p) => [p.lat, p.lng])),
}));

async function setUp(
  compute = vi.fn(async (_: ComputeRouteBody) => ({
    routes: ROUTES,
    currency: null as string | null,
  })),
) {
  const updates: UpdateElementBody[] = [];
  const gateway: SaveGateway = {
    create: async () => [],
    update: async (_segment, items) => {
      updates.push(...items);
      return items.map((i) => ({ id: i.id, version: (i.version ?? 1) + 1 }));
    },
    remove: async () => undefined,
    restore: async () => [],
  };
  const editor = new Editor({
    clusterId: 7,
    loadElements: async () => [cable],
    loadTemplates: async () => [],
    gateway,
    pending: memoryPendingStore(),
    // Long: a route chosen must be saved at once, not after the quiet period.
    autosaveDelayMs: 60_000,
  });
  await editor.load();
  const routes = new RouteSearch({ editor, projectId: 3, compute });
  editor.setInteraction({ kind: 'mode', mode: 'createRoute' });
  editor.select(['e5']);
  return { editor, routes, compute, updates };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('Create Route', () => {
  it("asks for routes between the cable's first and last points", async () => {
    const { routes, compute } = await setUp();
    const searching = routes.search('e5');
    expect(routes.get().search).toEqual({ phase: 'loading', key: 'e5' });
    await searching;
    expect(compute).toHaveBeenCalledWith({
      origin: A,
      destination: B,
      profile: 'two-wheeler',
      projectId: 3,
      clusterId: 7,
      // The cable itself is left out of the infrastructure it may follow.
      excludeElementId: 5,
      alternatives: true,
    });
    const search = routes.get().search;
    expect(search.phase).toBe('shown');
    if (search.phase === 'shown') expect(search.routes.map((r) => r.distance)).toEqual([500, 510]);
  });

  it('replaces the path with the route chosen, marks it edit and saves at once', async () => {
    const { editor, routes, updates } = await setUp();
    await routes.search('e5');
    expect(routes.choose(1)).toBe(true);
    expect(routes.get().search.phase).toBe('idle');
    const edited = editor.collection.get('e5');
    expect(edited?.coordinates).toEqual([A, { lat: -1.282, lng: 36.82 }, B]);
    expect(edited?.status).toBe('edit');
    // Length follows the new path (about 2 × 222 m).
    const length = edited?.attributes.find((a) => a.name === 'Length')?.value as number;
    expect(length).toBeGreaterThan(440);
    expect(length).toBeLessThan(450);
    await settle();
    expect(updates).toHaveLength(1);
    expect(updates[0]?.coordinates).toEqual([A, { lat: -1.282, lng: 36.82 }, B]);
    expect(editor.collection.get('e5')?.status).toBe('none');
    // One undo puts the cable back.
    editor.undo();
    expect(editor.collection.get('e5')?.coordinates).toEqual([A, B]);
  });

  it('clears the alternatives on Escape (the selection cleared) and on leaving the mode', async () => {
    const { editor, routes } = await setUp();
    await routes.search('e5');
    editor.select([]);
    expect(routes.get().search.phase).toBe('idle');
    editor.select(['e5']);
    await routes.search('e5');
    editor.setInteraction({ kind: 'idle' });
    expect(routes.get().search.phase).toBe('idle');
    expect(routes.choose(0)).toBe(false);
  });

  it('drops an answer that comes after a cancel', async () => {
    type Answer = { routes: typeof ROUTES; currency: string | null };
    let answer: (v: Answer) => void = () => undefined;
    const compute = vi.fn(() => new Promise<Answer>((r) => (answer = r)));
    const { routes } = await setUp(compute);
    const searching = routes.search('e5');
    routes.cancel();
    answer({ routes: ROUTES, currency: null });
    await searching;
    expect(routes.get().search.phase).toBe('idle');
  });

  it("tells a project with no roads from a point off the roads, with the server's words", async () => {
    const refuse = (status: number, message: string) =>
      vi.fn(async () => Promise.reject({ status, message }));
    const noRoads = await setUp(refuse(409, 'No road network: import one'));
    await noRoads.routes.search('e5');
    expect(noRoads.routes.get().search).toMatchObject({
      phase: 'failed',
      problem: { kind: 'noRoads', message: 'No road network: import one' },
    });
    const far = await setUp(refuse(422, 'The destination is 900 m from the nearest road'));
    await far.routes.search('e5');
    expect(far.routes.get().search).toMatchObject({ problem: { kind: 'unroutable' } });
  });

  it('asks again with the other profile', async () => {
    const { routes, compute } = await setUp();
    await routes.search('e5');
    routes.setProfile('infrastructure');
    await settle();
    expect(compute).toHaveBeenLastCalledWith(
      expect.objectContaining({ profile: 'infrastructure' }),
    );
    expect(routes.get().search.phase).toBe('shown');
  });

  it('lists each path once, with the currency of the costs', async () => {
    const twice = [ROUTES[0], ROUTES[0], ROUTES[1]] as typeof ROUTES;
    const { routes } = await setUp(vi.fn(async () => ({ routes: twice, currency: 'KES' })));
    await routes.search('e5');
    expect(routes.get().search).toMatchObject({ phase: 'shown', currency: 'KES' });
    const search = routes.get().search;
    if (search.phase === 'shown') expect(search.routes.map((r) => r.distance)).toEqual([500, 510]);
  });
});
