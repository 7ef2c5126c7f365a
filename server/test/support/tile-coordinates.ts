// Tile coordinates for the tests and the tiles benchmark, worked out independently of src/tiles.

/** The Web Mercator tile of zoom z holding a point. */
export function tileXY(lat: number, lng: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

/** The same tile as the `z/x/y` of a tile URL. */
export function tileAt(lat: number, lng: number, z: number): string {
  const { x, y } = tileXY(lat, lng, z);
  return `${z}/${x}/${y}`;
}
