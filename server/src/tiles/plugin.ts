import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { perCorporation } from '../corporations/plugin.ts';
import { errorReply } from '../errors.ts';
import type { Services } from '../services.ts';
import { DiskCache } from './disk-cache.ts';
import { drawRange, glyphFile, GLYPHS_PATH, rangeStart, stackFont } from './glyphs.ts';
import { TileService, tileCoordinates } from './service.ts';
import { drawSprite, SPRITE_PATH } from './sprite.ts';
import { labelLanguage, pageOrigin, tileStyle } from './style.ts';

/** Tiles never change under their id: the id changes with the extract and the tile code. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The map of a corporation drawn from its own extract: a MapLibre style document
 * (GET /tiles/style.json, `?theme=dark` for the dark one) and the vector tiles it names
 * (GET /tiles/<id>/<z>/<x>/<y>.pbf, id: the extract's import), with the glyphs and icons of
 * its labels (the same for every corporation, made once into DATA_DIR/tiles).
 */
export async function tilesPlugin(app: FastifyInstance, services: Services) {
  const { geo, corporations, config, limits, clientAddress } = services;
  const tiles = new TileService({
    cacheBytes: config.tileCacheMb * 1024 * 1024,
    log: services.log,
  });

  const made = new DiskCache(config.dataDir);

  const noExtract = errorReply('NOT_FOUND', 'This corporation has no map extract');

  perCorporation(app, corporations, '/tiles/style.json', async (corporation, reply, request) => {
    const geography = await geo.embedded(corporation);
    const id = TileService.id(geography?.key ?? '');
    if (!geography || !id) return reply.code(404).send(noExtract);
    const query = request.query as Record<string, unknown>;
    // A host name asked for in the query (development) travels on to the tiles.
    const hostname = typeof query.hostname === 'string' && query.hostname ? query.hostname : '';
    const name = corporation.settings.corp;
    return tileStyle({
      name: typeof name === 'string' && name ? name : corporation.id,
      tiles: `/tiles/${id}/{z}/{x}/{y}.pbf${hostname ? `?hostname=${encodeURIComponent(hostname)}` : ''}`,
      bounds: geography.data.map.bounds,
      theme: query.theme === 'dark' ? 'dark' : 'light',
      language: labelLanguage(query.lang),
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

  app.get<{ Params: { id: string; z: string; x: string; y: string } }>(
    '/tiles/:id/:z/:x/:y',
    async (request, reply) => {
      const { id, z, x, y } = request.params;
      reply.header('Cache-Control', 'no-cache');
      const corporation = corporations.forRequest(request);
      if (!corporation)
        return reply
          .code(404)
          .send(errorReply('NOT_FOUND', 'No taxi corporation serves this host name'));
      const geography = await geo.embedded(corporation);
      if (!geography || !geography.key) return reply.code(404).send(noExtract);
      if (id !== TileService.id(geography.key))
        return reply
          .code(404)
          .send(errorReply('NOT_FOUND', 'No such tile set; the map style names the current one'));
      const row = /^(.*)\.pbf$/.exec(y)?.[1];
      const at = row === undefined ? undefined : tileCoordinates(z, x, row);
      if (!at) {
        const coordinates = `${z}/${x}/${y}`;
        return reply
          .code(404)
          .send(errorReply('NOT_FOUND', `No tile ${coordinates}: z 0-14, x and y 0 to 2^z-1`));
      }
      // Cutting a tile costs CPU: a per-address budget.
      const key = `tiles:${clientAddress(request.raw)}`;
      if (!(await limits.take(key, config.limits.tilesPerIpPerMinute, 60_000).catch(() => false)))
        return reply
          .code(429)
          .header('Retry-After', '60')
          .send(errorReply('ACTION_NOT_ALLOWED', 'Too many map tiles; try again in a minute'));
      reply.header('Cache-Control', IMMUTABLE);
      reply.header('Vary', 'Accept-Encoding');
      const tile = tiles.tile(id, geography.data.map, at.z, at.x, at.y);
      if (!tile) return reply.code(204).send();
      reply.type('application/x-protobuf');
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? ''))
        return reply.header('Content-Encoding', 'gzip').send(tile);
      return reply.send(gunzipSync(tile));
    },
  );
}
