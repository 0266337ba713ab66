import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELEMENT_TYPES } from '@integration/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ICON_KEYS, resolveIconKey } from './icon-symbols.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const icon = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/icons/${path}`, headers });

/**
 * Every element opened is closed, in order, and no attribute is given twice (a browser
 * refuses to draw such an image): enough to catch a broken template.
 */
function expectWellFormed(svg: string) {
  const stack: string[] = [];
  for (const [tag = '', closing, name, selfClosing] of svg.matchAll(
    /<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g,
  )) {
    const attributes = [...tag.matchAll(/\s([\w:-]+)="/g)].map((m) => m[1]);
    expect(new Set(attributes).size, tag).toBe(attributes.length);
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name ?? '');
  }
  expect(stack).toEqual([]);
}

const size = (svg: string) => {
  const match = svg.match(/^<svg [^>]*width="(\d+)" height="(\d+)"/);
  return match ? [Number(match[1]), Number(match[2])] : undefined;
};

describe('GET /api/icons/:type.svg', () => {
  it('draws every element type, the house and the pin, without a token', async () => {
    const bodies = new Set<string>();
    for (const key of ICON_KEYS) {
      const response = await icon(`${key}.svg`);
      expect(response.statusCode, key).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      const svg = response.body;
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expectWellFormed(svg);
      // The white halo that keeps it readable on satellite imagery.
      expect(svg).toContain('stroke="#fff"');
      bodies.add(svg);
    }
    expect(bodies.size).toBe(ICON_KEYS.length);
  });

  it('fills each element type with its registry colour', async () => {
    for (const type of ELEMENT_TYPES) {
      const svg = (await icon(`${type.segment}.svg`)).body;
      expect(svg).toContain(`fill="${type.color}"`);
      expect(svg).toContain(`<title>${type.displayName}</title>`);
    }
  });

  it('accepts internal names in any case', async () => {
    const byName = await icon('PboFat.svg');
    expect(byName.statusCode).toBe(200);
    expect(byName.body).toBe((await icon('pbofat.svg')).body);
    expect((await icon('FDTSRO.svg')).body).toBe((await icon('fdt.svg')).body);
    expect((await icon('SPLICECLOSURE.svg')).statusCode).toBe(200);
    expect((await icon('House.svg')).statusCode).toBe(200);
  });

  it('is 30 px wide by default, with the height following the aspect ratio', async () => {
    expect(size((await icon('pole.svg')).body)).toEqual([30, 40]);
    expect(size((await icon('cable.svg')).body)).toEqual([30, 30]);
    expect(size((await icon('house.svg')).body)).toEqual([30, 30]);
    expect(size((await icon('pole.svg?width=64')).body)).toEqual([64, 85]);
    expect(size((await icon('zone.svg?width=8')).body)).toEqual([8, 8]);
    expect(size((await icon('pin.svg?width=256')).body)).toEqual([256, 341]);
  });

  it('answers a bad width with a 400 in the caller’s language', async () => {
    for (const width of ['7', '257', 'abc', '12.5', '-30', '']) {
      const response = await icon(`pole.svg?width=${width}`);
      expect(response.statusCode, width).toBe(400);
      expect(response.json()).toMatchObject({
        status: false,
        statusCode: 400,
        error: 'VALIDATION_ERROR',
        message: `The icon width must be a whole number of pixels from 8 to 256, not '${width}'.`,
      });
    }
    const fr = await icon('pole.svg?width=500', { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(fr.statusCode).toBe(400);
    expect(fr.json().message).toBe(
      "La largeur de l'icône doit être un nombre entier de pixels de 8 à 256, pas « 500 ».",
    );
  });

  it('answers an unknown type with a 404 envelope in the caller’s language', async () => {
    const en = await icon('antenna.svg');
    expect(en.statusCode).toBe(404);
    expect(en.json()).toMatchObject({ status: false, statusCode: 404, error: 'NOT_FOUND' });
    expect(en.json().message).toBe(
      `There is no icon 'antenna'. Known icons: ${ICON_KEYS.join(', ')}.`,
    );
    const fr = await icon('antenna.svg?locale=fr');
    expect(fr.statusCode).toBe(404);
    expect(fr.json().message).toMatch(
      /^Il n'existe pas d'icône « antenna »\. Icônes disponibles :/,
    );
  });

  it('is cacheable for a day, with an ETag that answers 304', async () => {
    const first = await icon('manhole.svg?width=40');
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await icon('manhole.svg?width=40', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const otherWidth = await icon('manhole.svg?width=41', { 'if-none-match': String(etag) });
    expect(otherWidth.statusCode).toBe(200);
    expect(otherWidth.headers.etag).not.toBe(etag);
  });
});

describe('the OpenAPI document', () => {
  it('lists the icon, basemap and offline layer routes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/icons/{type}.svg',
        '/api/map/basemaps',
        '/api/map/offline/land.geojson',
      ]),
    );
  });
});

describe('resolveIconKey', () => {
  it('maps segments, internal names, house and pin, and nothing else', () => {
    expect(resolveIconKey('sfu')).toBe('sfu');
    expect(resolveIconKey('Zone')).toBe('zone');
    expect(resolveIconKey('fdtsro')).toBe('fdt');
    expect(resolveIconKey('PIN')).toBe('pin');
    expect(resolveIconKey('FDT-SRO')).toBeUndefined();
    expect(resolveIconKey('')).toBeUndefined();
  });
});

describe('element type colours', () => {
  it('gives every type its own hex colour', () => {
    const colors = ELEMENT_TYPES.map((t) => t.color);
    for (const color of colors) expect(color).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(colors).size).toBe(ELEMENT_TYPES.length);
  });
});
