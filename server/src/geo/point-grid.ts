// Nearest-neighbour lookups over many points (houses, streets, POIs, road nodes).
import { METRES_PER_DEGREE } from './geometry.ts';

/** A grid of points for nearest-neighbour lookups; cells of about 250 m. */
export class PointGrid {
  static readonly CELL = 0.0025;
  readonly #cells = new Map<number, number[]>();
  readonly lat: ArrayLike<number>;
  readonly lng: ArrayLike<number>;

  constructor(
    lat: ArrayLike<number>,
    lng: ArrayLike<number>,
    accept: (i: number) => boolean = () => true,
  ) {
    this.lat = lat;
    this.lng = lng;
    for (let i = 0; i < lat.length; i++) {
      if (!accept(i)) continue;
      const key = PointGrid.key(
        Math.floor(lat[i]! / PointGrid.CELL),
        Math.floor(lng[i]! / PointGrid.CELL),
      );
      let cell = this.#cells.get(key);
      if (!cell) this.#cells.set(key, (cell = []));
      cell.push(i);
    }
  }

  static key(row: number, col: number): number {
    return (row + 40_000) * 200_000 + (col + 80_000);
  }

  /**
   * The nearest point within maxMetres (approximately: rings of cells, flat-earth distances,
   * which at these ranges differ from great-circle ones by less than a metre), or -1.
   */
  nearest(
    lat: number,
    lng: number,
    maxMetres: number,
    filter?: (i: number) => boolean,
  ): { index: number; metres: number } {
    const row = Math.floor(lat / PointGrid.CELL);
    const col = Math.floor(lng / PointGrid.CELL);
    const cosLat = Math.cos((lat * Math.PI) / 180);
    const cellMetres = PointGrid.CELL * 111_000 * Math.max(0.2, cosLat);
    const rings = Math.min(400, Math.ceil(maxMetres / cellMetres) + 1);
    const points = this.lat;
    const lngs = this.lng;
    let best = -1;
    let bestSquared = maxMetres * maxMetres;
    for (let ring = 0; ring <= rings; ring++) {
      if (best !== -1 && (ring - 1) * cellMetres > Math.sqrt(bestSquared)) break;
      for (let r = row - ring; r <= row + ring; r++) {
        for (let c = col - ring; c <= col + ring; c++) {
          if (Math.max(Math.abs(r - row), Math.abs(c - col)) !== ring) continue;
          const cell = this.#cells.get(PointGrid.key(r, c));
          if (!cell) continue;
          for (const i of cell) {
            if (filter && !filter(i)) continue;
            const north = (points[i]! - lat) * METRES_PER_DEGREE;
            const east = (lngs[i]! - lng) * METRES_PER_DEGREE * cosLat;
            const squared = north * north + east * east;
            if (squared <= bestSquared) {
              best = i;
              bestSquared = squared;
            }
          }
        }
      }
    }
    return { index: best, metres: Math.sqrt(bestSquared) };
  }
}
