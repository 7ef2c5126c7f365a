// One fake of the taxi API for component tests: the client API (GET and action-style POST), the
// rating API and plain POSTs answered per action, every call recorded. It sits under the shared
// client, so a screen's calls travel the real client code and the real wire format.
import {
  ERROR_MESSAGES,
  type ClientActions,
  type ErrorCode,
  type RatingActions,
  type ReplyOf,
  type RequestOf,
} from '@taxi/contract';
import { api } from '../api/instance';
import type { Payload } from '../api/client';

/** The actions a screen calls: the client API and the rating API of the contract. */
type Actions = ClientActions & RatingActions;
export type ActionName = keyof Actions;
/** A call outside the action APIs, named by method and path, e.g. `POST /report/error/`. */
export type PlainCall = `${'GET' | 'POST'} /${string}`;

/**
 * The contract's type with every field optional, at every depth: a test gives only what the
 * screen reads, while a misspelt field or a wrong type still fails typecheck.
 */
export type Partly<T> = T extends readonly (infer Item)[]
  ? Partly<Item>[]
  : T extends object
    ? { [Field in keyof T]?: Partly<T[Field]> }
    : T;

/** The fields of an action's OK reply (the fake adds `status` and `status_mesg`). */
export type Reply<A extends ActionName> = Partly<ReplyOf<Actions, A>>;
/** What the screen gives the client for an action. */
export type RequestPayload<A extends ActionName> = RequestOf<Actions, A>;

/** An ERR reply as the server sends it (spec section 8). */
export interface Failure {
  status: 'ERR';
  status_mesg: string;
  error_data: string;
}

/** The answer that never comes: the request fails as on a broken network. */
export const offline = Symbol('offline');

const OFF_CONTRACT = Symbol('off contract');

/** A reply the contract does not describe, sent as it is (status OK added). */
export interface OffContract {
  [OFF_CONTRACT]: Record<string, unknown>;
}

/** A catalogue error, with its English status_mesg as the server writes it. */
export function fail(code: ErrorCode): Failure {
  return { status: 'ERR', status_mesg: ERROR_MESSAGES[code], error_data: code };
}

/** An ERR reply with a code the catalogue does not know. */
export function failUnlisted(code: string): Failure {
  return { status: 'ERR', status_mesg: code, error_data: code };
}

/** Reply fields outside the contract, for a screen that copes with what the spec also allows. */
export function offContract(fields: Record<string, unknown>): OffContract {
  return { [OFF_CONTRACT]: fields };
}

export type Answer<A extends ActionName> = Reply<A> | Failure | OffContract | typeof offline;
/** A fixed answer, or one computed from what the screen asked (may be a promise, to hold it). */
export type Handler<A extends ActionName> =
  Answer<A> | ((payload: RequestPayload<A>) => Answer<A> | Promise<Answer<A>>);
/** A plain call answers its JSON body as it is. */
export type PlainHandler =
  | Record<string, unknown>
  | typeof offline
  | ((body: Payload) => Record<string, unknown> | typeof offline);

export type Answers = { [A in ActionName]?: Handler<A> } & { [call: PlainCall]: PlainHandler };

export interface ApiCall<Request = Payload> {
  /** The action's name, or the plain call's method and path. */
  action: string;
  /** The path it went to: '/api/2/', '/rate/api/1/', or the plain call's. */
  url: string;
  /** What the screen gave the client (without the auth and lang the client adds). */
  payload: Request;
  /** What reached the server: a GET's query as text, a POST's JSON with action_id, auth, lang. */
  sent: Payload;
}

/** The calls of an action carry its request; plain calls their JSON body. */
type CallOf<Name> = ApiCall<Name extends ActionName ? RequestPayload<Name> : Payload>;

export interface FakeApi {
  /** Every call, oldest first. */
  readonly calls: ApiCall[];
  /** The calls of one action (or plain call), oldest first. */
  of<Name extends ActionName | PlainCall>(action: Name): CallOf<Name>[];
  /** The newest call of one action (or plain call). */
  last<Name extends ActionName | PlainCall>(action: Name): CallOf<Name> | undefined;
  /** The names of the calls, in order. */
  actions(): string[];
}

