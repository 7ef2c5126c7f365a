import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openCorporationDirectory } from './corporations/directory.ts';
import { corporationsPlugin } from './corporations/plugin.ts';
import { ApiFailure, errorReply } from './errors.ts';
import { redactUrl } from './redact.ts';
import { isApiPath, isPagePath, releasesPlugin, servePage } from './releases/plugin.ts';
import { reportsPlugin } from './reports/plugin.ts';
import type { Services } from './services.ts';

/** Bodies of the API are small forms; anything bigger is abuse. */
const BODY_LIMIT = 256 * 1024;

export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    logger:
      config.logLevel === false
        ? false
        : {
            level: config.logLevel,
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip }),
            },
          },
  });

  const services: Services = {
    config,
    corporations: openCorporationDirectory(config.corpDir, app.log, config.corpRefreshMs),
  };

  // API callers treat any non-200 reply as a lost connection, so a failed call is HTTP 200 with
  // status ERR; pages and files keep their HTTP status.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const api = isApiPath(request.url);
    if (error instanceof ApiFailure) return reply.code(200).send(errorReply(error.code, error.message));
    const clientFault = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
    if (clientFault) {
      request.log.info({ code: error.code }, 'bad request');
      return reply.code(api ? 200 : error.statusCode!).send(errorReply('ARG_ERROR', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(api ? 200 : 500).send(errorReply('EXCEPTION'));
  });

  app.setNotFoundHandler(async (request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && isPagePath(request.url)) {
      return servePage(services, request, reply);
    }
    return reply.code(404).send(errorReply('NOT_FOUND', `Nothing at ${request.method} ${redactUrl(request.url)}`));
  });

  await app.register(fastifyFormbody);
  await app.register(corporationsPlugin, services);
  await app.register(releasesPlugin, services);
  await app.register(reportsPlugin);
  return app;
}
