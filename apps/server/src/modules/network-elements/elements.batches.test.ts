import { describe, expect, it } from 'vitest';
import { ELEMENT_TYPES, type MapElement } from '@integration/contracts';
import {
  cbd01,
  coordinatesFor,
  get,
  nairobiCbd,
  post,
  useElementsApp,
  viewer,
} from './elements.fixtures.ts';

useElementsApp();

describe.each(ELEMENT_TYPES.map((type) => [type.displayName, type] as const))(
  '%s (batches and templates)',
  (_, type) => {
    const base = `/networkelements/${type.segment}`;

    it('edits and deletes several in one request, answering one ack per item in order', async () => {
      const created = await post(`${base}/create/multiple`, {
        data: [30, 31].map((i) => ({ clusterId: cbd01, coordinates: coordinatesFor(type, i) })),
      });
      const acks = created.json<{ data: { id: number; version: number }[] }>().data;
      const edited = await post(`${base}/edit/multiple`, {
        data: [...acks]
          .reverse()
          .map((a, i) => ({ id: a.id, name: `${type.code} edited ${i}`, version: a.version })),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data).toEqual([
        expect.objectContaining({ id: acks[1]?.id, name: `${type.code} edited 0`, version: 2 }),
        expect.objectContaining({ id: acks[0]?.id, name: `${type.code} edited 1`, version: 2 }),
      ]);
      const removed = await post(`${base}/delete/multiple`, { data: acks.map((a) => a.id) });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({
        data: acks.map((a) => a.id),
        message: '2 element(s) deleted.',
      });
      const listed = (await get(`${base}/cluster/${cbd01}`))
        .json<{ data: MapElement[] }>()
        .data.map((e) => e.id);
      expect(listed).not.toContain(acks[0]?.id);
      const again = await post(`${base}/delete/multiple`, { data: acks.map((a) => a.id) });
      expect(again.statusCode).toBe(400);
      expect(again.json().details).toHaveLength(2);
    });

    it('serves its templates for a project and across projects', async () => {
      const ofProject = await get(`${base}/templates/project/${nairobiCbd}`);
      expect(ofProject.json().data).toEqual([
        expect.objectContaining({
          type: type.internalName,
          networkElementId: type.id,
          isDefault: true,
        }),
      ]);
      const ofType = (await get(`${base}/templates`)).json().data.data as { type: string }[];
      expect(ofType.every((template) => template.type === type.internalName)).toBe(true);
      expect((await get(`${base}/templates/project/${nairobiCbd}`, viewer)).statusCode).toBe(403);
    });
  },
);
