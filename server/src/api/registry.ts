import type { FastifyBaseLogger } from 'fastify';
import type { Corporation } from '../corporations/directory.ts';
import type { Payload } from './fields.ts';

export type Lang = 'pl' | 'en';

/** What a signed-in client's actions know about the caller. */
export interface SignedInClient {
  id: number;
  phone: string;
  phoneVerified: boolean;
}

export interface ActionContext {
  corporation: Corporation;
  payload: Payload;
  lang: Lang;
  ip: string;
  log: FastifyBaseLogger;
  /** The calling client: ACCESS_DENIED without a valid token, BLOCKED when the operator blocked it. */
  client(): Promise<SignedInClient>;
}

/** Resolves to the reply's fields; `status` and `status_mesg` are added by the transport. */
export type ActionHandler = (context: ActionContext) => Promise<Payload>;

/** Action name -> handler. Each concern adds its own; a name can be taken once. */
export class ActionRegistry {
  readonly #handlers = new Map<string, ActionHandler>();

  add(actions: Record<string, ActionHandler>): void {
    for (const [name, handler] of Object.entries(actions)) {
      if (this.#handlers.has(name)) throw new Error(`action ${name} is already registered`);
      this.#handlers.set(name, handler);
    }
  }

  get(name: string): ActionHandler | undefined {
    return this.#handlers.get(name);
  }

  names(): string[] {
    return [...this.#handlers.keys()];
  }
}
