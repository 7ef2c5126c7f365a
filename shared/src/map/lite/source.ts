// Where the lite map's pictures come from: a corporation's raster tiles as they are, or the
// pictures the app's own tile server draws of the style it serves (its `taxi:raster` metadata).
import type { TilePictures } from '@taxi/contract';
import type { StyleSpecification } from 'maplibre-gl';
import { isStyleUrl, tileArea, type LngLatBounds } from '../style';

export interface LiteSource {
  /** An XYZ template; `{r}`, where present, takes '@2x' on a sharp screen. */
  template: string;
  /** The area the tiles cover, when the style says. */
  area: LngLatBounds | null;
}

const RASTER = 'taxi:raster';
const asked = new Map<string, Promise<LiteSource | null>>();

/**
 * The lite map's tiles for the map's tile setting, `style` being the style URL the interactive
 * map is given; null when there are none (another server's style, Mapbox's, no tiles at all):
 * that map starts the interactive library at once.
 */
export function liteSource(tileUrl: string, style: string): Promise<LiteSource | null> {
  if (!tileUrl) return Promise.resolve(null);
  if (!isStyleUrl(tileUrl)) return Promise.resolve({ template: tileUrl, area: null });
  if (!tileUrl.startsWith('/')) return Promise.resolve(null);
  let source = asked.get(style);
  if (!source) {
    source = fetch(style, { credentials: 'same-origin' })
      .then((response) => (response.ok ? (response.json() as Promise<StyleSpecification>) : null))
      .then((document) => {
        const template = (document?.metadata as Record<string, unknown> | undefined)?.[RASTER];
        return typeof template === 'string' ? { template, area: tileArea(document!) } : null;
      })
      .catch(() => {
        asked.delete(style);
        return null;
      });
    asked.set(style, source);
  }
  return source;
}

/**
 * The pictures the settings name (the app's own tile server, its map ready): no style to ask
 * first, so the first pictures are one request from the screen rather than two.
 */
export function picturesOf(
  pictures: TilePictures,
  look: { dark: boolean; language: string },
): LiteSource {
  const [west, south, east, north] = pictures.bounds;
  return {
    template: pictures.template.replace(
      '{look}',
      `${look.dark ? 'dark' : 'light'}-${look.language}`,
    ),
    area: [
      [west, south],
      [east, north],
    ],
  };
}

/** A tile's address: sharp (@2x) pictures on screens of 1.5 pixels a point and more. */
export function tileAddress(
  template: string,
  tile: { z: number; x: number; y: number },
  pixelRatio: number,
): string {
  return template
    .replace('{z}', String(tile.z))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y))
    .replace('{r}', pixelRatio >= 1.5 ? '@2x' : '');
}
