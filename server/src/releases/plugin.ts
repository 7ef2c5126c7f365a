import { createHash } from 'node:crypto';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorReply } from '../base/errors.ts';
import type { Corporation } from '../corporations/directory.ts';
import { viewsWritten } from '../reports/health.ts';
import type { Services } from '../base/services.ts';
import { rideLinkView } from '../tracking/link.ts';
import { releaseApi } from './api.ts';
import { releaseFile } from './file-cache.ts';
import { startAutoRollback } from './auto-rollback.ts';
import { operatorPage } from './operator.ts';
import { bucketOf, DEVICE_ID, type Bucket } from './bucket.ts';
import { canaryOf, REMOTES, remoteEntry, resolveRelease, type RemoteEntry } from './resolve.ts';
import { countedDevice, countRegistryView } from './views.ts';
import { hostScreen, routeOf, screenPreloads, screenRelease } from './preload.ts';
import { apologyTexts, firstTexts, paintSkeleton, skeletonLogo, type SkeletonTexts } from './skeleton.ts';
import { MAINTENANCE_FIRST_PAINT, PAGE_REVISION_HEADER, SCREEN_PATHS, type FirstTexts } from '@taxi/contract';
import { describePage, pageLanguage, ROBOTS_TXT } from './seo.ts';

/** Files whose content changes under a fixed name; everything else in a release is immutable. */
const MUTABLE_FILES = new Set(['mf-manifest.json', 'release.json']);

/** The device id the host sends (`device`), when it is one. */
function deviceOf(query: unknown): string | undefined {
  const device = (query as Record<string, unknown> | undefined)?.device;
  return typeof device === 'string' && DEVICE_ID.test(device) ? device : undefined;
}

/**
 * The registry the host reads at start, for this corporation: `remotes` maps each remote to its
 * manifest URL; `releases` adds the version, the shared contract it was built against and the
 * pinned fallback, so the host can refuse a release it cannot run. A part with a canary gives
 * its canary release to the devices in its share; `buckets` tells the host which one it got, and
 * `bucket` is 'canary' when any part is. A counted view (releases/views.ts) comes with the
 * `ticket` the host sends back with its error reports. The answer depends on the `device` in the
 * URL only, so a service worker keeping it per URL keeps each device's own.
 */
export async function releasesPlugin(app: FastifyInstance, services: Services) {
  const { config, corporations } = services;
  let stopAutoRollback: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stopAutoRollback = startAutoRollback(services);
  });
  app.addHook('onClose', async () => stopAutoRollback?.());
  app.addHook('onClose', async () => viewsWritten(services.storage.db));
  await app.register(releaseApi, { services });
  await app.register(operatorPage, services);
  app.get('/remotes.json', async (request, reply) => {
    const corporation = corporations.forHost(request);
    const device = corporation && (await countedDevice(services, request, deviceOf(request.query)));
    reply.header('Cache-Control', 'no-cache');
    const remotes: Record<string, string> = {};
    const releases: Record<string, RemoteEntry & { fallback?: RemoteEntry }> = {};
    const buckets: Record<string, Bucket> = {};
    for (const name of REMOTES) {
      const pointer = corporation?.releases[name];
      const canary = (await canaryOf(config.releasesDir, name, pointer))?.canary;
      let bucket = canary && corporation ? bucketOf(services.releaseKey, corporation.id, name, device, canary.percent) : 'stable';
      // A canary that resolves to nothing (unpublished, unknown channel) leaves its share on stable.
      let entry = bucket === 'canary' ? await remoteEntry(config.releasesDir, name, canary?.use) : undefined;
      if (!entry) {
        bucket = 'stable';
        entry = await remoteEntry(config.releasesDir, name, pointer?.use);
      }
      if (!entry) continue;
      const fallback = pointer?.fallback ? await remoteEntry(config.releasesDir, name, pointer.fallback) : undefined;
      remotes[name] = entry.url;
      releases[name] = fallback ? { ...entry, fallback } : entry;
      buckets[name] = bucket;
    }
    const bucket: Bucket = Object.values(buckets).includes('canary') ? 'canary' : 'stable';
    const ticket = corporation && device ? await countRegistryView(services, request, corporation, releases, buckets, device) : undefined;
    return { remotes, releases, bucket, buckets, ...(ticket ? { ticket } : {}) };
  });

  // The host's service worker, from the corporation's host release, at the root so that its
  // scope is the whole app. Revalidated on every check, like index.html.
  app.get('/sw.js', async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    const file = await hostReleaseFile({ config, corporations }, request, 'sw.js');
    if (!file) return reply.code(404).send(errorReply('NOT_FOUND', 'No service worker is published'));
    return reply.type('application/javascript; charset=utf-8').send(file.content);
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(ROBOTS_TXT),
  );

  await app.register(fastifyStatic, {
    root: path.join(config.releasesDir, 'mf'),
    prefix: '/mf/',
    decorateReply: false,
    // Publishing writes .br and .gz copies beside each text file; sent when the browser takes them.
    preCompressed: true,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply, file) =>
      reply.header(
        'Cache-Control',
        // A compressed copy (.br, .gz) is cached like the file it stands for.
        MUTABLE_FILES.has(path.basename(file).replace(/\.(br|gz)$/, ''))
          ? 'no-cache'
          : 'public, max-age=31536000, immutable',
      ),
  });
}

