import {
  NO_PADDING,
  placeAt,
  placeUnder,
  screenPoint,
  tilesInSight,
  viewOf,
  worldPoint,
} from './view';

const monaco = { lat: 43.7384, lng: 7.4246 };
const size = { width: 400, height: 800 };
const padding = { top: 72, right: 48, bottom: 196, left: 48 };

describe('the lite map view', () => {
  it('places a point where the interactive libraries do (a 512 px world at zoom 0)', () => {
    expect(worldPoint({ lat: 0, lng: 0 }, 0)).toEqual({ x: 256, y: 256 });
    const back = placeAt(worldPoint(monaco, 15.5), 15.5);
    expect(back.lat).toBeCloseTo(monaco.lat, 9);
    expect(back.lng).toBeCloseTo(monaco.lng, 9);
  });

  it('draws the centre in the middle of what the padding leaves', () => {
    const view = { center: monaco, zoom: 15 };
    expect(screenPoint(monaco, view, size, padding)).toEqual({ x: 200, y: 338 });
    const under = placeUnder({ x: 200, y: 338 }, view, size, padding);
    expect(under.lat).toBeCloseTo(monaco.lat, 9);
  });

  it('covers the screen with 256 px tiles of the zoom level nearest the view, scaled to it', () => {
    const tiles = tilesInSight({ center: monaco, zoom: 15.4 }, size, NO_PADDING);
    // The libraries' zoom 15 is drawn by the raster tiles of 16.
    expect(new Set(tiles.map((tile) => tile.z))).toEqual(new Set([16]));
    const shown = 256 * 2 ** 0.4;
    expect(tiles[0]!.size).toBeCloseTo(shown, 6);
    // The tile under the view's middle comes first.
    const [first] = tiles;
    expect(first!.left <= 200 && first!.left + first!.size > 200).toBe(true);
    expect(first!.top <= 400 && first!.top + first!.size > 400).toBe(true);
    // Every screen pixel lies on one tile.
    for (const [x, y] of [
      [0, 0],
      [399, 799],
      [200, 400],
    ])
      expect(
        tiles.filter(
          (t) => x! >= t.left && x! < t.left + t.size && y! >= t.top && y! < t.top + t.size,
        ),
      ).toHaveLength(1);
  });

  it('fits several points into what the fit padding leaves, 17 at most', () => {
    const points = [monaco, { lat: 43.7484, lng: 7.4346 }];
    const view = viewOf(points, { center: monaco, zoom: 3 }, size, padding, NO_PADDING);
    const drawn = points.map((p) => screenPoint(p, view, size, NO_PADDING));
    for (const p of drawn) {
      expect(p.x).toBeGreaterThanOrEqual(padding.left - 1e-6);
      expect(p.x).toBeLessThanOrEqual(size.width - padding.right + 1e-6);
      expect(p.y).toBeGreaterThanOrEqual(padding.top - 1e-6);
      expect(p.y).toBeLessThanOrEqual(size.height - padding.bottom + 1e-6);
    }
    expect(viewOf([monaco, monaco], view, size, padding, padding).zoom).toBe(17);
  });

  it('centres one point at zoom 15, or closer when the view is closer', () => {
    expect(viewOf([monaco], { center: monaco, zoom: 5 }, size, padding, padding).zoom).toBe(15);
    expect(viewOf([monaco], { center: monaco, zoom: 16 }, size, padding, padding).zoom).toBe(16);
  });
});
