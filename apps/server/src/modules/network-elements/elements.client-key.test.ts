import { describe, expect, it } from 'vitest';
import type { ElementAck, MapElement } from '@integration/contracts';
import { admin, at, cbd01, get, post, useElementsApp } from './elements.fixtures.ts';

useElementsApp();

/** The cluster's poles named so, as the map would load them. */
async function polesNamed(name: string): Promise<MapElement[]> {
  const all = (await get(`/networkelements/pole/cluster/${cbd01}`)).json<{
    data: MapElement[];
  }>().data;
  return all.filter((e) => e.name === name);
}

const createMany = async (data: object[], token?: string) =>
  (await post('/networkelements/pole/create/multiple', { data }, token)).json<{
    data: ElementAck[];
  }>().data;

describe('a create sent again with the same clientKey (its answer was lost)', () => {
  it('answers the elements the first one made, and makes no second copy', async () => {
    const batch = [
      { clusterId: cbd01, coordinates: at(40), name: 'Resent A', clientKey: 'n-resent-a' },
      { clusterId: cbd01, coordinates: at(41), clientKey: 'n-resent-b' },
    ];
    const first = await createMany(batch);
    const again = await createMany(batch);
    expect(again.map((a) => [a.id, a.name, a.version])).toEqual(
      first.map((a) => [a.id, a.name, a.version]),
    );
    expect(await polesNamed('Resent A')).toHaveLength(1);
    // The generated name was not drawn twice either.
    const named = first[1]?.name ?? '';
    expect(await polesNamed(named)).toHaveLength(1);
    const history = (await get(`/networkelements/pole/${first[0]?.id}/history`)).json<{
      data: { action: string }[];
    }>().data;
    expect(history.map((h) => h.action)).toEqual(['create']);
  });

  it('makes only the new items of a batch, answering all of them in request order', async () => {
    const [made] = await createMany([
      { clusterId: cbd01, coordinates: at(42), name: 'Mixed old', clientKey: 'n-mixed-old' },
    ]);
    const answer = await createMany([
      { clusterId: cbd01, coordinates: at(43), name: 'Mixed new', clientKey: 'n-mixed-new' },
      { clusterId: cbd01, coordinates: at(42), name: 'Mixed old', clientKey: 'n-mixed-old' },
      { clusterId: cbd01, coordinates: at(44), name: 'Mixed unkeyed' },
    ]);
    expect(answer.map((a) => a.name)).toEqual(['Mixed new', 'Mixed old', 'Mixed unkeyed']);
    expect(answer[1]?.id).toBe(made?.id);
    expect(await polesNamed('Mixed old')).toHaveLength(1);
    expect(await polesNamed('Mixed new')).toHaveLength(1);
  });

  it('answers the single create with the element as first made, for the client to edit', async () => {
    const body = { clusterId: cbd01, coordinates: at(45), name: 'Single', clientKey: 'n-single' };
    const first = (await post('/networkelements/pole/create', body)).json<{ data: MapElement }>();
    const again = await post('/networkelements/pole/create', { ...body, name: 'Single renamed' });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: MapElement }>().data).toMatchObject({
      id: first.data.id,
      name: 'Single',
      version: 1,
    });
    expect(await polesNamed('Single renamed')).toEqual([]);
  });

  it('keeps keys apart per user: the same key from someone else makes their own element', async () => {
    const body = { clusterId: cbd01, coordinates: at(46), name: 'Per user', clientKey: 'n-shared' };
    const [mine] = await createMany([body]);
    const [theirs] = await createMany([body], admin);
    expect(theirs?.id).not.toBe(mine?.id);
    expect(await polesNamed('Per user')).toHaveLength(2);
  });

  it('refuses one key on two items of a request, naming the second, in both languages', async () => {
    const data = [
      { clusterId: cbd01, coordinates: at(47), name: 'Twice 1', clientKey: 'n-twice' },
      { clusterId: cbd01, coordinates: at(48), name: 'Twice 2', clientKey: 'n-twice' },
    ];
    const en = await post('/networkelements/pole/create/multiple', { data });
    expect(en.statusCode).toBe(400);
    expect(en.json().details).toEqual([
      {
        index: 1,
        field: 'clientKey',
        message: 'This clientKey is already used by another item of the request.',
      },
    ]);
    const fr = await post(
      '/networkelements/pole/create/multiple',
      { data },
      undefined,
      '?locale=fr',
    );
    expect(fr.json().details[0].message).toBe(
      'Cette clientKey est déjà utilisée par un autre élément de la requête.',
    );
    expect(await polesNamed('Twice 1')).toEqual([]);
  });

  it('makes one element when the same keyed create arrives twice at once', async () => {
    const body = { clusterId: cbd01, coordinates: at(49), name: 'At once', clientKey: 'n-at-once' };
    const answers = await Promise.all([createMany([body]), createMany([body]), createMany([body])]);
    const ids = new Set(answers.map(([ack]) => ack?.id));
    expect(ids.size).toBe(1);
    expect(await polesNamed('At once')).toHaveLength(1);
  });
});
