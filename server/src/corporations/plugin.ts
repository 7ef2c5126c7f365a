import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorReply } from '../base/errors.ts';
import type { Services } from '../base/services.ts';
import type { Corporation, CorporationLookup } from './directory.ts';
import { brandImageType } from './brand.ts';

/** The web-app manifest of spec section 1 ("installable on a phone home screen"), from settings. */
export function webManifest(corporation: Corporation) {
  const { settings } = corporation;
  const name = settings.corp || corporation.id;
  const color = settings.color || '#f5b400';
  const icon = settings.corp_icon ?? '';
  const type = brandImageType(icon);
  return {
    name,
    short_name: name.length > 12 ? name.slice(0, 12).trimEnd() : name,
    lang: settings.locale_lang_default || 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: color,
    background_color: color,
    icons: icon
      ? [
          {
            src: icon,
            sizes: type === 'image/svg+xml' ? 'any' : '512x512',
            ...(type ? { type } : {}),
            purpose: 'any',
          },
        ]
      : [],
  };
}

/**
 * A GET route answered for the corporation of the request's Host (404 for an unknown host, or
 * for a `hostname` query naming a host another corporation serves). Its answer changes with the
 * corporation's file, so the browser revalidates it.
 */
export function perCorporation(
  app: FastifyInstance,
  corporations: CorporationLookup,
  path: string,
  send: (corporation: Corporation, reply: FastifyReply, request: FastifyRequest) => unknown,
) {
  app.get(path, async (request, reply) => {
    const corporation = corporations.forOwnHost(request);
    reply.header('Cache-Control', 'no-cache');
    if (!corporation)
      return reply
        .code(404)
        .send(errorReply('NOT_FOUND', 'No taxi corporation serves this host name'));
    return send(corporation, reply, request);
  });
}

/**
 * Per-corporation settings, web-app manifest and brand assets (logo, icon). The composition root
 * hands in `moreSettings`, what other concerns add to settings.json.
 */
export async function corporationsPlugin(
  app: FastifyInstance,
  {
    services: { config, corporations },
    moreSettings,
  }: {
    services: Services;
    moreSettings: (corporation: Corporation) => Record<string, unknown>;
  },
) {
  perCorporation(app, corporations, '/settings.json', (corporation) => ({
    ...corporation.settings,
    ...moreSettings(corporation),
  }));
  perCorporation(app, corporations, '/manifest.webmanifest', (corporation, reply) =>
    reply.type('application/manifest+json').send(JSON.stringify(webManifest(corporation))),
  );

  // Each corporation's logo and icon live in CORP_DIR/assets/<corporation id>/.
  await app.register(fastifyStatic, {
    root: path.join(config.corpDir, 'assets'),
    prefix: '/brand/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply) => reply.header('Cache-Control', 'public, max-age=300'),
  });
}
