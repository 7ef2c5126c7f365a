// The map's files under /tiles/ whose address carries their version, so browsers and the
// service worker keep them for good: the server serves them here, the worker caches by these.
// Not in the package's index: the first screens do not carry it.

/** Bumped when the label glyphs drawn change (font, size, ranges). */
export const GLYPHS_VERSION = 1;
/** Where the glyphs are served: /tiles/glyphs-v1/{fontstack}/{range}.pbf. */
export const GLYPHS_PATH = `/tiles/glyphs-v${GLYPHS_VERSION}`;
/** Bumped when the map's icons change. */
export const SPRITE_VERSION = 1;
/** The sprite's address without `.json` / `.png` (and `@2x`), as the style names it. */
export const SPRITE_PATH = `/tiles/sprite-v${SPRITE_VERSION}`;

/** A raster tile's last segment: `<y>.webp`, or `<y>@2x.webp` for dense screens. */
export const RASTER_TILE_FILE = /^(\d+)(@2x)?\.webp$/;

/** The raster tiles' XYZ template of a tile set in a look, with the vector tiles' query. */
export const rasterTemplate = (rasterId: string, look: string, query = ''): string =>
  `/tiles/${rasterId}/${look}/{z}/{x}/{y}{r}.webp${query}`;

/** Vector tiles, raster tiles, glyphs and the sprite: every /tiles/ file named by its version. */
export const VERSIONED_TILE =
  /^\/tiles\/(?:[^/]+\/\d+\/\d+\/\d+\.pbf|[^/]+-r\d+\/[a-z-]+\/\d+\/\d+\/\d+(?:@2x)?\.webp|glyphs-v\d+\/[^/]+\/\d+-\d+\.pbf|sprite-v\d+(?:@2x)?\.(?:json|png))$/;
