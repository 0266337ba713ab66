import type { Map as MapLibreMap } from 'maplibre-gl';
import { projectTileLayers, type TileLayerOptions } from './project-tiles-layers.ts';
import {
  authoriseTiles,
  ChangedPlaces,
  PROJECT_TILES,
  projectTilesSource,
  type Box,
} from './project-tiles-source.ts';

export const viewBox = (map: MapLibreMap): Box => {
  const b = map.getBounds();
  return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
};

/**
 * A project's vector tiles on a map: the source, its layers, and the refetch of the tiles
 * whose places changed (`tiles:changed`), in view at once and elsewhere when the view gets there.
 */
export class ProjectTiles {
  private readonly changed = new ChangedPlaces();
  private readonly onMoveEnd = () => this.refreshDue();

  constructor(
    private readonly map: MapLibreMap,
    private readonly projectId: number,
    private readonly options: TileLayerOptions & { before?: string } = {},
  ) {}

  /** Adds the source and the layers (once the style is loaded). */
  add(): void {
    if (this.map.getSource(PROJECT_TILES)) return;
    authoriseTiles(this.map);
    this.map.addSource(PROJECT_TILES, projectTilesSource(this.projectId));
    const before =
      this.options.before && this.map.getLayer(this.options.before)
        ? this.options.before
        : undefined;
    for (const layer of projectTileLayers(this.options)) this.map.addLayer(layer, before);
    this.map.on('moveend', this.onMoveEnd);
  }

  /** The places of a `tiles:changed`: their tiles are fetched again. */
  refresh(boxes: Box[]): void {
    this.changed.add(boxes);
    this.refreshDue();
  }

  private refreshDue(): void {
    if (!this.map.getSource(PROJECT_TILES)) return;
    const due = this.changed.due(viewBox(this.map), this.map.getZoom());
    // MapLibre keeps drawing a tile until its new copy has arrived: no flicker.
    if (due.length > 0) this.map.refreshTiles(PROJECT_TILES, due);
  }

  destroy(): void {
    this.map.off('moveend', this.onMoveEnd);
  }
}
