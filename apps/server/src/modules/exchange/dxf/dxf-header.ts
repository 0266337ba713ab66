import { readFileSync } from 'node:fs';

/**
 * The header GDAL's DXF writer starts its files with (its tables, layer "0", blocks), given with
 * `-dsco HEADER=…`. gdal-header.dxf is GDAL's own data/header.dxf (MIT licence, as GDAL),
 * byte for byte the one inside gdal3.js 2.8.1 (GDAL 3.8.4): AutoCAD 2004 (AC1018), code page
 * ANSI_1252. It says inches ($INSUNITS 1) and imperial ($MEASUREMENT 0), and GDAL 3.8 has no
 * option to change them (INSUNITS came in 3.11): the drawing's units are set here instead.
 */
let template: string | null = null;

/** The DXF units of a CRS's unit (AutoCAD's $INSUNITS codes), and metric or imperial. */
export interface DxfUnits {
  /** 0 unitless (degrees have no code), 1 inches, 2 feet, 6 metres, 21 US survey feet. */
  insUnits: number;
  /** 0 imperial, 1 metric. */
  measurement: 0 | 1;
}

/** One variable of the header's HEADER section (`$NAME`, group 70, an integer): set to `value`. */
function setVariable(text: string, name: string, value: number): string {
  const pattern = new RegExp(`(\\n\\$${name}\\n 70\\n) *-?\\d+\\n`);
  if (!pattern.test(text)) throw new Error(`gdal-header.dxf has no $${name}`);
  return text.replace(pattern, `$1${String(value).padStart(6)}\n`);
}

/** A CAD layer the header defines, in its colour: entities drawn "by layer" take it. */
export interface DxfLayer {
  name: string;
  /** #rrggbb */
  colour: string;
}

/** AutoCAD's first colours (ACI 1–9), for readers that ignore a layer's true colour. */
const ACI: [number, number, number, number][] = [
  [1, 255, 0, 0],
  [2, 255, 255, 0],
  [3, 0, 255, 0],
  [4, 0, 255, 255],
  [5, 0, 0, 255],
  [6, 255, 0, 255],
  [7, 255, 255, 255],
  [8, 128, 128, 128],
  [9, 192, 192, 192],
];

const rgb = (colour: string) => {
  const n = parseInt(colour.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255] as const;
};

/** The nearest of ACI 1–9 to a colour. */
function nearestAci(colour: string): number {
  const [r, g, b] = rgb(colour);
  let best = 7;
  let bestDistance = Infinity;
  for (const [aci, ar, ag, ab] of ACI) {
    const distance = (r - ar) ** 2 + (g - ag) ** 2 + (b - ab) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [aci, distance];
  }
  return best;
}

/**
 * One LAYER table record, as GDAL's header has layer "0", with its colour: ACI (62) and true
 * colour (420, AutoCAD 2004). Handles from 1000 (hex) are free: GDAL's header and trailer use
 * handles below 100, its writer starts at 20000 and skips those the header holds.
 */
const layerRecord = (layer: DxfLayer, handle: number) => `  0
LAYER
  5
${handle.toString(16).toUpperCase()}
330
2
100
AcDbSymbolTableRecord
100
AcDbLayerTableRecord
  2
${layer.name}
 70
     0
 62
${String(nearestAci(layer.colour)).padStart(6)}
420
${parseInt(layer.colour.slice(1), 16)}
  6
Continuous
370
    -3
390
F
`;

/** The header with these layers after layer "0" (GDAL copies layer "0" for layers it meets). */
function withLayers(text: string, layers: DxfLayer[]): string {
  const table = text.indexOf('\n  2\nLAYER\n');
  const end = text.indexOf('  0\nENDTAB\n', table);
  if (table < 0 || end < 0) throw new Error('gdal-header.dxf has no LAYER table');
  // The table's count of records.
  const head = text
    .slice(table, end)
    .replace(
      /(\nAcDbSymbolTable\n 70\n) *\d+\n/,
      (_, before: string) => `${before}${String(layers.length + 1).padStart(6)}\n`,
    );
  const records = layers.map((layer, i) => layerRecord(layer, 0x1000 + i)).join('');
  return text.slice(0, table) + head + records + text.slice(end);
}

/** GDAL's header with the drawing's units and layers (Latin-1 text: the template is ASCII). */
export function dxfHeader(units: DxfUnits, layers: DxfLayer[] = []): string {
  template ??= readFileSync(new URL('./gdal-header.dxf', import.meta.url), 'latin1');
  const unitsSet = setVariable(
    setVariable(template, 'INSUNITS', units.insUnits),
    'MEASUREMENT',
    units.measurement,
  );
  return withLayers(unitsSet, layers);
}
