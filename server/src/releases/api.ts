// The release API (/release/api/): teams publish, promote, pin, roll back and read health without
// the server's shell, each with its own token scoped to parts and optionally to corporations.
// Every change goes to releases/history.jsonl as `team:<name>`. Tokens never reach the log: the
// request log carries method, URL and address only, and the token travels in a header.
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  HealthQuerySchema,
  PinRequestSchema,
  PromoteRequestSchema,
  PublishRequestSchema,
  RollbackRequestSchema,
} from '@taxi/contract/schemas';
import { compileCheck } from '../base/check.ts';
import { ApiFailure } from '../base/errors.ts';
import type { Services } from '../base/services.ts';
import { hashFiles, isBuildFile } from './files.ts';
import { corporationHealth, HEALTH_HOURS } from './health.ts';
import {
  currentPointer,
  pin,
  promote,
  recordPublished,
  rollback,
  type Change,
  type Target,
} from './pointers.ts';
import { oneUploadAtATime, withinQuota } from './quota.ts';
import { folderStore, type ReleaseStore } from './store.ts';
import { entryFile, isVersion, type ReleaseName } from './resolve.ts';
import { scopeOf, type TeamScope } from './tokens.ts';

/** Calls per address per minute: a deploy makes a handful. */
const CALLS_PER_MINUTE = 60;
/** A built part is a few megabytes; base64 adds a third. */
const UPLOAD_LIMIT = 64 * 1024 * 1024;
/** How long a refused upload's connection stays open for its answer to be read. */
const REFUSED_UPLOAD_LINGER_MS = 1000;
const FILE_NAME = /^(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9._/-]{0,199}$/;
const MAX_FILES = 2000;

const checkPublish = compileCheck(PublishRequestSchema);
const checkPromote = compileCheck(PromoteRequestSchema);
const checkPin = compileCheck(PinRequestSchema);
const checkRollback = compileCheck(RollbackRequestSchema);
const checkHealth = compileCheck(HealthQuerySchema);

/**
 * Whether the team may act on `part` for every corporation the action reaches: the ones named,
 * or all of them (`everyone`: a channel, or a published version any corporation may be pinned
 * to). A team limited to some corporations publishes nothing and moves no channel; it pins its
 * own corporations to what the teams for every corporation published.
 */
function mayRelease(
  scope: TeamScope,
  part: ReleaseName,
  reach: { corporations: string[] } | { everyone: string },
): void {
  if (!scope.parts.includes(part))
    throw new ApiFailure('ACTION_ACCESS_DENIED', `team ${scope.team} may not release ${part}`);
  if (scope.corporations.length === 0) return;
  if ('everyone' in reach)
    throw new ApiFailure(
      'ACTION_ACCESS_DENIED',
      `team ${scope.team} is limited to some corporations and may not ${reach.everyone}`,
    );
  const outside = reach.corporations.find((id) => !scope.corporations.includes(id));
  if (outside !== undefined)
    throw new ApiFailure(
      'ACTION_ACCESS_DENIED',
      `team ${scope.team} may not release for ${outside}`,
    );
}

/**
 * Ends the connection of a refused upload once its answer had time to arrive: Node would
 * otherwise read the rest of the body (to discard it) for as long as the caller sends. Until
 * then nothing more is read.
 */
function hangUp(request: FastifyRequest): void {
  const { socket } = request.raw;
  // An injected request (tests) has no connection.
  if (!(socket instanceof Socket)) return;
  // After Node's own finish handler, which resumes the request to discard its body.
  setImmediate(() => socket.pause());
  setTimeout(() => socket.destroy(), REFUSED_UPLOAD_LINGER_MS).unref();
}

/** Runs a pointer change; its refusals (unpublished, nothing to roll back) are the caller's fault. */
function changing(work: () => Change): Change {
  try {
    return work();
  } catch (error) {
    throw new ApiFailure('ARG_ERROR', (error as Error).message);
  }
}