/** The client's methods as the fake sees them: an action's name known only at run time. */
type Method = (action: string, payload?: object) => Promise<unknown>;
const client = api as unknown as Record<'get' | 'action' | 'rate', Method>;
/** The client's own methods, which the fake records and then lets run against fetch. */
const real = { get: client.get, action: client.action, rate: client.rate };

interface Received {
  action: string;
  url: string;
  sent: Payload;
  /** It used one of the action APIs (an action name in `action` or in the form field cmd). */
  isAction: boolean;
}

function readBody(body: BodyInit | null | undefined): Payload {
  if (body instanceof URLSearchParams) return Object.fromEntries(body);
  if (typeof body !== 'string' || !body) return {};
  return JSON.parse(body) as Payload;
}

function readRequest(input: RequestInfo | URL, init: RequestInit = {}): Received {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://app.test');
  const method = init.method ?? 'GET';
  const action = url.searchParams.get('action');
  if (method === 'GET' && action !== null) {
    return {
      action,
      url: url.pathname,
      sent: Object.fromEntries(url.searchParams),
      isAction: true,
    };
  }
  const cmd = init.body instanceof URLSearchParams ? init.body.get('cmd') : null;
  if (method === 'POST' && cmd !== null) {
    const sent = JSON.parse(cmd) as Payload;
    return { action: String(sent.action_id), url: url.pathname, sent, isAction: true };
  }
  const sent = readBody(init.body);
  return { action: `${method} ${url.pathname}`, url: url.pathname, sent, isAction: false };
}

/** Inside the fake an answer is looked up by a name known only at run time. */
type AnyAnswer = Record<string, unknown> | Failure | OffContract | typeof offline;
type AnyHandler = AnyAnswer | ((payload: Payload) => AnyAnswer | Promise<AnyAnswer>);

/** The reply on the wire: a failure as it is, reply fields with status OK. */
function wireReply(answer: Exclude<AnyAnswer, typeof offline>): object {
  if (OFF_CONTRACT in answer) return { status: 'OK', status_mesg: 'OK', ...answer[OFF_CONTRACT] };
  return answer.status === 'ERR' ? answer : { ...answer, status: 'OK', status_mesg: 'OK' };
}

async function respond(call: ApiCall, isAction: boolean, handler: AnyHandler | undefined) {
  const answer = typeof handler === 'function' ? await handler(call.payload) : handler;
  if (answer === offline) throw new TypeError('Failed to fetch');
  if (!isAction) {
    return answer ? Response.json(answer) : new Response('Not found', { status: 404 });
  }
  // Like the server, an action it does not serve is refused.
  return Response.json(wireReply(answer ?? fail('ACTION_NOT_ALLOWED')));
}

/**
 * Installs the fake until the test's mocks are restored (a later call replaces it): each action
 * answers from `answers`, an action without an answer is refused with ACTION_NOT_ALLOWED, a plain
 * call without one gets HTTP 404.
 */
export function fakeApi(answers: Answers = {}): FakeApi {
  const calls: ApiCall[] = [];
  // Calls the client made whose request fetch has not seen yet, to pair the two views.
  const waiting: ApiCall[] = [];

  for (const method of ['get', 'action', 'rate'] as const) {
    jest.spyOn(client, method).mockImplementation((action, payload = {}) => {
      const call: ApiCall = { action, url: '', payload: { ...payload }, sent: {} };
      calls.push(call);
      waiting.push(call);
      return real[method](action, payload);
    });
  }

  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const { action, url, sent, isAction } = readRequest(input, init);
    const index = waiting.findIndex((call) => call.action === action);
    let call = index >= 0 ? waiting.splice(index, 1)[0] : undefined;
    if (call) Object.assign(call, { url, sent });
    // Not through the client (a plain call): the screen's payload is what was sent.
    else calls.push((call = { action, url, payload: sent, sent }));
    return respond(call, isAction, (answers as Record<string, AnyHandler>)[action]);
  });

  // A call's payload is what the screen gave for that action: the contract's request.
  const of = <Name>(action: Name) =>
    calls.filter((call) => call.action === action) as CallOf<Name>[];
  return {
    calls,
    of,
    last: (action) => of(action).at(-1),
    actions: () => calls.map((call) => call.action),
  };
}

/** A promise to settle by hand, for what a screen shows while it waits for an answer. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}
