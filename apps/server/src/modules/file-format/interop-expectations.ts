import { expect } from 'vitest';
import type { ImportedLayer } from '@integration/contracts';
import type { KmlDifference } from './kml-interop.ts';

/**
 * Files of shared/data/interop that the import refuses on purpose (SPEC §5, §8 and the issue's
 * bad inputs), with the message, and for some the retry that then reads them. Test support only.
 */
type Refusal = {
  status: number;
  message: RegExp;
  why: string;
  retry?: Record<string, string>;
  /** Nothing to draw in it: for a KML, LIBKML (QGIS) must find nothing either. */
  empty?: boolean;
};

const noFeatures = (why: string): Refusal => ({
  status: 422,
  message: /holds no features|No layer with geometries could be read/,
  why,
  empty: true,
});
const crsAsked = (epsg: string, why: string): Refusal => ({
  status: 422,
  message: /Give the EPSG code/,
  why,
  retry: { epsg },
});

export const INTEROP_REFUSED: Record<string, Refusal> = {
  'shp/mapshaper/zip-in-zip.zip': {
    status: 400,
    message: /holds another archive/,
    why: 'a zip inside a zip (issue: bad input)',
  },
  'shp/shapefile-js/badzip.zip': { status: 400, message: /not a valid zip/, why: 'not a zip' },
  'shp/pyshp/empty_zipfile.zip': {
    status: 422,
    message: /holds no shapefile/,
    why: 'a zip with no shapefile',
  },
  'shp/shapefile-js/noshp.zip': {
    status: 422,
    message: /^no layers founds: 'noshp\.zip' holds parts of a shapefile \(\.dbf\) but no \.shp/,
    why: "a .dbf alone: shapefile-js's own 'no layers founds' case, SPEC §5's words",
  },
  'kml/giscore/bad-zip-timestamp.kmz': {
    status: 400,
    message: /not a valid zip/,
    why: 'yauzl refuses its malformed entry timestamps; GDAL (/vsizip/) reads it',
  },
  'shp/shapefile-js/htmlprj.shp': {
    status: 422,
    message: /it is a web page/,
    why: 'an HTML page as .prj (issue: bad input); read once the user gives EPSG:4326',
    retry: { epsg: '4326' },
  },
  'shp/mapshaper/c_utm.shp': crsAsked(
    '26918',
    'UTM metres without .prj (its siblings a_utm/e_utm say NAD83 / UTM 18N)',
  ),
  'shp/mapshaper/big5.shp': crsAsked(
    '3857',
    'projected coordinates without .prj; read as EPSG:3857 to compare the Big5 text',
  ),
  'shp/mapshaper/brklinz.shp': crsAsked('3857', 'projected coordinates without .prj'),
  'shp/mapshaper/csah.shp': crsAsked('3857', 'projected coordinates without .prj'),
  'shp/mapshaper/multipnt.shp': crsAsked('3857', 'projected coordinates without .prj'),
  'shp/mapshaper/polygon.shp': crsAsked('3857', 'projected coordinates without .prj'),
  'shp/mapnik-test-data/point_null_point.shp': crsAsked(
    '3857',
    'projected coordinates without .prj',
  ),
  'shp/mbostock-shapefile/empty.shp': noFeatures('a shapefile of 0 records (issue: empty layer)'),
  'shp/mapnik-test-data/3d_point_empty.shp': noFeatures('a PointZM shapefile of 0 records'),
  'geojson/mapnik-test-data/empty_featurecollection.json': noFeatures('an empty FeatureCollection'),
  'geojson/tokml/geometrycollection_nogeometries.geojson': noFeatures(
    'its only feature is an empty GeometryCollection',
  ),
  'geojson/tokml/polygon_norings.geojson': noFeatures('its only polygon has no ring'),
  'geojson/tokml/unknowngeom.geojson': noFeatures('its only geometry is of an unknown type'),
  'fibre/ofds-standard-examples/api-response.geojson': noFeatures(
    'an OFDS API answer, not a FeatureCollection at the top',
  ),
  'fibre/ofds-standard-examples/multiple-networks.geojson': noFeatures(
    'OFDS networks nesting their own collections',
  ),
  'kml/togeojson/networklink.kml': noFeatures('a NetworkLink only'),
  'kml/togeojson/nogeomplacemark.kml': noFeatures('placemarks without geometry'),
  'kml/togeojson/selfclosing.kml': noFeatures('its one LineString has no coordinates'),
  'kml/togeojson/null_geometry.kml': noFeatures('placemarks without geometry'),
  'kml/fastkml/archive-1.kmz': noFeatures('regions and network links, no placemark geometry'),
  'fibre/ofds-standard-examples/networks.csv': {
    status: 422,
    message: /No layer with geometries could be read from 'networks.csv'/,
    why: 'a CSV of networks without any geometry column',
  },
  'kml/togeojson/bad.kml': {
    status: 422,
    message: /not finite numbers/,
    why: 'coordinates "no,no": SPEC §5 wants finite numbers; GDAL drops the geometry silently',
  },
  'kml/giscore/badCoord.kml': {
    status: 422,
    message: /not finite numbers/,
    why: 'non-numeric coordinates: refused (SPEC §5) where GDAL drops them silently',
  },
  'kml/fastkml/LinearRingWithInvalidLat.kml': {
    status: 422,
    message: /is not KML: its root element is <LinearRing>/,
    why: 'a bare LinearRing as the root element, no <kml>: LIBKML cannot open it either',
  },
  'geojson/mapnik-test-data/ordered.json': {
    status: 422,
    message: /outside of \[-180.0,180.0\]x\[-90.0,90.0\]/,
    why: 'coordinates beyond ±180/±90 in a WGS84 file; gdal-bin refuses them too',
  },
  'geojson/mapnik-test-data/featurecollection-malformed.json': {
    status: 422,
    message: /is not GeoJSON/,
    why: 'malformed JSON (issue: a GeoJSON that is not GeoJSON)',
  },
  'geojson/tokml/notype.geojson': {
    status: 422,
    message: /is not GeoJSON/,
    why: 'no "type" member',
  },
  'kml/giscore/big.kmz': {
    status: 422,
    message: /is not KML: its root element is <Placemark>/,
    why: 'doc.kml is a lone <Placemark>, no <kml> (LIBKML cannot open it either)',
  },
  'shp/fiona/test_tin.shp': {
    status: 422,
    message: /could not be read/,
    why: 'MultiPatch (TIN) surfaces: not features a map draws; GeoJSON cannot hold them',
  },
  'shp/mapshaper/chinese.shp': {
    status: 422,
    message: /could not be read/,
    why: 'latitude 625 in a file declared WGS84: no position to draw (a DBF encoding test file)',
  },
};

