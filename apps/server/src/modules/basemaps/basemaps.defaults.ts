import type { Basemap } from '@integration/contracts';

const OSM = '© OpenStreetMap contributors';
const ESRI_IMAGERY =
  'Tiles © Esri — Source: Esri, Maxar, Earthstar Geographics, and the GIS User Community';
const esri = (service: string) =>
  `https://server.arcgisonline.com/ArcGIS/rest/services/${service}/MapServer/tile/{z}/{y}/{x}`;

/**
 * Public XYZ raster tiles that need no key, one per map type of SPEC §2. Note: these
 * services have fair-use policies; a deployment with real traffic sets BASEMAPS to its own
 * or a commercial provider.
 */
export const DEFAULT_BASEMAPS: readonly Basemap[] = [
  {
    id: 'terrain',
    tiles: ['a', 'b', 'c'].map((s) => `https://${s}.tile.opentopomap.org/{z}/{x}/{y}.png`),
    tileSize: 256,
    attribution: `Map data: ${OSM}, SRTM | Map style: © OpenTopoMap (CC-BY-SA)`,
    maxzoom: 17,
  },
  {
    id: 'satellite',
    tiles: [esri('World_Imagery')],
    tileSize: 256,
    attribution: ESRI_IMAGERY,
    maxzoom: 19,
  },
  {
    id: 'roadmap',
    tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
    tileSize: 256,
    attribution: OSM,
    maxzoom: 19,
  },
  {
    id: 'hybrid',
    tiles: [esri('World_Imagery')],
    tileSize: 256,
    attribution: ESRI_IMAGERY,
    maxzoom: 19,
    overlay: {
      tiles: [esri('Reference/World_Transportation')],
      attribution: 'Roads © Esri, HERE, Garmin, © OpenStreetMap contributors',
    },
  },
];
