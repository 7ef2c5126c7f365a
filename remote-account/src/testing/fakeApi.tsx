// A fake of the server's side of fetch for component tests: answers the client API (GET
// /api/2/?action=…, POST cmd) and JSON POSTs from handlers, and records every call.
import {
  activeOrdersAtom,
  PREFERENCES_DEFAULTS,
  preferencesAtom,
  sessionStore,
  signOut,
} from '@taxi/shared';

export type Params = Record<string, string>;
/** A reply's fields (status OK is added), `fail(code)`, or `offline` for a network failure. */
export type Answer = Record<string, unknown> | typeof offline;
export type Handler = Answer | ((params: Params) => Answer | Promise<Answer>);

export const offline = Symbol('offline');

/** An ERR reply carrying `code` as error_data. */
export function fail(code: string): Record<string, unknown> {
  return { status: 'ERR', status_mesg: code.toLowerCase(), error_data: code };
}

export interface Call {
  /** The action name, or `POST /path/` for a JSON POST. */
  action: string;
  params: Params;
}

async function readRequest(input: RequestInfo | URL, init?: RequestInit): Promise<Call> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  if (url.pathname === '/api/2/' && method === 'GET') {
    const params = Object.fromEntries(url.searchParams);
    return { action: params.action ?? '', params };
  }
  if (url.pathname === '/api/2/') {
    const cmd = JSON.parse((init?.body as URLSearchParams).get('cmd') ?? '{}') as Params;
    return { action: cmd.action_id ?? '', params: cmd };
  }
  return { action: `${method} ${url.pathname}`, params: JSON.parse(String(init?.body ?? '{}')) };
}

/**
 * Installs the fake for this test; an action without a handler is refused (ACTION_NOT_ALLOWED).
 * Handlers of the client API answer the fields of an OK reply; other paths answer as they are.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = await readRequest(input as RequestInfo, init);
    calls.push(call);
    const handler = handlers[call.action];
    const answer = typeof handler === 'function' ? await handler(call.params) : handler;
    if (answer === offline) throw new TypeError('Failed to fetch');
    if (!answer) return Response.json(fail('ACTION_NOT_ALLOWED'));
    const isApi = !call.action.startsWith('POST /');
    return Response.json(isApi && !('status' in answer) ? { status: 'OK', ...answer } : answer);
  });
  return {
    calls,
    /** Names of the calls made, in order. */
    actions: () => calls.map((call) => call.action),
    /** Parameters of the last call of this action. */
    last: (action: string) => calls.filter((call) => call.action === action).at(-1)?.params,
  };
}

/** A fresh session for each test: nobody logged in, default preferences. */
export function resetSession(): void {
  signOut();
  sessionStore.set(activeOrdersAtom, []);
  sessionStore.set(preferencesAtom, PREFERENCES_DEFAULTS);
}

/** A route that shows where a screen navigated to. */
export const landing = (path: string, name: string) => ({
  path,
  element: <h1>{name}</h1>,
});
