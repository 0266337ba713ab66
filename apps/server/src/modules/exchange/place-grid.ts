/**
 * Places on a grid in memory, to find what a cable's end lies on in constant time: one index
 * probe per cable end in PostgreSQL cost about 0.1 ms, 5 s for the 50,000 ends of a
 * 100,000-element project; the grid answers them in a few milliseconds. Used by the OFDS spans'
 * ends (exported nodes) and GraceTHD's (homes and enclosures before supports before offices).
 */

const METRES_PER_DEGREE = 111_320;
/** About 11 m of latitude: a 5 m tolerance looks at the 3 × 3 cells around a point. */
const CELL_DEG = 0.0001;

interface GridPlace {
  id: string;
  lng: number;
  lat: number;
  rank: number;
}

export class PlaceGrid {
  private readonly cells = new Map<string, GridPlace[]>();

  private static key(x: number, y: number) {
    return `${x}:${y}`;
  }

  /** A place; a lower rank wins over a nearer place of a higher one. */
  add(id: string, lng: number, lat: number, rank = 0) {
    const key = PlaceGrid.key(Math.floor(lng / CELL_DEG), Math.floor(lat / CELL_DEG));
    const cell = this.cells.get(key);
    const place = { id, lng, lat, rank };
    if (cell) cell.push(place);
    else this.cells.set(key, [place]);
  }

  /** The best place within `metres` of the point: lowest rank, then nearest, then smaller id. */
  nearest(lng: number, lat: number, metres: number): string | null {
    const cos = Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
    const dy = Math.ceil(metres / METRES_PER_DEGREE / CELL_DEG);
    const dx = Math.ceil(metres / (METRES_PER_DEGREE * cos) / CELL_DEG);
    const x0 = Math.floor(lng / CELL_DEG);
    const y0 = Math.floor(lat / CELL_DEG);
    let best: GridPlace | null = null;
    let bestM = Infinity;
    for (let x = x0 - dx; x <= x0 + dx; x++) {
      for (let y = y0 - dy; y <= y0 + dy; y++) {
        for (const place of this.cells.get(PlaceGrid.key(x, y)) ?? []) {
          const east = (place.lng - lng) * METRES_PER_DEGREE * cos;
          const north = (place.lat - lat) * METRES_PER_DEGREE;
          const m = Math.hypot(east, north);
          if (m > metres) continue;
          const better =
            !best ||
            place.rank < best.rank ||
            (place.rank === best.rank && (m < bestM || (m === bestM && place.id < best.id)));
          if (better) {
            best = place;
            bestM = m;
          }
        }
      }
    }
    return best?.id ?? null;
  }
}