/** Calls whose callers read every reply as JSON with a status. */
const API_PATHS = /^\/(?:api|rate\/api|track\/api|driver\/api|release\/api|report|dev)\//;
/** Paths the SPA never answers; every other GET is a screen of the host. */
const FILE_PATHS = /^\/(?:mf|brand|tiles)\/|\.json$|^\/manifest\.webmanifest$/;

function pathname(url: string): string {
  return url.split('?', 1)[0] ?? '';
}

export function isApiPath(url: string): boolean {
  return API_PATHS.test(pathname(url));
}

export function isPagePath(url: string): boolean {
  const path = pathname(url);
  return !API_PATHS.test(path) && !FILE_PATHS.test(path);
}

/** A file of this corporation's host release, with the release's version, or null (no corporation, no release, no such file). */
async function hostReleaseFile(
  { config, corporations }: Pick<Services, 'config' | 'corporations'>,
  request: FastifyRequest,
  file: string,
): Promise<{ version: string; content: Buffer } | null> {
  const corporation = corporations.forHost(request);
  if (!corporation) return null;
  const release = await resolveRelease(config.releasesDir, 'host', corporation.releases.host?.use);
  if (release?.kind === 'version') {
    try {
      const content = await releaseFile(path.join(config.releasesDir, 'mf', 'host', release.version, file));
      return { version: release.version, content };
    } catch (error) {
      if (file === 'index.html' || (error as NodeJS.ErrnoException).code !== 'ENOENT')
        request.log.error({ err: error }, 'host release unreadable');
    }
  } else if (release) {
    request.log.error({ corporation: corporation.id }, 'the host release must be a version or channel, not a URL');
  }
  return null;
}

/**
 * A screen whose heading is its order's state (a ride link's Track panel): the heading of the
 * order the path opens, checked as the tracking socket checks the link (tracking/link.ts); none
 * for a link that opens nothing, or for several taxis on the way (the panel counts them).
 */
async function orderHeading(services: Services, request: FastifyRequest, corporation: Corporation, texts: FirstTexts | undefined): Promise<SkeletonTexts | undefined> {
  if (!texts?.titles) return texts;
  const view = await rideLinkView(services, corporation.id, services.clientAddress(request.raw), pathname(request.url));
  if (!view || view.counter) return undefined;
  const title = texts.titles[view.name];
  return title ? { title, pulse: view.name.startsWith('waiting'), live: true } : undefined;
}

/** What the pages of every route share (@taxi/contract's PAGE_REVISION_HEADER), as a short hash. */
export function pageRevision(hostVersion: string, corporation: Corporation, language: string, logo: string | undefined): string {
  return createHash('sha256')
    .update(JSON.stringify([hostVersion, language, corporation.settings, logo ?? null]))
    .digest('base64url')
    .slice(0, 16);
}

/**
 * The host release's index.html for this corporation, in the visitor's language (`lang` and
 * description), painted with the skeleton of its route's layout and preloading the files of the
 * screen it opens on, or a 503 page before the first build.
 */
export async function servePage(services: Services, request: FastifyRequest, reply: FastifyReply) {
  reply.header('Cache-Control', 'no-cache');
  const corporation = services.corporations.forHost(request);
  if (!corporation) return reply.code(404).type('text/plain; charset=utf-8').send('No taxi corporation serves this host name.\n');
  const html = await hostReleaseFile(services, request, 'index.html');
  if (html) {
    const language = pageLanguage(corporation.settings, request.headers['accept-language']);
    // In maintenance every path shows the apology page (spec section 2): painted as that page,
    // with the host's own texts, and no other screen's files preloaded.
    const maintenance = corporation.settings.maintenance === true;
    const route = await routeOf(services.config.releasesDir, html.version, maintenance ? SCREEN_PATHS.Maintenance : pathname(request.url));
    const screen = maintenance ? undefined : await screenRelease(services.config.releasesDir, corporation, route);
    const preloads = await screenPreloads(services.config.releasesDir, screen);
    const described = describePage(html.content.toString('utf8'), corporation, language).replace(/<\/head>/i, () => `${preloads}</head>`);
    const logo = await skeletonLogo(corporation, services.config.corpDir);
    const texts = maintenance
      ? apologyTexts(await firstTexts(services.config.releasesDir, hostScreen(html.version, MAINTENANCE_FIRST_PAINT), language))
      : await orderHeading(services, request, corporation, await firstTexts(services.config.releasesDir, screen, language));
    const page = paintSkeleton(described, corporation, route, logo, texts);
    return reply
      .header('Vary', 'Accept-Language')
      .header(PAGE_REVISION_HEADER, pageRevision(html.version, corporation, language, logo))
      .type('text/html; charset=utf-8')
      .send(page);
  }
  return reply
    .code(503)
    .type('text/plain; charset=utf-8')
    .send('The app has not been built yet: no host release is published.\n');
}
