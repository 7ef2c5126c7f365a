import { ApiError, connectionError, UNKNOWN_ERROR } from './errors';

/** Every reply carries status OK or ERR (spec section 7). */
export interface ApiReply {
  status: 'OK' | 'ERR';
  status_mesg?: string;
  error_data?: string;
  [field: string]: unknown;
}

export type Payload = Record<string, unknown>;

export interface ApiClientOptions {
  /** Origin the API lives on; '' for the page's own. */
  baseUrl?: string;
  getToken: () => string | null;
  getLang: () => string;
  fetchImpl?: typeof fetch;
}

async function readReply(request: Promise<Response>): Promise<ApiReply> {
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
  return reply;
}

function formBody(cmd: Payload): URLSearchParams {
  return new URLSearchParams({ cmd: JSON.stringify(cmd) });
}

/**
 * The client API (base /api/2) in both of its transports, and the rating API.
 * Client auth travels as `auth` (the client token) plus `lang`.
 */
export function createApiClient(options: ApiClientOptions) {
  const base = options.baseUrl ?? '';
  const doFetch: typeof fetch = (...args) => (options.fetchImpl ?? fetch)(...args);

  function withAuth(payload: Payload): Payload {
    const token = options.getToken();
    return { ...(token ? { auth: token } : {}), lang: options.getLang(), ...payload };
  }

  return {
    /** GET /api/2/?action=NAME&...: objects travel as JSON strings. */
    get(action: string, payload: Payload = {}): Promise<ApiReply> {
      const query = new URLSearchParams({ action });
      for (const [key, value] of Object.entries(withAuth(payload))) {
        if (value === undefined) continue;
        query.set(key, typeof value === 'string' ? value : JSON.stringify(value));
      }
      return readReply(doFetch(`${base}/api/2/?${query}`, { method: 'GET' }));
    },

    /** Action-style POST: form body, field cmd holding the JSON action. */
    action(action: string, payload: Payload = {}): Promise<ApiReply> {
      return readReply(
        doFetch(`${base}/api/2/`, {
          method: 'POST',
          body: formBody({ action_id: action, ...withAuth(payload) }),
        }),
      );
    },

    /** Rating API: POST /rate/api/1/ with cmd, authorised by short id and secret. */
    rate(action: string, payload: Payload): Promise<ApiReply> {
      return readReply(
        doFetch(`${base}/rate/api/1/`, {
          method: 'POST',
          body: formBody({ action_id: action, lang: options.getLang(), ...payload }),
        }),
      );
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
