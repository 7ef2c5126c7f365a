import type { DriverActions, TaxiState } from '@taxi/contract';
import { DRIVER_REQUESTS, type DriverRequests } from '@taxi/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { ActionRegistry, type ActionContext } from '../api/registry.ts';
import { actionTransport } from '../api/transport.ts';
import {
  DRIVER_ACTIONS,
  type DriverActionName,
  type DriverInput,
  type TaxiRef,
} from '../dispatch/driver-actions.ts';
import { channels, type TaxiBlocked } from '../dispatch/publishing.ts';
import { dispatchSettings } from '../dispatch/settings.ts';
import { closeTaxiSession, openTaxiSession, taxiOfSession } from '../dispatch/taxi-sessions.ts';
import { taxiWork } from '../dispatch/taxi-work.ts';
import { ApiFailure } from '../base/errors.ts';
import { spend } from '../events/limits.ts';
import type { Services } from '../base/services.ts';
import { findTaxi, setTaxiState } from '../fleet/taxis.ts';
import { type Remembered, RememberedTokens } from '../security/remembered-tokens.ts';
import { tokenHash } from '../security/secrets.ts';
import { checkPassword } from './accounts.ts';

/**
 * A token is re-checked against the database after this long: an operator's block (which also
 * reaches every process at once over the bus when the CLI has REDIS_URL) ends its sessions
 * within it.
 */
const TOKEN_CACHE_MS = 1_000;
/** Tokens remembered at most; past it the oldest go first. */
const TOKENS_KEPT = 100_000;
const LOGINS_PER_TAXI_PER_MINUTE = 10;
const LONGEST_WAIT_S = 25;

interface SignedInTaxi extends TaxiRef, Remembered {
  /** The taxi's state and last position, as this process last saw them. */
  state: string;
  lat: number;
  lng: number;
  acc: number | null;
  /** When its position was last stored or reported here. */
  seenAt: number;
}

/**
 * The driver API (POST /driver/api/1/, JSON body with action_id and the taxi's `token`, replies
 * as every API of the server): sign-in, positions, states, offers and the ride's steps. The
 * dispatch learns everything a taxi does through here, and so does the fleet simulator.
 */
