// The server as the screens see it in component tests: fetch answers per action.
import { act } from '@testing-library/react';
import {
  clearDraftAtom,
  clientDataAtom,
  emptyDraft,
  emptyPoint,
  featuresAtom,
  orderDraftAtom,
  sessionStore,
  signOut,
  type AddressPoint,
  type OrderDraft,
} from '@taxi/shared';

import { dismissedOrdersAtom } from '../home/ActiveOrdersDialog';

export type Reply = Record<string, unknown>;
export type Handler = Reply | ((payload: Record<string, unknown>) => Reply | Promise<Reply>);

export interface ApiCall {
  action: string;
  payload: Record<string, unknown>;
}

/** An ERR reply with this error code. */
export const err = (code: string): Reply => ({
  status: 'ERR',
  error_data: code,
  status_mesg: code,
});

/**
 * Replaces fetch: each action answers from `handlers` (status OK unless the reply says
 * otherwise); actions without a handler answer ERR NOT_FOUND, like a server without them.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://app.test');
    let action: string;
    let payload: Record<string, unknown> = {};
    if (init?.method === 'POST') {
      const cmd = JSON.parse((init.body as URLSearchParams).get('cmd') ?? '{}') as Record<
        string,
        unknown
      >;
      action = String(cmd.action_id);
      payload = cmd;
    } else {
      action = url.searchParams.get('action') ?? '';
      for (const [key, value] of url.searchParams) {
        try {
          payload[key] = JSON.parse(value);
        } catch {
          payload[key] = value;
        }
      }
    }
    calls.push({ action, payload });
    const handler = handlers[action];
    const reply =
      handler === undefined
        ? err('NOT_FOUND')
        : typeof handler === 'function'
          ? await handler(payload)
          : handler;
    return new Response(JSON.stringify({ status: 'OK', ...reply }), { status: 200 });
  });
  return {
    calls,
    spy,
    of: (action: string) => calls.filter((call) => call.action === action),
  };
}

export function point(fields: Partial<AddressPoint>): AddressPoint {
  return { ...emptyPoint(), ...fields };
}

export const FLORIANSKA = point({
  lat: 50.0625,
  lng: 19.9397,
  city: 'Kraków',
  street: 'Floriańska',
  number: '1',
});
export const AIRPORT = point({
  lat: 50.0777,
  lng: 19.7848,
  city: 'Balice',
  poi_name: 'Kraków Airport',
});

/** Puts a draft in the store, as if the passenger had been choosing. */
export function setDraft(change: Partial<OrderDraft>) {
  act(() => sessionStore.set(orderDraftAtom, { ...emptyDraft(), ...change }));
}

export function draft(): OrderDraft {
  return sessionStore.get(orderDraftAtom);
}

/** A clean session between tests. */
export function resetSession() {
  signOut();
  sessionStore.set(clearDraftAtom);
  sessionStore.set(clientDataAtom, null);
  sessionStore.set(featuresAtom, { features: [], categories: [] });
  sessionStore.set(dismissedOrdersAtom, []);
  localStorage.clear();
}

export const FEATURES = {
  categories: [
    { id: 1, name: 'Vehicle' },
    { id: 2, name: 'Extras' },
  ],
  features: [
    {
      id: 1,
      name: 'Estate car',
      category_id: 1,
      surcharge_enabled: true,
      surcharge_t1: 5,
      surcharge_t2: 7,
    },
    {
      id: 3,
      name: 'Pet',
      category_id: 2,
      surcharge_enabled: true,
      surcharge_t1: 10,
      surcharge_t2: 10,
    },
    {
      id: 4,
      name: 'Child seat',
      category_id: 2,
      surcharge_enabled: false,
      surcharge_t1: 0,
      surcharge_t2: 0,
    },
  ],
};
