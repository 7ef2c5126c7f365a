import type {
  ClientAction,
  ClientActions,
  ClientCall,
  OkStatus,
  RatingAction,
  RatingActions,
  ReplyOf,
  RequestOf,
} from '@taxi/contract';
import { ApiError, connectionError, UNKNOWN_ERROR } from './errors';

/** Every reply carries status OK or ERR (spec section 7). */
export interface ApiReply {
  status: 'OK' | 'ERR';
  status_mesg?: string;
  error_data?: string;
  [field: string]: unknown;
}

/** The OK reply of an action of a contract table: its own fields beside status and status_mesg. */
export type Reply<Table, Name extends keyof Table> = OkStatus & ReplyOf<Table, Name>;

export type Payload = Record<string, unknown>;

/** The payload argument: optional when the action takes no fields of its own. */
type PayloadArgument<Request> =
  Record<never, never> extends Request ? [payload?: Request] : [payload: Request];

export interface ApiClientOptions {
  /** Origin the API lives on; '' for the page's own. */
  baseUrl?: string;
  getToken: () => string | null;
  getLang: () => string;
  fetchImpl?: typeof fetch;
}

/** Reads the reply; the server answers by the contract, so an OK reply has the action's fields. */
async function readReply<Fields>(request: Promise<Response>): Promise<OkStatus & Fields> {
  let response: Response;
  try {
    response = await request;
  } catch {
    throw connectionError();
  }
  if (!response.ok) throw connectionError();
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw connectionError();
  }
  if (!body || typeof body !== 'object' || !('status' in body)) throw connectionError();
  const reply = body as ApiReply;
  if (reply.status !== 'OK') {
    throw new ApiError(
      typeof reply.error_data === 'string' && reply.error_data ? reply.error_data : UNKNOWN_ERROR,
      reply.status_mesg,
    );
  }
  return reply as unknown as OkStatus & Fields;
}

function formBody(cmd: Payload): URLSearchParams {
  return new URLSearchParams({ cmd: JSON.stringify(cmd) });
}

/**
 * The client API (base /api/2) in both of its transports, and the rating API, typed by
 * @taxi/contract: `get('ORDER_SAVE', …)` takes that action's request and gives its reply.
 * Client auth travels as `auth` (the client token) plus `lang`.
 */
export function createApiClient(options: ApiClientOptions) {
  const base = options.baseUrl ?? '';
  const doFetch: typeof fetch = (...args) => (options.fetchImpl ?? fetch)(...args);

  function withAuth(payload: object = {}): Payload {
    const token = options.getToken();
    return { ...(token ? { auth: token } : {}), lang: options.getLang(), ...payload };
  }

  return {
    /** GET /api/2/?action=NAME&...: objects travel as JSON strings. */
    get<Name extends ClientAction>(
      action: Name,
      ...[payload]: PayloadArgument<RequestOf<ClientActions, Name> & ClientCall>
    ): Promise<Reply<ClientActions, Name>> {
      const query = new URLSearchParams({ action });
      for (const [key, value] of Object.entries(withAuth(payload))) {
        if (value === undefined) continue;
        query.set(key, typeof value === 'string' ? value : JSON.stringify(value));
      }
      return readReply(doFetch(`${base}/api/2/?${query}`, { method: 'GET' }));
    },

    /** Action-style POST: form body, field cmd holding the JSON action. */
    action<Name extends ClientAction>(
      action: Name,
      ...[payload]: PayloadArgument<RequestOf<ClientActions, Name> & ClientCall>
    ): Promise<Reply<ClientActions, Name>> {
      return readReply(
        doFetch(`${base}/api/2/`, {
          method: 'POST',
          body: formBody({ action_id: action, ...withAuth(payload) }),
        }),
      );
    },

    /** Rating API: POST /rate/api/1/ with cmd, authorised by short id and secret. */
    rate<Name extends RatingAction>(
      action: Name,
      payload: RequestOf<RatingActions, Name>,
    ): Promise<Reply<RatingActions, Name>> {
      return readReply(
        doFetch(`${base}/rate/api/1/`, {
          method: 'POST',
          body: formBody({ action_id: action, lang: options.getLang(), ...(payload as object) }),
        }),
      );
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
