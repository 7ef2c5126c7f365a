import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bareHostname } from '../corporations/directory.ts';
import { ApiFailure } from '../base/errors.ts';
import { replyJson } from './raw-json.ts';
import { READ_ONLY_ACTIONS, refuseCrossSite } from './cross-site.ts';
import type { Services } from '../base/services.ts';
import { ClientCallSchema } from '@taxi/contract/schemas';
import { compileCheck, type Payload } from '../base/check.ts';
import { countReply, recordAction } from '../metrics/record.ts';
import type { ActionRegistry, Lang, RequestSchemas, SignedInClient } from './registry.ts';

export interface TransportOptions {
  services: Services;
  registry: ActionRegistry<unknown, RequestSchemas<unknown>>;
  /** e.g. '/api/2/' */
  path: string;
  /** Also answer GET with ?action=NAME (the client API); POST with form field `cmd` always. */
  get: boolean;
}

const isObject = (value: unknown): value is Payload =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A form's `cmd` holds the action as JSON; dispatcher-style callers post that JSON as the body. */
function postedAction(body: unknown): Payload {
  const form = isObject(body) ? body : undefined;
  if (form && 'cmd' in form) {
    const cmd = Array.isArray(form.cmd) ? form.cmd[0] : form.cmd;
    try {
      const action: unknown = typeof cmd === 'string' ? JSON.parse(cmd) : cmd;
      if (isObject(action)) return action;
    } catch {
      // Answered below.
    }
    throw new ApiFailure('ARG_ERROR', 'cmd: expected an object');
  }
  if (form && 'action_id' in form) return form;
  throw new ApiFailure('ARG_ERROR', 'cmd: expected the action as JSON');
}

/** The fields any call may carry beside its own: the caller's token and language. */
const checkCaller = compileCheck(ClientCallSchema);

function language(value: string | undefined, corporation: { settings: Payload }): Lang {
  const wanted =
    value !== undefined
      ? value.slice(0, 2).toLowerCase()
      : corporation.settings.locale_lang_default;
  return wanted === 'pl' ? 'pl' : 'en';
}

/** Serves one action registry over the transports of spec section 7. */
export async function actionTransport(
  app: FastifyInstance,
  { services, registry, path, get }: TransportOptions,
) {
  async function run(
    request: FastifyRequest,
    reply: FastifyReply,
    name: unknown,
    payload: Payload,
  ) {
    const corporation = services.corporations.forRequest(request);
    if (!corporation)
      throw new ApiFailure('NOT_FOUND', 'No taxi corporation serves this host name');
    const handler = typeof name === 'string' ? registry.get(name) : undefined;
    if (!handler)
      throw new ApiFailure(
        'ACTION_NOT_ALLOWED',
        // Not String(name): a posted object may carry a `toString` that is not a function.
        `Unknown action: ${typeof name === 'string' ? name.slice(0, 60) : typeof name}`,
      );
    recordAction(request, name as string);
    if (!READ_ONLY_ACTIONS.has(name as string)) refuseCrossSite(request.headers, corporation);
    let signedIn: Promise<SignedInClient> | undefined;
    let checked: Payload | undefined;
    const caller = checkCaller(payload);
    const token = caller.auth ?? caller.token;
    const answer = await handler({
      corporation,
      // Checked against the action's schema when the handler first reads it: a caller who is
      // not signed in hears ACCESS_DENIED before what is wrong with the fields.
      get payload() {
        return (checked ??= registry.checked(name as string, payload));
      },
      lang: language(caller.lang, corporation),
      // Read only by calls with per-address limits: working it out costs a parse of the address.
      get ip() {
        return services.clientAddress(request.raw);
      },
      host: bareHostname(request.host ?? ''),
      log: request.log,
      token,
      client: () => (signedIn ??= registry.client(corporation, token)),
    });
    countReply(request, 'OK');
    const ok = { status: 'OK', status_mesg: 'OK', ...answer };
    const text = replyJson(ok);
    if (text === undefined) return ok;
    reply.type('application/json; charset=utf-8');
    return text;
  }

  if (get) {
    app.get(path, async (request, reply) => {
      const query = request.query as Payload;
      return run(request, reply, query.action, query);
    });
  }
  app.post(path, async (request, reply) => {
    const action = postedAction(request.body);
    return run(request, reply, action.action_id, action);
  });
}
