import { describe, expect, it } from 'vitest';
import type { ImportResult } from '@integration/contracts';
import { zipOf } from './test-uploads.ts';
import { admin, upload, useFileFormatApp } from './file-format.fixtures.ts';

useFileFormatApp();

/** A KML as Google Earth writes one: styles, a schema, folders, a GPS track, an overlay. */
const SURVEY = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
<Document><name>Survey Nairobi</name>
  <Style id="pole"><IconStyle><Icon><href>pole.png</href></Icon></IconStyle></Style>
  <Schema name="Pole" id="PoleId"><SimpleField type="int" name="Height"/><SimpleField type="string" name="Owner"/></Schema>
  <Folder><name>Network</name>
    <Folder><name>Poteaux</name>
      <Placemark><name>P1</name><styleUrl>#pole</styleUrl>
        <ExtendedData><SchemaData schemaUrl="#PoleId"><SimpleData name="Height">9</SimpleData>
        <SimpleData name="Owner">Ngara é</SimpleData></SchemaData></ExtendedData>
        <Point><coordinates>36.82,-1.28,0</coordinates></Point></Placemark>
      <Placemark><name>P2</name>
        <ExtendedData><SchemaData schemaUrl="#PoleId"><SimpleData name="Height">11</SimpleData></SchemaData></ExtendedData>
        <Point><coordinates>36.83,-1.281</coordinates></Point></Placemark>
      <Placemark><name>no position yet</name></Placemark>
    </Folder>
    <Folder><name>Walk</name>
      <Placemark><name>Track</name><ExtendedData><Data name="type"><value>2024-03-01 morning walk</value></Data></ExtendedData>
        <gx:Track><when>2024-03-01T08:00:00Z</when><when>2024-03-01T08:05:00Z</when>
          <gx:coord>36.82 -1.28 1650</gx:coord><gx:coord>36.83 -1.281 1652</gx:coord></gx:Track></Placemark>
    </Folder>
  </Folder>
  <GroundOverlay><name>Plan</name><Icon><href>plan.png</href></Icon>
    <LatLonBox><north>-1.27</north><south>-1.29</south><east>36.84</east><west>36.81</west></LatLonBox></GroundOverlay>
</Document></kml>`;

describe('POST /file-format/import of KML and KMZ', () => {
  it('reads a KMZ as QGIS does: a layer per folder, tracks, overlays, typed SchemaData', async () => {
    const kmz = await zipOf([
      { name: 'doc.kml', data: Buffer.from(SURVEY) },
      { name: 'files/pole.png', data: Buffer.alloc(100) },
    ]);
    const response = await upload([{ name: 'survey.kmz', data: kmz }]);
    expect(response.statusCode, response.body).toBe(200);
    const { layers } = response.json<{ data: ImportResult }>().data;
    expect(layers.map((l) => [l.name, l.geometryType, l.featureCount, l.file])).toEqual([
      ['Poteaux', 'Point', 2, 'survey.kmz/doc.kml'],
      ['Walk', 'LineString', 1, 'survey.kmz/doc.kml'],
      ['Survey Nairobi', 'Polygon', 1, 'survey.kmz/doc.kml'],
    ]);
    const [poles, walk, top] = layers;
    expect(poles?.fields).toEqual([
      { name: 'Name', type: 'String' },
      { name: 'Height', type: 'Integer' },
      { name: 'Owner', type: 'String' },
      { name: 'folder', type: 'String' },
    ]);
    expect(poles?.features.features[0]?.properties).toEqual({
      Name: 'P1',
      Height: 9,
      Owner: 'Ngara é',
      folder: 'Network / Poteaux',
    });
    expect(poles?.warnings).toContain('1 feature(s) without geometry skipped.');
    expect(walk?.features.features[0]?.properties).toMatchObject({
      Name: 'Track',
      type: '2024-03-01 morning walk',
      times: '2024-03-01T08:00:00Z 2024-03-01T08:05:00Z',
      folder: 'Network / Walk',
    });
    // Kept as the file's text: GDAL would take any text starting with a date for a date.
    expect(walk?.fields.find((f) => f.name === 'begin')?.type).toBe('String');
    expect(walk?.features.features[0]?.properties?.begin).toBe('2024-03-01T08:00:00Z');
    expect(top?.features.features[0]?.properties).toMatchObject({ Name: 'Plan', icon: 'plan.png' });
  });

  it('refuses a KML nested deeper than any KML needs, in the user’s language', async () => {
    const deep = `<kml><Document>${'<Folder>'.repeat(500)}${'</Folder>'.repeat(500)}</Document></kml>`;
    const answer = await upload([{ name: 'deep.kml', data: deep }], {}, admin, 'fr');
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json<{ message: string }>().message).toMatch(
      /^« deep\.kml » imbrique ses éléments sur plus de 100 niveaux/,
    );
  });
});