export async function driverPlugin(app: FastifyInstance, services: Services) {
  const { storage, clock, dispatch, fleet, bus, limits } = services;
  const { db } = storage;
  const registry = new ActionRegistry<DriverActions, DriverRequests>(DRIVER_REQUESTS);
  const tokens = new RememberedTokens<SignedInTaxi>(TOKEN_CACHE_MS, TOKENS_KEPT);
  /** Wakers of the GET_OFFERS waits on this process, per taxi. */
  const waits = new Map<string, Set<() => void>>();
  const work = taxiWork(db, clock);
  const taxiKey = (corporationId: string, callNumber: string) =>
    `${corporationId}\u0000${callNumber}`;

  /** This process believes no token of the taxi any more, and its waiting polls end. */
  function forgetTaxi(corporationId: string, callNumber: string): void {
    tokens.forgetWhere(
      (taxi) => taxi.corporation.id === corporationId && taxi.callNumber === callNumber,
    );
    for (const wake of waits.get(taxiKey(corporationId, callNumber)) ?? []) wake();
  }
  const unsubscribe = await bus.subscribe<TaxiBlocked>(channels.taxiBlocked, (blocked) =>
    forgetTaxi(blocked.corporation_id, blocked.call_number),
  );
  app.addHook('onClose', async () => unsubscribe());

  async function taxiOf(context: ActionContext<unknown>): Promise<SignedInTaxi> {
    const { token } = context;
    if (!token) throw new ApiFailure('ACCESS_DENIED', 'The driver app is not signed in');
    const hash = tokenHash(token);
    const now = clock.now();
    const cached = tokens.get(hash);
    if (cached && tokens.believed(cached, now)) return cached;
    const asked = tokens.mark();
    const row = await taxiOfSession(db, hash);
    if (!row || row.expires_at <= now || row.corporation_id !== context.corporation.id) {
      tokens.forget(hash);
      throw new ApiFailure('ACCESS_DENIED', 'The driver app is not signed in');
    }
    // A session opened while the operator blocked the taxi.
    if (row.state === 'B') {
      tokens.forget(hash);
      throw new ApiFailure('BLOCKED', 'The taxi is blocked');
    }
    const taxi: SignedInTaxi = {
      corporation: context.corporation,
      callNumber: row.call_number,
      // The database's state: another process, or the operator, may have changed it.
      state: row.state,
      lat: cached?.lat ?? row.lat,
      lng: cached?.lng ?? row.lng,
      acc: cached?.acc ?? row.acc,
      seenAt: Math.max(cached?.seenAt ?? 0, row.updated_at),
      checkedAt: now,
      expiresAt: row.expires_at,
    };
    tokens.remember(hash, taxi, asked);
    return taxi;
  }

  async function setState(taxi: SignedInTaxi, state: TaxiState): Promise<void> {
    if (taxi.state === 'B' && state !== 'B')
      throw new ApiFailure('ACTION_NOT_ALLOWED', 'The taxi is blocked');
    if (state === taxi.state) return;
    if (!(await setTaxiState(db, taxi.corporation.id, taxi.callNumber, state, true))) {
      forgetTaxi(taxi.corporation.id, taxi.callNumber);
      throw new ApiFailure('BLOCKED', 'The taxi is blocked');
    }
    taxi.state = state;
    fleet.report(taxi.corporation, taxi.callNumber, state, taxi, clock.now(), false);
    if (state === 'W') dispatch.wake();
  }

  /** What a step of an order takes besides the order: the fare, for a step that takes one. */
  function stepInput(name: DriverActionName, step: { price?: number }): DriverInput {
    return 'fare' in DRIVER_ACTIONS[name] ? { price: step.price } : {};
  }

  registry.add({
    /** {call_number, password} -> {token, taxi}. */
    async LOGIN(context) {
      const { call_number: callNumber, password } = context.payload;
      // Per address whatever the call number (password spraying), and per taxi from an address.
      const tooMany = 'Too many sign-ins; try again in a minute';
      const perAddress = services.config.limits.driverLoginsPerIpPerMinute;
      await spend(limits, `driver-login:${context.ip}`, perAddress, 60_000, tooMany);
      const perTaxi = `driver-login:${context.ip}:${callNumber}`;
      await spend(limits, perTaxi, LOGINS_PER_TAXI_PER_MINUTE, 60_000, tooMany);
      const taxi = await findTaxi(db, context.corporation.id, callNumber);
      if (!(await checkPassword(password, taxi?.password_hash ?? '')))
        throw new ApiFailure('ACCESS_DENIED', 'Wrong call number or password');
      if (taxi!.state === 'B') throw new ApiFailure('BLOCKED', 'The taxi is blocked');
      const token = await openTaxiSession(db, context.corporation.id, callNumber, clock.now());
      const { call_number, color, brand, vehicle_registration, state } = taxi!;
      return {
        token,
        taxi: { call_number, color, brand, vehicle_registration, state },
        offer_timeout_s: dispatchSettings(context.corporation).offerTimeoutS,
      };
    },

    async LOGOUT(context) {
      const taxi = await taxiOf(context);
      await setState(taxi, 'F');
      const token = context.token ?? '';
      await closeTaxiSession(db, token);
      tokens.forget(tokenHash(token));
      return {};
    },

    /** {lat, lng, acc?, state?} -> {offers, orders}. Every 2-5 seconds while the app runs. */
    async TAXI_POSITION(context) {
      const taxi = await taxiOf(context);
      const { lat, lng, acc = null, state } = context.payload;
      if (state !== undefined) await setState(taxi, state);
      const now = clock.now();
      const fresh = now - taxi.seenAt > dispatchSettings(taxi.corporation).connectedS * 1000;
      Object.assign(taxi, { lat, lng, acc, seenAt: now });
      fleet.report(taxi.corporation, taxi.callNumber, taxi.state, taxi, now);
      // Back after a silence: stored at once, so that the dispatch can count on this taxi now.
      if (fresh) {
        await fleet.flush();
        if (taxi.state === 'W') dispatch.wake();
      }
      return work(taxi);
    },

    /** {state}: W, Z, K, D, O, P, F or B (B only from the operator). */
    async TAXI_STATE(context) {
      const taxi = await taxiOf(context);
      const { state } = context.payload;
      if (state === 'B')
        throw new ApiFailure('ACTION_NOT_ALLOWED', 'Only the operator blocks a taxi');
      await setState(taxi, state);
      return { taxi: { call_number: taxi.callNumber, state: taxi.state }, ...(await work(taxi)) };
    },

    /** {wait?: seconds up to 25}: the offers and orders, waiting for news when there is none. */
    async GET_OFFERS(context) {
      const taxi = await taxiOf(context);
      const wait = Math.min(LONGEST_WAIT_S, Math.max(0, context.payload.wait ?? 0));
      let current = await work(taxi);
      if (wait === 0 || current.offers.length > 0) return current;
      let wake = () => {};
      const woken = new Promise<void>((resolve) => (wake = resolve));
      const unsubscribe = await bus.subscribe(
        channels.taxiWork(taxi.corporation.id, taxi.callNumber),
        () => wake(),
      );
      const key = taxiKey(taxi.corporation.id, taxi.callNumber);
      const waiting = waits.get(key) ?? new Set();
      waits.set(key, waiting.add(wake));
      try {
        current = await work(taxi);
        if (current.offers.length > 0) return current;
        const timer = setTimeout(wake, wait * 1000);
        await woken;
        clearTimeout(timer);
      } finally {
        unsubscribe();
        waiting.delete(wake);
        if (waiting.size === 0 && waits.get(key) === waiting) waits.delete(key);
      }
      // Asked again: a block while waiting ends the wait refused.
      return work(await taxiOf(context));
    },
  });

  // The steps of an order (OFFER_ACCEPT … RIDE_END): done by the dispatch's table, each answered
  // with the taxi's work.
  for (const name of Object.keys(DRIVER_ACTIONS) as DriverActionName[])
    registry.add({
      async [name](context: ActionContext<{ order_id: number; price?: number }>) {
        const taxi = await taxiOf(context);
        const step = context.payload;
        await dispatch.driverAction(name, taxi, step.order_id, stepInput(name, step));
        return work(taxi);
      },
    });

  await app.register(actionTransport, { services, registry, path: '/driver/api/1/', get: false });
}
