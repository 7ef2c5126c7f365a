// Track as the host renders it, with the tracking server played through the socket stub.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  installSocketStub,
  renderScreen,
  type ScreenOptions,
  type ServerMessage,
  type ServerMessageOf,
  type SocketStub,
} from '@taxi/shared/testing';
import type { ReactElement } from 'react';

export const KEY = { shortId: 'ABCD2345', secret: 's3cret-p' };
export const TRACK_URL = `/t/${KEY.shortId}/${KEY.secret}`;

/** A tracking record and a live taxi as the test pushes them (ORDER_UPDATE, TAXI_STATE_UPDATE). */
export type PushedRecord = NonNullable<ServerMessageOf<'ORDER_UPDATE'>['order']>;
export type PushedTaxi = NonNullable<ServerMessageOf<'TAXI_STATE_UPDATE'>['taxi']>;

/** A tracking record of the wire, state T with one accepted taxi unless changed. */
export function record(change: PushedRecord = {}): PushedRecord {
  return {
    order_id: 41,
    order_type: 'Z',
    state: 'T',
    taxi_count: 1,
    accepted_taxis: ['12'],
    finished_taxis: [],
    arrived: null,
    client_lat: 50.0614,
    client_lng: 19.9372,
    created: '2026-11-21 10:00:00',
    date_time: null,
    ended: null,
    dst_price: null,
    price: null,
    rate: null,
    poi: { lat: 50.0614, lng: 19.9383, street: 'Floriańska', number: '1', city: 'Kraków' },
    dst: { lat: 50.0677, lng: 19.9449, street: 'Pawia', number: '5', city: 'Kraków' },
    ...change,
  };
}

/**
 * Fields the contract does not allow, as older or odd servers send them (arrived as a flag, a
 * taxi without a position, a route driven), to see the page cope with them.
 */
export const offContractFields = <Typed,>(fields: Record<string, unknown>) => fields as Typed;

/** A GET_RATE reply: rated with `rate`, or not rated yet (null). */
export const rating = (rate: number | null, comment: string | null = null) => ({
  data: { rate, comment },
});

export const TAXIS_DATA: ServerMessageOf<'ORDER_UPDATE'>['taxis_data'] = {
  12: { color: 'Silver', brand: 'Skoda Octavia', vehicle_registration: 'KR 4521C' },
  17: { color: 'Black', brand: 'Toyota Corolla', vehicle_registration: 'KR 9Z001' },
  23: { color: 'White', brand: 'Kia Ceed', vehicle_registration: 'KR 77AB1' },
};

export function taxi(callNumber: string, change: PushedTaxi = {}): PushedTaxi {
  return { call_number: callNumber, lat: 50.058, lng: 19.93, state: 'K', state_eta: 4, ...change };
}

let stub: SocketStub | null = null;

/** Fake timers, the socket stub in place of WebSocket; undone after each test. */
export function withTrackHarness(): () => SocketStub {
  beforeEach(() => {
    jest.useFakeTimers();
    stub = installSocketStub();
  });
  afterEach(() => {
    stub?.restore();
    stub = null;
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
  return () => stub!;
}

export function renderTrack(screenElement: ReactElement, options: ScreenOptions = {}) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const result = renderScreen(screenElement, {
    path: TRACK_URL,
    routePath: '/t/:o/:p',
    routes: [{ path: '/', element: <h1>Home screen</h1> }],
    ...options,
  });
  return { ...result, user };
}

/** The server logs the page in and sends the order. */
export function serve(
  sockets: SocketStub,
  order: PushedRecord | null = record(),
  taxisData = TAXIS_DATA,
) {
  act(() => {
    const socket = sockets.last().accept().login();
    if (order) socket.push({ action_id: 'ORDER_UPDATE', order, taxis_data: taxisData });
  });
  return sockets.last();
}

/** The server pushes a message on the newest socket. */
export function push(sockets: SocketStub, message: ServerMessage) {
  act(() => {
    sockets.last().push(message);
  });
}

export function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

const { setImmediate: realSetImmediate } = jest.requireActual<{
  setImmediate: (callback: () => void) => unknown;
}>('timers');

/** Lets the answers of the (mocked) server arrive: fetch replies settle over a few turns. */
export async function settle() {
  for (let turn = 0; turn < 5; turn++) {
    await act(() => new Promise<void>((resolve) => realSetImmediate(resolve)));
  }
}

export const heading = (name: string | RegExp) => screen.getByRole('heading', { level: 1, name });
