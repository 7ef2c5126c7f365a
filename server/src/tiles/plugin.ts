import { gunzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { perCorporation } from '../corporations/plugin.ts';
import { errorReply } from '../base/errors.ts';
import type { MapData } from '../geo/map.ts';
import type { Services } from '../base/services.ts';
import { DiskCache } from './disk-cache.ts';
import {
  GLYPHS_PATH,
  RASTER_TILE_FILE,
  rasterTemplate,
  SPRITE_PATH,
} from '@taxi/contract/tile-paths';
import { drawRange, glyphFile, rangeStart, stackFont } from './glyphs.ts';
import { TileService, tileCoordinates } from './service.ts';
import { drawSprite } from './sprite.ts';
import { LABEL_LANGUAGES } from './labels.ts';
import { MAX_RASTER_ZOOM } from './raster.ts';
import { labelLanguage, type Look, lookName, lookNamed, pageOrigin, tileStyle } from './style.ts';

/** Tiles never change under their id: the id changes with the extract and the tile code. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The map of a corporation drawn from its own extract: a MapLibre style document
 * (GET /tiles/style.json, `?theme=dark` for the dark one) and the vector tiles it names
 * (GET /tiles/<id>/<z>/<x>/<y>.pbf, id: the extract's import), with the glyphs and icons of
 * its labels (the same for every corporation, made once into DATA_DIR/tiles); and the same map
 * as WebP tiles for screens without WebGL (GET /tiles/<id>-r<n>/<look>/<z>/<x>/<y>[@2x].webp).
 */
export async function tilesPlugin(app: FastifyInstance, services: Services) {
  const { geo, corporations, config, limits, clientAddress } = services;
  const tiles = new TileService({
    cacheBytes: config.tileCacheMb * 1024 * 1024,
    rasterCacheBytes: config.rasterCacheMb * 1024 * 1024,
    drawWorkers: config.rasterWorkers,
    drawQueue: config.limits.rasterDrawQueue,
    log: services.log,
  });
  app.addHook('onClose', () => tiles.close());

  const made = new DiskCache(config.dataDir);

  const noExtract = errorReply('NOT_FOUND', 'This corporation has no map extract');

  perCorporation(app, corporations, '/tiles/style.json', async (corporation, reply, request) => {
    const geography = await geo.embedded(corporation);
    const id = TileService.id(geography?.key ?? '');
    if (!geography || !id) return reply.code(404).send(noExtract);
    const query = request.query as Record<string, unknown>;
    // A host name asked for in the query (development) travels on to the tiles.
    const hostname = typeof query.hostname === 'string' && query.hostname ? query.hostname : '';
    const tileQuery = hostname ? `?hostname=${encodeURIComponent(hostname)}` : '';
    const look: Look = {
      theme: query.theme === 'dark' ? 'dark' : 'light',
      language: labelLanguage(query.lang),
    };
    const name = corporation.settings.corp;
    return tileStyle({
      name: typeof name === 'string' && name ? name : corporation.id,
      tiles: `/tiles/${id}/{z}/{x}/{y}.pbf${tileQuery}`,
      raster: rasterTemplate(TileService.rasterId(geography.key), lookName(look), tileQuery),
      bounds: geography.data.map.bounds,
      ...look,
      origin: pageOrigin(query.origin, request.headers.host),
    });
  });

  app.get<{ Params: { stack: string; range: string } }>(
    `${GLYPHS_PATH}/:stack/:range`,
    async (request, reply) => {
      const { stack, range } = request.params;
      const font = stackFont(stack);
      const start = rangeStart(/^(.*)\.pbf$/.exec(range)?.[1] ?? '');
      if (!font || start === undefined)
        return reply
          .code(404)
          .send(errorReply('NOT_FOUND', 'No such glyphs: a font of the style, 256 code points'));
      const glyphs = made.get(glyphFile(font, start), () => drawRange(font, start));
      return reply.header('Cache-Control', IMMUTABLE).type('application/x-protobuf').send(glyphs);
    },
  );

  for (const ratio of [1, 2] as const) {
    const suffix = ratio === 2 ? '@2x' : '';
    const sprite = () => drawSprite(ratio);
    app.get(`${SPRITE_PATH}${suffix}.json`, async (_request, reply) =>
      reply
        .header('Cache-Control', IMMUTABLE)
        .type('application/json')
        .send(made.get(`${SPRITE_PATH}${suffix}.json`, () => sprite().json)),
    );
    app.get(`${SPRITE_PATH}${suffix}.png`, async (_request, reply) =>
      reply
        .header('Cache-Control', IMMUTABLE)
        .type('image/png')
        .send(made.get(`${SPRITE_PATH}${suffix}.png`, () => sprite().png)),
    );
  }

  /**
   * The map of a tile request's corporation when `id` is its tile set's current one (`idOf` its
   * import key), with the tile set's id; else undefined, a 404 sent.
   */
  async function tileSetOf(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    idOf: (importKey: string) => string,
  ): Promise<{ map: MapData; tileSet: string } | undefined> {
    reply.header('Cache-Control', 'no-cache');
    const corporation = corporations.forRequest(request);
    if (!corporation) {
      reply.code(404).send(errorReply('NOT_FOUND', 'No taxi corporation serves this host name'));
      return undefined;
    }
    const geography = await geo.embedded(corporation);
    if (!geography || !geography.key) {
      reply.code(404).send(noExtract);
      return undefined;
    }
    if (id !== idOf(geography.key)) {
      reply
        .code(404)
        .send(errorReply('NOT_FOUND', 'No such tile set; the map style names the current one'));
      return undefined;
    }
    return { map: geography.data.map, tileSet: TileService.id(geography.key) };
  }

  const tooMany = errorReply('ACTION_NOT_ALLOWED', 'Too many map tiles; try again in a minute');
  const busy = errorReply('ACTION_NOT_ALLOWED', 'The map is busy drawing; try again in a second');

  /** Whether the client may have one more tile; else false, a 429 sent. */
  async function withinLimit(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    // Cutting and drawing tiles cost CPU: a per-address budget.
    const key = `tiles:${clientAddress(request.raw)}`;
    if (await limits.take(key, config.limits.tilesPerIpPerMinute, 60_000).catch(() => false))
      return true;
    reply.code(429).header('Retry-After', '60').send(tooMany);
    return false;
  }

  /**
   * Whether the client may have one more raster tile drawn: 10-100 ms of this process's CPU
   * each, so a budget of its own, far below the tiles'; tiles already drawn do not count.
   */
  const mayDraw = (request: FastifyRequest) => () =>
    limits
      .take(`raster:${clientAddress(request.raw)}`, config.limits.rasterDrawsPerIpPerMinute, 60_000)
      .catch(() => false);

  app.get<{ Params: { id: string; z: string; x: string; y: string } }>(
    '/tiles/:id/:z/:x/:y',
    async (request, reply) => {
      const { id, z, x, y } = request.params;
      const found = await tileSetOf(request, reply, id, TileService.id);
      if (!found) return reply;
      const row = /^(.*)\.pbf$/.exec(y)?.[1];
      const at = row === undefined ? undefined : tileCoordinates(z, x, row);
      if (!at) {
        const coordinates = `${z}/${x}/${y}`;
        return reply
          .code(404)
          .send(errorReply('NOT_FOUND', `No tile ${coordinates}: z 0-14, x and y 0 to 2^z-1`));
      }
      if (!(await withinLimit(request, reply))) return reply;
      reply.header('Cache-Control', IMMUTABLE);
      reply.header('Vary', 'Accept-Encoding');
      const tile = tiles.tile(found.tileSet, found.map, at.z, at.x, at.y);
      if (!tile) return reply.code(204).send();
      reply.type('application/x-protobuf');
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? ''))
        return reply.header('Content-Encoding', 'gzip').send(tile);
      return reply.send(gunzipSync(tile));
    },
  );

  app.get<{ Params: { id: string; look: string; z: string; x: string; y: string } }>(
    '/tiles/:id/:look/:z/:x/:y',
    async (request, reply) => {
      const { id, look: name, z, x, y } = request.params;
      const found = await tileSetOf(request, reply, id, TileService.rasterId);
      if (!found) return reply;
      const look = lookNamed(name);
      const file = RASTER_TILE_FILE.exec(y);
      const at = look && file ? tileCoordinates(z, x, file[1]!, MAX_RASTER_ZOOM) : undefined;
      if (!look || !file || !at) {
        const tile = `${name}/${z}/${x}/${y}`;
        const looks = `light or dark, -${LABEL_LANGUAGES.join(' or -')} for names in a language`;
        return reply
          .code(404)
          .send(
            errorReply(
              'NOT_FOUND',
              `No raster tile ${tile}: ${looks}; z 0-${MAX_RASTER_ZOOM}, x and y 0 to 2^z-1; .webp or @2x.webp`,
            ),
          );
      }
      if (!(await withinLimit(request, reply))) return reply;
      const ratio = file[2] ? 2 : 1;
      const picture = await tiles.raster(
        found.tileSet,
        found.map,
        { ...at, ratio, look },
        mayDraw(request),
      );
      if (picture === 'budget') return reply.code(429).header('Retry-After', '60').send(tooMany);
      if (picture === 'busy') return reply.code(503).header('Retry-After', '1').send(busy);
      return reply.header('Cache-Control', IMMUTABLE).type('image/webp').send(picture);
    },
  );
}
