import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { KmlReader } from '../kml-reader.ts';
import { readKmlText } from '../kml/read-text.ts';
import { boundFeatureLine } from './feature-lines.ts';
import { pendingSaxesText } from './saxes-bounds.ts';
import { CutValues, TEXT_CAPS } from './text-caps.ts';

const point = '<Point><coordinates>36.82,-1.28</coordinates></Point>';
const kml = (body: string) =>
  `<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Survey</name>${body}</Document></kml>`;

describe('text read from a KML is cut to its cap as it streams', () => {
  it('keeps 1,000 characters of a name, 100,000 of a description or a value, and says so', () => {
    const big = 'A'.repeat(3_000_000);
    const { layers, cut } = readKmlText(
      kml(
        `<Folder><name>${big}</name><Placemark><name>${big}</name><description>${big}</description>` +
          `<ExtendedData><Data name="note"><value>${big}</value></Data>` +
          `<Data name="${big}"><value>x</value></Data></ExtendedData>${point}</Placemark></Folder>`,
      ),
    );
    const [layer] = layers;
    expect(layer?.name).toHaveLength(TEXT_CAPS.name);
    expect(layer?.name.endsWith('…')).toBe(true);
    const properties = layer?.list[0]?.properties ?? {};
    expect(String(properties.Name)).toHaveLength(TEXT_CAPS.name);
    expect(String(properties.Description)).toHaveLength(TEXT_CAPS.description);
    expect(String(properties.note)).toHaveLength(TEXT_CAPS.value);
    // A field named by a huge attribute: its name cut as an attribute's.
    const names = Object.keys(properties);
    expect(Math.max(...names.map((n) => n.length))).toBe(TEXT_CAPS.attribute);
    expect(cut.count).toBe(5);
    expect([...cut.fields]).toContain('Description');
  });

  it('never lets saxes build a huge text: what it holds stays near the cap between pieces', () => {
    // saxes-bounds.ts cuts saxes's own buffer: this proves saxes still keeps it where it looks.
    const parser = new SaxesParser();
    parser.on('text', () => {});
    parser.write('<kml><name>');
    parser.write('A'.repeat(50_000));
    expect(pendingSaxesText(parser)).toBe(50_000);

    let held = 0;
    const reader = new KmlReader('big.kml', 'big', () => {});
    const internal = reader as unknown as { parser: SaxesParser };
    const piece = 'A'.repeat(1 << 16);
    const [head, tail] = kml('<Placemark><name>|</name>' + point + '</Placemark>').split('|');
    reader.push(head ?? '');
    for (let i = 0; i < 200; i++) {
      reader.push(piece);
      held = Math.max(held, pendingSaxesText(internal.parser) ?? Infinity);
    }
    reader.push(tail ?? '');
    reader.end();
    expect(held).toBeLessThanOrEqual(TEXT_CAPS.attribute + 1);
    expect(reader.cut.count).toBe(1);
  });

  it('refuses a name of an element longer than any XML name', () => {
    expect(() => readKmlText(kml(`<${'a'.repeat(70_000)}/>`))).toThrow(
      expect.objectContaining({ key: 'files.unreadable' }) as Error,
    );
  });

  it('leaves text a file needs whole: a long line’s coordinates', () => {
    const coordinates = Array.from({ length: 20_000 }, (_, i) => `36.${i},-1.${i}`).join(' ');
    const { layers } = readKmlText(
      kml(
        `<Placemark><name>Line</name><LineString><coordinates>${coordinates}</coordinates></LineString></Placemark>`,
      ),
    );
    const geometry = layers[0]?.list[0]?.geometry as { coordinates: unknown[] };
    expect(geometry.coordinates).toHaveLength(20_000);
  });
});

describe('values GDAL read from other formats', () => {
  it('are cut to 100,000 characters, in nested values too; short lines are kept as written', () => {
    const cut = new CutValues();
    const short = '{ "type": "Feature", "properties": { "a": 1 }, "geometry": null }';
    expect(boundFeatureLine(short, cut)).toBe(short);
    const long = JSON.stringify({
      type: 'Feature',
      properties: { big: 'x'.repeat(300_000), n: -1.28, list: ['y'.repeat(200_000)] },
      geometry: { type: 'Point', coordinates: [36.82, -1.28] },
    });
    const read = JSON.parse(boundFeatureLine(long, cut)) as {
      properties: { big: string; n: number; list: string[] };
    };
    expect(read.properties.big).toHaveLength(TEXT_CAPS.value);
    expect(read.properties.list[0]).toHaveLength(TEXT_CAPS.value);
    expect(read.properties.n).toBe(-1.28);
    expect(cut.count).toBe(2);
  });
});
