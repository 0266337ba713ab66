import { describe, expect, it } from 'vitest';
import { createMultipleBody, editMultipleBody } from '@integration/contracts';
import { fastCreateMultiple, fastEditMultiple } from './fast-body.ts';

const point = { lat: -1.28, lng: 36.82 };
const line = [point, { lat: -1.29, lng: 36.83 }];

/** Each body: the fast check answers what zod answers, or leaves it to zod. */
function sameAsZod(
  fast: (body: unknown) => unknown,
  schema: typeof createMultipleBody | typeof editMultipleBody,
  body: unknown,
) {
  const zod = schema.safeParse(body);
  const quick = fast(body);
  if (quick === undefined) return { handled: false, zodOk: zod.success };
  expect(zod.success, JSON.stringify(body)).toBe(true);
  expect(quick).toEqual(zod.data);
  return { handled: true, zodOk: true };
}

describe('fast create/multiple body', () => {
  const check = (body: unknown) => sameAsZod(fastCreateMultiple, createMultipleBody, body);

  it('answers what zod answers for well-formed bodies', () => {
    const bodies = [
      { data: [{ clusterId: 1, coordinates: point }] },
      {
        data: [
          {
            clusterId: 2,
            templateId: 3,
            networkElementId: 9,
            name: '  Cable 1  ',
            coordinates: line,
            attributes: { Capacity: '48', Length: 5, Live: true, Note: null },
            extra: 'dropped',
          },
          { clusterId: 2, coordinates: line, attributes: [{ name: 'Type', value: 'x', a: 1 }] },
          { clusterId: 2, name: '', coordinates: [point], attributes: [{ name: 'Type' }] },
          { clusterId: 2, coordinates: line, clientKey: 'n0b9e4c1e-7f3a' },
        ],
        other: 1,
      },
    ];
    for (const body of bodies) expect(check(body)).toEqual({ handled: true, zodOk: true });
  });

  it('leaves every invalid body to zod', () => {
    const bad = [
      {},
      { data: [] },
      { data: [{ clusterId: 0, coordinates: point }] },
      { data: [{ clusterId: 1.5, coordinates: point }] },
      { data: [{ clusterId: 1, coordinates: { lat: 91, lng: 0 } }] },
      { data: [{ clusterId: 1, coordinates: { lat: 0, lng: -181 } }] },
      { data: [{ clusterId: 1, coordinates: { lat: '1', lng: 0 } }] },
      { data: [{ clusterId: 1, coordinates: [] }] },
      { data: [{ clusterId: 1 }] },
      { data: [{ clusterId: 1, coordinates: point, name: 'x'.repeat(201) }] },
      { data: [{ clusterId: 1, coordinates: point, name: null }] },
      { data: [{ clusterId: 1, coordinates: point, templateId: -1 }] },
      { data: [{ clusterId: 1, coordinates: point, attributes: { '': 1 } }] },
      { data: [{ clusterId: 1, coordinates: point, attributes: { a: { b: 1 } } }] },
      { data: [{ clusterId: 1, coordinates: point, attributes: [{ value: 1 }] }] },
      { data: [{ clusterId: 1, coordinates: point, attributes: 'x' }] },
      { data: [{ clusterId: 1, coordinates: point, clientKey: '' }] },
      { data: [{ clusterId: 1, coordinates: point, clientKey: 'k'.repeat(101) }] },
      { data: [{ clusterId: 1, coordinates: point, clientKey: 7 }] },
    ];
    for (const body of bad) expect(check(body)).toEqual({ handled: false, zodOk: false });
  });

  it('refuses, as zod does, ids as text and text PostgreSQL cannot store', () => {
    for (const item of [
      { clusterId: '7', coordinates: point },
      { clusterId: 7, coordinates: point, name: 'NUL \u0000' },
      { clusterId: 7, coordinates: point, clientKey: 'lone \ud800' },
      { clusterId: 7, coordinates: point, attributes: { Owner: '\udc00' } },
    ]) {
      expect(check({ data: [item] })).toEqual({ handled: false, zodOk: false });
    }
  });
});

describe('fast edit/multiple body', () => {
  const check = (body: unknown) => sameAsZod(fastEditMultiple, editMultipleBody, body);

  it('answers what zod answers for well-formed bodies', () => {
    const body = {
      data: [
        { id: 5, name: ' Renamed ', version: 2, updatedById: 1, networkElementId: 3 },
        { id: 6, coordinates: line, attributes: { Height: 11 }, templateId: 4, junk: true },
        { id: 7, attributes: [{ name: 'Height', value: 12 }] },
      ],
    };
    expect(check(body)).toEqual({ handled: true, zodOk: true });
  });

  it('leaves every invalid body to zod', () => {
    const bad = [
      { data: [{ name: 'no id' }] },
      { data: [{ id: 5, name: '   ' }] },
      { data: [{ id: 5, version: 0 }] },
      { data: [{ id: 5, version: 1.5 }] },
      { data: [{ id: 5, coordinates: { lat: 0 } }] },
      { data: [{ id: 5, updatedById: 'me' }] },
    ];
    for (const b of bad) expect(check(b)).toEqual({ handled: false, zodOk: false });
  });
});
