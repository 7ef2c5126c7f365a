import type { SignedInClient } from '../api/registry.ts';
import type { Corporation } from '../corporations/directory.ts';
import type { Services } from '../base/services.ts';
import { type Remembered, RememberedTokens } from '../security/remembered-tokens.ts';
import { tokenHash } from '../security/secrets.ts';
import { authenticate } from './sessions.ts';

/**
 * How long a token found valid is believed without asking the database again. Every signed-in
 * call checked its token there (a join, a third of a quick call's time); now a passenger's calls
 * within this reuse the answer. A logout, an account deletion or a phone change ends the belief
 * at once on every instance (over the bus); an operator's block takes effect within this.
 */
export const SESSION_BELIEF_MS = 5_000;
/** Tokens remembered at most; past it the oldest go first. */
const TOKENS_KEPT = 50_000;
const SESSIONS_ENDED_CHANNEL = 'sessions:ended';

interface Belief extends Remembered {
  client: SignedInClient;
  corporationId: string;
}

/** A token's end (its hash: the token itself never leaves the process) or a client's. */
type Ended = { token_hash: string } | { client_id: number };

export interface SessionChecks {
  /** The client of a token, as `authenticate`, from memory when checked recently. */
  check(corporation: Corporation, token: string | undefined): Promise<SignedInClient>;
  /** A token ended (logout): no instance believes it any more. */
  endToken(token: string): void;
  /** A client's tokens ended or its phone changed: every instance asks the database again. */
  endClient(clientId: number): void;
  close(): void;
}

export async function sessionChecks(services: Services): Promise<SessionChecks> {
  const { clock, bus } = services;
  const beliefs = new RememberedTokens<Belief>(SESSION_BELIEF_MS, TOKENS_KEPT);
  const forget = (ended: Ended) => {
    if ('token_hash' in ended) beliefs.forget(ended.token_hash);
    else beliefs.forgetWhere((b) => b.client.id === ended.client_id);
  };
  const unsubscribe = await bus.subscribe<Ended>(SESSIONS_ENDED_CHANNEL, forget);
  const end = (ended: Ended) => {
    forget(ended);
    bus.publish(SESSIONS_ENDED_CHANNEL, ended);
  };
  // After a Redis outage the ends published meanwhile are lost: believe nothing remembered.
  bus.onResume?.(() => beliefs.clear());

  return {
    async check(corporation, token) {
      const now = clock.now();
      const hash = token ? tokenHash(token) : '';
      const belief = beliefs.get(hash);
      if (belief && belief.corporationId === corporation.id && beliefs.believed(belief, now))
        return belief.client;
      const asked = beliefs.mark();
      const { client, expiresAt } = await authenticate(services, corporation, token);
      beliefs.remember(
        hash,
        { client, corporationId: corporation.id, expiresAt, checkedAt: now },
        asked,
      );
      return client;
    },
    endToken: (token) => end({ token_hash: tokenHash(token) }),
    endClient: (clientId) => end({ client_id: clientId }),
    close: unsubscribe,
  };
}
