import type { TilePictures } from '@taxi/contract';
import { rasterTemplate } from '@taxi/contract/tile-paths';
import type { Corporation } from '../corporations/directory.ts';
import type { GeoService } from '../geo/service.ts';
import { TileService } from './service.ts';

/** The style document of the server's own map, as a corporation's `tile_url` names it. */
const OWN_STYLE = '/tiles/style.json';

/**
 * The settings' `tile_pictures`: the corporation's map as pictures when its `tile_url` is the
 * server's own style and its extract is imported already (settings never wait for an import;
 * without them a screen asks the style for its template). The tiles are asked of the page's own
 * host, as the style is: no host name in their query.
 */
export function tilePictures(geo: GeoService, corporation: Corporation): TilePictures | null {
  const tileUrl = corporation.settings.tile_url;
  if (typeof tileUrl !== 'string' || tileUrl.split('?')[0] !== OWN_STYLE) return null;
  const geography = geo.embeddedNow(corporation);
  const id = geography && TileService.rasterId(geography.key);
  if (!geography || !id) return null;
  return {
    template: rasterTemplate(id, '{look}'),
    bounds: geography.data.map.bounds,
  };
}