const values = (layers: ImportedLayer[], field: string) =>
  layers.flatMap((l) => l.features.features.map((f) => f.properties?.[field]));

/**
 * Files whose values we read differently from gdal-bin on purpose: the fields not compared,
 * and a check of what we read instead (the peer project's own expectation where there is one).
 */
type Difference = {
  why: string;
  /** Fields not compared. */
  fields: string[];
  /** Only feature counts compared, not geometries feature by feature. */
  countsOnly?: boolean;
  check?: (layers: ImportedLayer[]) => void;
};

const collections = (why: string): Difference => ({ why, fields: [], countsOnly: true });
const MIXED_COLLECTION =
  'a GeometryCollection of a point and a line: gdal-bin 3.6’s RFC 7946 writer keeps only the line; GDAL 3.8 (gdal3.js) keeps both';
const STRING_ID =
  'string feature ids: GDAL 3.8 (gdal3.js) also keeps them as an "id" field, GDAL 3.6 only as the feature id';

export const INTEROP_DIFFERENCES: Record<string, Difference> = {
  'geojson/mapnik-test-data/geometrycollection.json': collections(MIXED_COLLECTION),
  'geojson/tokml/geometrycollection.geojson': collections(MIXED_COLLECTION),
  'shp/mapnik-test-data/world_merc.shp': collections(
    'countries across the antimeridian (Fiji, Russia…): GDAL 3.6 and 3.8 cut them differently (RFC 7946), so parts change kind and order',
  ),
  'geojson/fiona/issue627.geojson': { why: STRING_ID, fields: ['id'] },
  'geojson/fiona/rmnp.geojson': { why: STRING_ID, fields: ['id'] },
  'shp/mapnik-test-data/farsi-labels.shp': {
    why: 'its LDID says ANSI but the bytes are UTF-8: we read UTF-8 (and warn); GDAL shows mojibake',
    fields: ['NAME_FA'],
    check: (layers) => {
      expect(values(layers, 'NAME_FA')).toContain('پاکستان');
      expect(layers[0]?.warnings.join(' ')).toMatch(/read as UTF-8/);
    },
  },
  'shp/pyshp/latin1.shp': {
    why: 'no encoding declared: we read Windows-1252/Latin-1 (and warn); GDAL passes the bytes through',
    fields: ['Name'],
    check: (layers) => expect(values(layers, 'Name')).toContain('Ñandú'),
  },
  'shp/shapefile-js/codepage.shp': {
    why: '.cpg "ANSI 1250", which GDAL ignores: we read CP1250 (shapefile-js expects "Hněvošický háj")',
    fields: ['field'],
    check: (layers) => expect(values(layers, 'field')).toContain('Hněvošický háj'),
  },
};

/**
 * KML and KMZ files we read differently from LIBKML (QGIS) on purpose: what is not compared, and
 * why. Everything else (layers, counts, geometry types, first positions, names, descriptions,
 * times, ExtendedData) must agree.
 */
const ROTATED =
  'a GroundOverlay’s footprint is its LatLonBox turned by its <rotation> (as Google Earth draws it), from its north-west corner (togeojson); LIBKML ignores the rotation and starts north-east';
const kmlCollections: KmlDifference & { why: string } = { why: MIXED_COLLECTION, countsOnly: true };

export const INTEROP_KML_DIFFERENCES: Record<string, KmlDifference & { why: string }> = {
  'kml/togeojson/ground_overlay.kml': { why: ROTATED, overlays: true },
  'kml/fastkml/small_world.kmz': { why: ROTATED, overlays: true },
  'kml/fastkml/KML_Samples.kml': { why: ROTATED, overlays: true },
  'kml/fastkml/Document-clean.kml': { why: ROTATED, overlays: true },
  'kml/tokml/geometrycollection.kml': kmlCollections,
  'kml/togeojson/multigeometry_discrete.kml': kmlCollections,
  'kml/giscore/testLayers.kml': kmlCollections,
  'kml/giscore/NestedMultiGeoms.kml': kmlCollections,
  'kml/togeojson/multigeometry_sibling.kml': {
    why: 'a MultiGeometry of MultiGeometries of lines: one MultiLineString here (togeojson flattens it), a collection of them in LIBKML',
    types: true,
  },
  'kml/giscore/AllTypes.kml': {
    why: 'a SimpleData "true" of type bool: true here; LIBKML reads it with atoi, as 0',
    fields: ['Bool'],
  },
};
