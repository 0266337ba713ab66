import type { ImportedLayer, Role } from '@integration/contracts';

/** Planners and admins load a project's roads (the server checks it too, per project). */
export const canImportRoads = (role: Role | undefined) => role === 'admin' || role === 'planner';

/** An OpenStreetMap extract: the routing import reads it itself (GDAL's OSM driver). */
export const isOsmExtract = (files: File[]) => files.some((f) => /\.(osm|pbf)$/i.test(f.name));

/** The line layers of a file, by their name in it: those a road network can be made of. */
export const lineLayers = (layers: ImportedLayer[]) => [
  ...new Set(layers.filter((l) => l.geometryKind === 'line').map((l) => l.sourceLayer)),
];
