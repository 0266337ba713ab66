/** Create Route's messages (issue 18), in English; spread into the catalogue. */
export const routingEn = {
  'routing.projectNotFound': 'Project {id} was not found.',
  'routing.clusterNotInProject': 'Cluster {clusterId} is not part of project {projectId}.',
  'routing.noRoadNetwork':
    "Project {project} has no road network yet. Import one with the import wizard ('Import as the project's road network': an OpenStreetMap extract .osm or .osm.pbf, or a GeoJSON, shapefile or GeoPackage of roads), or send the file to POST /api/routes/network/{projectId}.",
  'routing.originTooFar':
    'The origin is more than {max} m from every road of the project: move it nearer a road, or import the roads around it.',
  'routing.destinationTooFar':
    'The destination is more than {max} m from every road of the project: move it nearer a road, or import the roads around it.',
  'routing.waypointTooFar':
    'Waypoint {index} is more than {max} m from every road of the project: move it nearer a road, or import the roads around it.',
  'routing.noPath':
    'No road route joins the origin and the destination: they lie on parts of the network that do not connect (for a two-wheeler, one-way streets and roads it may not use count).',
  'routing.noPathLeg':
    'No road route joins point {from} and point {to} (leg {leg} of {legs}): they lie on parts of the network that do not connect.',
  'routing.externalUnavailable':
    'The routing service did not answer ({reason}). Try again later, or ask an administrator to check ROUTING_URL.',
  'routing.externalNoRoute': 'The routing service found no route between these points ({code}).',
  'routing.invalidMode': "'mode' must be 'replace' or 'add'.",
  'routing.layerMissing': "The files have no line layer named '{layer}'. Line layers: {layers}.",
  'routing.noLineLayer':
    'The files hold no line layer to use as roads (layers found: {layers}). Roads are lines: an OpenStreetMap extract, or a GeoJSON, shapefile or GeoPackage of road lines.',
  'routing.noRoadsLoaded':
    'None of the {count} features read could be used as a road: {reasons}. Nothing was changed.',
  'routing.networkReplaced': 'Road network replaced: {edges} roads, {km} km.',
  'routing.networkAdded': 'Roads added to the network: {edges} roads, {km} km.',
  'routing.networkCleared': 'Road network cleared ({edges} roads removed).',
  'routing.settingsSaved': 'Routing settings saved.',
  'routing.networkTooLarge':
    "This road network has {count} road segments; a project's network holds at most {max}. Import the roads of the project's area only (an extract cut to it), or split the area among projects. Nothing was changed.",
  'routing.networkTooLargeAdded':
    "Adding these {added} road segments to the project's {kept} would make {count}; a project's network holds at most {max}. Replace the network instead, or import a smaller area. Nothing was changed.",
  'routing.importRunning':
    'Roads are being imported into project {projectId} already: wait for that import to end, then try again.',
  'routing.workerFailed': 'Routes could not be computed ({reason}). Try again in a moment.',
  'routing.skip.notLine': 'not a line',
  'routing.skip.emptyGeometry': 'empty or a single point',
  'routing.skip.notRoad': 'not a road (proposed, under construction, platform…)',
  'routing.skip.outsideWorld': 'coordinates outside longitude/latitude',
} as const;
