import { describe, expect, it } from 'vitest';
import { finiteKmlCoordinates, scanKmlCoordinatesForTest } from './kml-checks.ts';

const KML = `<?xml version="1.0"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:k="http://www.opengis.net/kml/2.2">
  <Placemark><Point><coordinates>36.82,-1.28,0</coordinates></Point></Placemark>
  <Placemark><LineString><k:coordinates decimal=".">
    36.82, -1.28 36.83,-1.29,12
  </k:coordinates></LineString></Placemark>
  <Placemark><Point><coordinates/></Point></Placemark>
</kml>`;

/** Every way of cutting `text` in two pieces, as a stream may deliver it. */
const cuts = (text: string) =>
  Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);

describe('KML coordinates check', () => {
  it('reads tuples of finite numbers, with or without a space after the commas', () => {
    expect(finiteKmlCoordinates('36.8,-1.2 36.9, -1.3,0\n')).toBe(true);
    expect(finiteKmlCoordinates('36.8,nan')).toBe(false);
    expect(finiteKmlCoordinates('1e999,0')).toBe(false);
    expect(finiteKmlCoordinates('no,no')).toBe(false);
    expect(finiteKmlCoordinates('36.8')).toBe(false);
  });

  it('finds every coordinates element, prefixed or not, wherever the stream is cut', () => {
    for (const pieces of cuts(KML)) {
      expect(scanKmlCoordinatesForTest(pieces), JSON.stringify(pieces[0]?.length)).toEqual({
        ok: true,
        count: 2,
      });
    }
  });

  it('refuses a bad tuple wherever the stream is cut, naming its element', () => {
    const bad = KML.replace('36.83,-1.29,12', '36.83,inf,12');
    for (const pieces of cuts(bad)) {
      expect(scanKmlCoordinatesForTest(pieces)).toEqual({ ok: false, count: 2 });
    }
  });

  it('refuses a tuple that never ends rather than holding it all', () => {
    const run = `<coordinates>${'1'.repeat(10_000)}`;
    expect(scanKmlCoordinatesForTest([run]).ok).toBe(false);
  });

  it('scans hostile KML in linear time: unclosed tags, tag names without tags', () => {
    const hostile = [
      '<coordinates>'.repeat(160_000),
      'coordinates'.repeat(500_000),
      `${'a'.repeat(500)}:coordinates`.repeat(5_000),
      '<coordinates>1,2 </x>'.repeat(100_000),
    ];
    for (const text of hostile) {
      const started = performance.now();
      scanKmlCoordinatesForTest([text]);
      // Quadratic, the first took minutes; linear, each takes a fraction of a second.
      expect(performance.now() - started, text.slice(0, 30)).toBeLessThan(2_000);
    }
  });
});