export async function releaseApi(
  app: FastifyInstance,
  { services, store }: { services: Services; store?: ReleaseStore },
) {
  const { config, corporations, storage, limits, clock, clientAddress } = services;
  const places = { releasesDir: config.releasesDir, corpDir: config.corpDir };
  const releases = store ?? folderStore(config.releasesDir);

  const scopes = new WeakMap<FastifyRequest, TeamScope>();
  // Checked before any body is read: a caller without a live token, from a web page or past its
  // address's calls is refused within the hook, so an anonymous upload never reaches the parser.
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.once('finish', () => {
      if (!scopes.has(request) && !request.raw.complete) hangUp(request);
    });
    // A browser on another site never gets to call this with the operator's cookies or not.
    const site = request.headers['sec-fetch-site'];
    if (request.headers.origin || (site && site !== 'none' && site !== 'same-origin'))
      throw new ApiFailure('ACTION_NOT_ALLOWED', 'The release API is not for web pages');
    if (!(await limits.take(`release-api:${clientAddress(request.raw)}`, CALLS_PER_MINUTE, 60_000)))
      throw new ApiFailure('ACTION_NOT_ALLOWED', 'Too many release API calls; try again later');
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const scope = token ? await scopeOf(storage.db, token) : undefined;
    if (!scope) throw new ApiFailure('ACCESS_DENIED', 'A valid release token is required');
    scopes.set(request, scope);
  });
  const authorise = (request: FastifyRequest): TeamScope => scopes.get(request)!;

  app.get('/release/api/list', async (request) => {
    const scope = authorise(request);
    return {
      status: 'OK',
      corporations: corporations
        .all()
        .filter((c) => scope.corporations.length === 0 || scope.corporations.includes(c.id))
        .map((c) => ({
          id: c.id,
          releases: Object.fromEntries(
            scope.parts.map((part) => [part, currentPointer(places, `corporation:${c.id}`, part)]),
          ),
        })),
    };
  });

  app.post('/release/api/publish', { bodyLimit: UPLOAD_LIMIT }, async (request) => {
    const scope = authorise(request);
    const { part, version, record, files: sent } = checkPublish(request.body);
    mayRelease(scope, part, { everyone: 'publish' });
    if (!isVersion(version)) throw new ApiFailure('ARG_ERROR', 'version: a semantic version');
    const names = Object.keys(sent);
    if (names.length === 0 || names.length > MAX_FILES)
      throw new ApiFailure('ARG_ERROR', `files: 1 to ${MAX_FILES}`);
    const files = new Map<string, Buffer>();
    for (const name of names) {
      if (!FILE_NAME.test(name) || !isBuildFile(name))
        throw new ApiFailure('ARG_ERROR', `files: not a build file: ${name.slice(0, 80)}`);
      files.set(name, Buffer.from(sent[name]!, 'base64'));
    }
    // The upload is what its record says it is: this part, this version, these bytes.
    if (record.name !== part || record.version !== version)
      throw new ApiFailure('DOC_ERROR', 'The record names another part or version');
    if (!files.has(entryFile(part)))
      throw new ApiFailure('DOC_ERROR', `The upload has no ${entryFile(part)}`);
    const hash = hashFiles(files);
    if (record.content_sha256 !== hash)
      throw new ApiFailure('DOC_ERROR', 'The files do not match the content hash of the record');
    return oneUploadAtATime(scope.team, async () => {
      const published = await releases.published(part, version);
      if (published === hash) return { status: 'OK', result: `${part} ${version}: unchanged` };
      if (published !== null)
        throw new ApiFailure(
          'ACTION_NOT_ALLOWED',
          `${part} ${version} is already published with other content: bump the version`,
        );
      await withinQuota(releases, scope.team, files, config.limits.releaseTeamQuotaMb);
      await releases.put(part, version, files, { ...record, uploaded_by: `team:${scope.team}` });
      recordPublished(places, part, version, `team:${scope.team}`);
      request.log.info({ team: scope.team, part, version }, 'release published');
      return { status: 'OK', result: `${part} ${version}: published` };
    });
  });

  app.post('/release/api/promote', async (request) => {
    const scope = authorise(request);
    const { part, version, channel, canary } = checkPromote(request.body);
    mayRelease(scope, part, { everyone: 'move a channel' });
    return {
      status: 'OK',
      change: changing(() => promote(places, part, version, channel, `team:${scope.team}`, canary)),
    };
  });

  app.post('/release/api/pin', async (request) => {
    const scope = authorise(request);
    const { part, corporation, use, fallback, canary } = checkPin(request.body);
    mayRelease(scope, part, { corporations: [corporation] });
    if (!corporations.byId(corporation)) throw new ApiFailure('NOT_FOUND', 'No such corporation');
    const options = {
      ...(fallback ? { fallback } : {}),
      ...(canary !== undefined ? { canary } : {}),
      by: `team:${scope.team}`,
    };
    return {
      status: 'OK',
      change: changing(() => pin(places, corporation, part, use, options)),
    };
  });

  app.post('/release/api/rollback', async (request) => {
    const scope = authorise(request);
    const { part, target } = checkRollback(request.body);
    const [kind, name] = target.split(/:(.*)/s) as [string, string];
    mayRelease(
      scope,
      part,
      kind === 'corporation' ? { corporations: [name] } : { everyone: 'move a channel' },
    );
    return {
      status: 'OK',
      change: changing(() => rollback(places, target as Target, part, `team:${scope.team}`)),
    };
  });

  app.get('/release/api/health', async (request) => {
    const scope = authorise(request);
    const { corporation: id, part, hours = HEALTH_HOURS } = checkHealth(request.query);
    if (scope.corporations.length > 0 && !scope.corporations.includes(id))
      throw new ApiFailure('ACTION_ACCESS_DENIED', `team ${scope.team} may not see ${id}`);
    if (part && !scope.parts.includes(part))
      throw new ApiFailure('ACTION_ACCESS_DENIED', `team ${scope.team} may not see ${part}`);
    const corporation = corporations.byId(id);
    if (!corporation) throw new ApiFailure('NOT_FOUND', 'No such corporation');
    const health = await corporationHealth(storage.db, config.releasesDir, corporation, {
      ...(part ? { part } : {}),
      since: clock.now() - hours * 60 * 60_000,
    });
    // Without a part: the parts of the team only.
    return { status: 'OK', health: health.filter((each) => scope.parts.includes(each.part)) };
  });
}
