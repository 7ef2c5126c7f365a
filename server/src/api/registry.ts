import type { ClientActions, ReplyOf } from '@taxi/contract';
import { CLIENT_REQUESTS, type ClientRequests } from '@taxi/contract/schemas';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyBaseLogger } from 'fastify';
import type { Corporation, Lang } from '../corporations/directory.ts';
import { ApiFailure } from '../base/errors.ts';
import { compileCheck, type Payload } from '../base/check.ts';
// Brings base/services.ts into every program that has this file, for the augmentation below.
import type {} from '../base/services.ts';

export type { Lang };

/** What a signed-in client's actions know about the caller. */
export interface SignedInClient {
  id: number;
  phone: string;
  phoneVerified: boolean;
}

/** Finds the client of a token: ACCESS_DENIED without a valid one, BLOCKED when blocked. */
export type ClientResolver = (
  corporation: Corporation,
  token: string | undefined,
) => Promise<SignedInClient>;

/** The schema of each action's request (@taxi/contract/schemas), by action name. */
export type RequestSchemas<Table> = { readonly [Name in keyof Table]: TSchema };

export interface ActionContext<Fields = Payload> {
  corporation: Corporation;
  /** The call as its action's schema types it, checked when first read (ARG_ERROR, INVALID_DATA). */
  payload: Fields;
  lang: Lang;
  ip: string;
  /** The host name the caller reached (the Host header, lower case, without the port). */
  host: string;
  log: FastifyBaseLogger;
  /** The caller's token (`auth`, or `token`), checked as text by the transport. */
  token: string | undefined;
  /** The calling client: ACCESS_DENIED without a valid token, BLOCKED when the operator blocked it. */
  client(): Promise<SignedInClient>;
}

/** Resolves to the reply's fields; `status` and `status_mesg` are added by the transport. */
export type ActionHandler<Reply = unknown> = (context: ActionContext) => Promise<Reply>;

/**
 * Handlers of some actions of a table of @taxi/contract, each reading its request as its schema
 * types it and answering its reply type.
 */
export type Handlers<Table, Schemas extends RequestSchemas<Table>> = {
  [Name in keyof Table]?: (
    context: ActionContext<Static<Schemas[Name]>>,
  ) => Promise<ReplyOf<Table, Name>>;
};

/** Handlers of some client API actions. */
export type ClientHandlers = Handlers<ClientActions, ClientRequests>;

const nobodySignedIn: ClientResolver = async () => {
  throw new ApiFailure('ACCESS_DENIED', 'Sign in first');
};

/**
 * Action name -> handler, for one API of the contract (`Table`, e.g. ClientActions), with the
 * schemas of its requests: the transport checks a call against its action's schema when the
 * handler reads it. Each concern adds its own handlers; a name can be taken once.
 */
export class ActionRegistry<Table, Schemas extends RequestSchemas<Table>> {
  readonly #handlers = new Map<string, ActionHandler<object>>();
  readonly #schemas: Schemas;
  /** Each schema compiled on its action's first call. */
  readonly #checks = new Map<string, (payload: Payload) => Payload>();
  #clients: ClientResolver = nobodySignedIn;

  constructor(schemas: Schemas) {
    this.#schemas = schemas;
  }

  add(actions: Handlers<Table, Schemas>): void {
    for (const [name, handler] of Object.entries(actions) as [string, ActionHandler<object>][]) {
      if (this.#handlers.has(name)) throw new Error(`action ${name} is already registered`);
      this.#handlers.set(name, handler);
    }
  }

  get(name: string): ActionHandler<object> | undefined {
    return this.#handlers.get(name);
  }

  /** The call of a registered action, checked against its schema (ARG_ERROR, INVALID_DATA). */
  checked(name: string, payload: Payload): Payload {
    let check = this.#checks.get(name);
    if (!check) {
      const schema = this.#schemas[name as keyof Table];
      this.#checks.set(name, (check = compileCheck(schema) as (payload: Payload) => Payload));
    }
    return check(payload);
  }

  names(): string[] {
    return [...this.#handlers.keys()];
  }

  /** The accounts plugin says who a token's client is; the transport knows no accounts. */
  identifyClientsBy(resolver: ClientResolver): void {
    this.#clients = resolver;
  }

  client(corporation: Corporation, token: string | undefined): Promise<SignedInClient> {
    return this.#clients(corporation, token);
  }
}

declare module '../base/services.ts' {
  interface Services {
    /** The client API's actions (/api/2/): each concern adds its own. */
    actions: ActionRegistry<ClientActions, ClientRequests>;
  }
}

/** The client API's registry, with the contract's request schemas. */
export const clientActionRegistry = () =>
  new ActionRegistry<ClientActions, ClientRequests>(CLIENT_REQUESTS);
