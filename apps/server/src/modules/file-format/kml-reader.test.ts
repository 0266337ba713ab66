import { describe, expect, it } from 'vitest';
import { KML_LIMITS } from './kml-reader.ts';
import { readKmlText } from './kml/read-text.ts';
import { kmlEncoding, topLayerNames } from './kml-import.ts';

const kml = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
<Document><name>Survey</name>${body}</Document></kml>`;

const only = (text: string) => {
  const { layers } = readKmlText(text);
  expect(layers).toHaveLength(1);
  return layers[0]?.list ?? [];
};

describe('KML reader (as LIBKML lays a KML out)', () => {
  it('reads a gx:Track as a line, its times as begin, end and times', () => {
    const [track] = only(
      kml(`<Placemark><name>Run</name><gx:Track>
        <when>2010-05-28T02:02:09Z</when><when>2010-05-28T02:02:35Z</when><when>2010-05-28T02:02:44Z</when>
        <gx:coord>-122.207881 37.371915 156</gx:coord>
        <gx:coord>-122.205712   37.373288 152</gx:coord>
        <gx:coord>-122.204678 37.373939 147</gx:coord>
      </gx:Track></Placemark>`),
    );
    expect(track?.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [-122.207881, 37.371915, 156],
        [-122.205712, 37.373288, 152],
        [-122.204678, 37.373939, 147],
      ],
    });
    expect(track?.properties).toEqual({
      Name: 'Run',
      begin: '2010-05-28T02:02:09Z',
      end: '2010-05-28T02:02:44Z',
      times: '2010-05-28T02:02:09Z 2010-05-28T02:02:35Z 2010-05-28T02:02:44Z',
    });
  });

  it('reads a gx:MultiTrack as one MultiLineString, keeping a TimeSpan over the tracks’ times', () => {
    const track = (a: number) =>
      `<gx:Track><when>2014-04-12T14:2${a}:00Z</when><when>2014-04-12T14:2${a}:30Z</when>
       <gx:coord>${a} 1 0</gx:coord><gx:coord>${a} 2 0</gx:coord></gx:Track>`;
    const [one, two] = only(
      kml(`<Placemark><gx:MultiTrack>${track(1)}${track(2)}</gx:MultiTrack></Placemark>
        <Placemark><TimeSpan><begin>2014-04-12</begin></TimeSpan>
        <gx:MultiTrack>${track(3)}</gx:MultiTrack></Placemark>`),
    );
    expect(one?.geometry).toEqual({
      type: 'MultiLineString',
      coordinates: [
        [
          [1, 1, 0],
          [1, 2, 0],
        ],
        [
          [2, 1, 0],
          [2, 2, 0],
        ],
      ],
    });
    expect(one?.properties).toMatchObject({
      begin: '2014-04-12T14:21:00Z',
      end: '2014-04-12T14:22:30Z',
      times: '2014-04-12T14:21:00Z 2014-04-12T14:21:30Z 2014-04-12T14:22:00Z 2014-04-12T14:22:30Z',
    });
    // One track is still a MultiLineString (as LIBKML reads it); the TimeSpan stands.
    expect(two?.geometry.type).toBe('MultiLineString');
    expect(two?.properties).toMatchObject({ begin: '2014-04-12' });
    expect(two?.properties.end).toBeUndefined();
  });

  it('reads a bare LinearRing as a line, and a polygon with its hole', () => {
    const [ring, polygon] = only(
      kml(`<Placemark><LinearRing><coordinates>
          -126,24 -126,25 -125,25 -126,24
        </coordinates></LinearRing></Placemark>
        <Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 4,0 4,4 0,4 0,0</coordinates></LinearRing></outerBoundaryIs>
        <innerBoundaryIs><LinearRing><coordinates>1,1 2,1 2,2 1,1</coordinates></LinearRing></innerBoundaryIs></Polygon></Placemark>`),
    );
    expect(ring?.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [-126, 24],
        [-126, 25],
        [-125, 25],
        [-126, 24],
      ],
    });
    expect(polygon?.geometry.type).toBe('Polygon');
    expect((polygon?.geometry as { coordinates: unknown[] }).coordinates).toHaveLength(2);
  });

  it('reads a GroundOverlay’s footprint, from its LatLonBox or its gx:LatLonQuad, and its image', () => {
    const [box, quad] = only(
      kml(`<GroundOverlay><name>Etna</name><Icon><href>etna.jpg</href></Icon>
          <LatLonBox><north>38</north><south>37</south><east>16</east><west>15</west></LatLonBox></GroundOverlay>
        <GroundOverlay><gx:LatLonQuad><coordinates>1,1 2,1 2,2 1,2</coordinates></gx:LatLonQuad></GroundOverlay>`),
    );
    expect(box?.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [15, 38],
          [16, 38],
          [16, 37],
          [15, 37],
          [15, 38],
        ],
      ],
    });
    expect(box?.properties).toEqual({ Name: 'Etna', icon: 'etna.jpg' });
    expect(quad?.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [1, 1],
          [2, 1],
          [2, 2],
          [1, 2],
          [1, 1],
        ],
      ],
    });
  });

  it('reads a MultiGeometry of one kind as a Multi geometry, of mixed kinds as a collection', () => {
    const [lines, points, mixed] = only(
      kml(`<Placemark><MultiGeometry><LineString><coordinates>0,0 1,1</coordinates></LineString>
          <MultiGeometry><LineString><coordinates>2,2 3,3</coordinates></LineString></MultiGeometry></MultiGeometry></Placemark>
        <Placemark><MultiGeometry><Point><coordinates>5,5,200</coordinates></Point></MultiGeometry></Placemark>
        <Placemark><MultiGeometry><Point><coordinates>0,0</coordinates></Point>
          <LineString><coordinates>0,0 1,0</coordinates></LineString></MultiGeometry></Placemark>`),
    );
    expect(lines?.geometry).toEqual({
      type: 'MultiLineString',
      coordinates: [
        [
          [0, 0],
          [1, 1],
        ],
        [
          [2, 2],
          [3, 3],
        ],
      ],
    });
    expect(points?.geometry).toEqual({ type: 'MultiPoint', coordinates: [[5, 5, 200]] });
    expect(mixed?.geometry).toEqual({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [0, 0] },
        {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 0],
          ],
        },
      ],
    });
  });

  it('gives ExtendedData Data as text and SchemaData typed by its Schema', () => {
    const [trail] = only(
      kml(`<Schema name="Trail" id="TrailId">
          <SimpleField type="string" name="TrailHeadName"/><SimpleField type="double" name="TrailLength"/>
          <SimpleField type="int" name="ElevationGain"/><SimpleField type="bool" name="Open"/></Schema>
        <Placemark><name>Easy trail</name><description><![CDATA[<b>nice</b>]]></description>
          <ExtendedData><Data name="Surface"><displayName>Surface</displayName><value> gravel </value></Data>
          <SchemaData schemaUrl="#TrailId"><SimpleData name="TrailHeadName">Pi in the sky</SimpleData>
          <SimpleData name="TrailLength">3.14159</SimpleData><SimpleData name="ElevationGain">10</SimpleData>
          <SimpleData name="Open">true</SimpleData></SchemaData></ExtendedData>
          <Point><coordinates>-122.000,37.002</coordinates></Point></Placemark>`),
    );
    expect(trail?.properties).toEqual({
      Name: 'Easy trail',
      Description: '<b>nice</b>',
      Surface: 'gravel',
      TrailHeadName: 'Pi in the sky',
      TrailLength: 3.14159,
      ElevationGain: 10,
      Open: true,
    });
  });

  it('makes a layer per folder, named as LIBKML names them, with the folder path on each placemark', () => {
    const point = (name: string) =>
      `<Placemark><name>${name}</name><Point><coordinates>1,2</coordinates></Point></Placemark>`;
    const { layers } = readKmlText(
      kml(`${point('top')}<Folder><name> Network </name>${point('n1')}
          <Folder><name>Poles</name>${point('p1')}${point('p2')}</Folder>
          <Folder>${point('unnamed')}</Folder>
          <Folder><name>Poles</name>${point('p3')}</Folder></Folder>
        <Folder><name>Empty</name></Folder>`),
    );
    expect(layers.map((l) => [l.name, l.features])).toEqual([
      ['Network', 1],
      ['Poles', 2],
      ['Layer2', 1], // its place among Network's features
      ['Poles (#2)', 1],
      ['Survey', 1], // the document's own placemarks come last, as in LIBKML
    ]);
    const folders = layers.map((l) => l.list.map((f) => f.properties.folder));
    expect(folders).toEqual([
      ['Network'],
      ['Network / Poles', 'Network / Poles'],
      ['Network / Layer2'],
      ['Network / Poles'],
      [undefined],
    ]);
  });

  it('names the top layer after the file when its document has no name; counts placemarks without geometry', () => {
    const { layers } = readKmlText(
      `<kml><Placemark><name>a</name></Placemark><Placemark><Point><coordinates>1,2</coordinates></Point></Placemark></kml>`,
      'poles.kml',
    );
    expect(layers).toMatchObject([{ name: 'poles', features: 1, nullGeometries: 1 }]);
  });

  it('names a KMZ’s layers as LIBKML: doc.kml after the KMZ, a linked file after itself', () => {
    expect(topLayerNames('roads.kml')).toEqual({ fallback: 'roads' });
    expect(topLayerNames('survey.kmz/doc.kml')).toEqual({ fallback: 'survey' });
    expect(topLayerNames('survey.kmz/files/1.kml')).toEqual({ fallback: '1', forced: '1' });
    const { layers } = readKmlText(
      kml('<Placemark><Point><coordinates>1,2</coordinates></Point></Placemark>'),
    );
    expect(layers[0]?.name).toBe('Survey');
  });

  it('reads the encoding a KML declares', () => {
    expect(kmlEncoding(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><kml/>'))).toBe(
      'windows-1252',
    );
    expect(kmlEncoding(Buffer.from('<?xml version="1.0"?><kml/>'))).toBe('utf-8');
    expect(kmlEncoding(Buffer.from('<?xml version="1.0" encoding="bogus"?>'))).toBe('utf-8');
  });
});

describe('KML reader refusals', () => {
  const refusal = (text: string, limits = KML_LIMITS) => {
    try {
      readKmlText(text, 'bad.kml', limits);
    } catch (error) {
      return error as { status: number; key: string; vars: Record<string, unknown> };
    }
    throw new Error('read without refusal');
  };

  it('refuses non-finite track coordinates (SPEC §5), naming the layer and the placemark', () => {
    const text = kml(`<Placemark><Point><coordinates>1,2</coordinates></Point></Placemark>
      <Placemark><gx:Track><gx:coord>1 2 0</gx:coord><gx:coord>1e999 2 0</gx:coord></gx:Track></Placemark>`);
    expect(refusal(text)).toMatchObject({
      status: 422,
      key: 'files.coordinatesNotFinite',
      vars: { layer: 'Survey', index: 2 },
    });
  });

  it('refuses what is not KML, or not XML', () => {
    expect(refusal('<Placemark><name>x</name></Placemark>')).toMatchObject({
      key: 'files.kmlNotKml',
      vars: { element: 'Placemark' },
    });
    expect(refusal('<kml><Document><name>x</Document></kml>')).toMatchObject({
      status: 422,
      key: 'files.unreadable',
    });
  });

  it('expands no entity: an entity bomb is refused at its first reference', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa">
      <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
      <kml><Document><name>&c;</name></Document></kml>`;
    const started = performance.now();
    expect(refusal(bomb)).toMatchObject({ status: 422, key: 'files.unreadable' });
    expect(String(refusal(bomb).vars.reason)).toMatch(/undefined entity/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses nesting past the depth cap, without recursion', () => {
    const deep = `<kml>${'<Folder>'.repeat(200_000)}`;
    expect(refusal(deep)).toMatchObject({ key: 'files.kmlTooDeep', vars: { max: 100 } });
  });

  it('refuses more folders than it holds names for, and placemarks in too many folders', () => {
    const folders = (n: number, body = '') =>
      kml(Array.from({ length: n }, () => `<Folder>${body}</Folder>`).join(''));
    const point = '<Placemark><Point><coordinates>1,2</coordinates></Point></Placemark>';
    expect(refusal(folders(11), { ...KML_LIMITS, maxContainers: 10 })).toMatchObject({
      key: 'files.kmlTooManyFolders',
    });
    expect(refusal(folders(4, point), { ...KML_LIMITS, maxLayers: 3 })).toMatchObject({
      key: 'files.kmlTooManyLayers',
    });
  });

  it('reads long runs of white space in coordinates in linear time', () => {
    const spaces = ' '.repeat(2_000_000);
    const text = kml(
      `<Placemark><LineString><coordinates>0,0${spaces}1,1${spaces}2,2</coordinates></LineString></Placemark>`,
    );
    const started = performance.now();
    const [line] = only(text);
    expect(line?.geometry.type).toBe('LineString');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
