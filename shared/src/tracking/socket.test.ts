import { ApiError } from '../api/errors';
import { sessionStore, tokenAtom } from '../session/store';
import { EARLY_SOCKET_UNCLAIMED_MS, offerEarlySocket, type EarlySocket } from './early';
import { TrackingSocket } from './socket';
import { installSocketStub, type SocketStub } from '../testing/socket';

const ORDER = {
  order_id: 7,
  order_type: 'Z',
  state: 'T',
  taxi_count: 1,
  accepted_taxis: [12],
  finished_taxis: [],
  arrived: null,
  client_lat: '50.06',
  client_lng: 19.94,
  created: '2026-11-21 10:00:00',
  date_time: null,
  poi: { lat: 50.061, lng: 19.938, street: 'Floriańska', number: '1' },
};

const ROUTES = [
  {
    points: [
      { lat: 50, lng: 19 },
      { lat: 50.1, lng: 19.1 },
    ],
    type: 'ride',
    color: '#f5b400',
  },
];

let stub: SocketStub;
beforeEach(() => {
  jest.useFakeTimers();
  stub = installSocketStub();
});
afterEach(() => {
  stub.restore();
  jest.useRealTimers();
});

function start(random = () => 0.5) {
  const link = new TrackingSocket({
    orderShortId: 'ABCD2345',
    secret: 's3cret',
    userAgent: 'jest',
    random,
  });
  link.start();
  return link;
}

describe('TrackingSocket', () => {
  it('connects to /track/api/1/ and logs in with the short id and secret', () => {
    const link = start();
    const socket = stub.last().accept();
    expect(socket.url).toBe('ws://localhost/track/api/1/');
    expect(socket.sent).toEqual([
      { action_id: 'LOGIN', user_agent: 'jest', order_short_id: 'ABCD2345', secret: 's3cret' },
    ]);
    expect(link.getSnapshot()).toMatchObject({ status: 'connecting', authenticated: false });
    socket.login();
    expect(link.getSnapshot()).toMatchObject({
      status: 'live',
      authenticated: true,
      errored: false,
    });
  });

  it('keeps the record of ORDER_UPDATE and the taxis of TAXI_STATE_UPDATE, and answers both and PING', () => {
    const link = start();
    const socket = stub.last().accept().login();
    const seen = jest.fn();
    link.subscribe(seen);
    socket.pushOffContract({
      action_id: 'ORDER_UPDATE',
      order: ORDER,
      taxis_data: {
        12: { color: 'Silver', brand: 'Skoda Octavia', vehicle_registration: 'KR 12345' },
      },
    });
    socket.pushOffContract({
      action_id: 'TAXI_STATE_UPDATE',
      taxi: { call_number: 12, lat: 50.05, lng: 19.93, state: 'K', state_eta: 4 },
    });
    socket.push({ action_id: 'PING' });
    const snapshot = link.getSnapshot();
    expect(snapshot.order).toMatchObject({
      state: 'T',
      accepted_taxis: ['12'],
      arrived: false,
      client_lat: 50.06,
      poi: { lat: 50.061, lng: 19.938 },
    });
    expect(snapshot.taxisData['12']).toEqual({
      color: 'Silver',
      brand: 'Skoda Octavia',
      vehicle_registration: 'KR 12345',
    });
    expect(snapshot.taxis['12']).toMatchObject({ lat: 50.05, state: 'K', state_eta: 4 });
    expect(socket.sent.map((message) => message.action_id)).toEqual([
      'LOGIN',
      'ORDER_UPDATE',
      'TAXI_STATE_UPDATE',
      'PING',
    ]);
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('ignores an update older than the one it holds, and keeps routes (with their type) and the server’s stage', () => {
    const link = start();
    const socket = stub.last().accept().login();
    socket.pushOffContract({
      action_id: 'ORDER_UPDATE',
      order: {
        ...ORDER,
        revision: 5,
        stage: 'taxi_on_the_way',
        eta_min: 6,
        routes: ROUTES,
      },
    });
    socket.pushOffContract({
      action_id: 'ORDER_UPDATE',
      order: { ...ORDER, state: 'U', revision: 4 },
    });
    expect(link.getSnapshot().order).toMatchObject({
      state: 'T',
      revision: 5,
      stage: 'taxi_on_the_way',
      eta_min: 6,
      routes: ROUTES,
    });
    socket.pushOffContract({
      action_id: 'ORDER_UPDATE',
      order: { ...ORDER, state: 'Z', revision: 6 },
    });
    expect(link.getSnapshot().order?.state).toBe('Z');
  });

  it('ignores messages that are not JSON objects or of unknown actions', () => {
    const link = start();
    const socket = stub.last().accept().login();
    socket.onmessage?.({ data: 'not json' });
    socket.pushOffContract({ action_id: 'SOMETHING_NEW' });
    socket.pushOffContract({ action_id: 'ORDER_UPDATE', order: { state: 'X' } });
    expect(link.getSnapshot().order).toBeNull();
  });

  it('retries a dropped link after 5 s plus a little jitter, and logs in again', () => {
    const link = start(() => 0.5);
    stub.last().accept().login().drop();
    expect(link.getSnapshot()).toMatchObject({ status: 'offline', authenticated: false });
    jest.advanceTimersByTime(5249);
    expect(stub.sockets).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(stub.sockets).toHaveLength(2);
    stub.last().accept();
    expect(stub.last().sentOf('LOGIN')).toHaveLength(1);
  });

  it('keeps retrying while the server stays away', () => {
    start(() => 0);
    stub.last().drop();
    jest.advanceTimersByTime(5000);
    stub.last().drop();
    jest.advanceTimersByTime(5000);
    expect(stub.sockets).toHaveLength(3);
  });

  it('shows a state that changed while it was offline once it is back', () => {
    const link = start();
    stub.last().accept().login().pushOffContract({ action_id: 'ORDER_UPDATE', order: ORDER });
    stub.last().drop();
    jest.advanceTimersByTime(6000);
    stub
      .last()
      .accept()
      .login()
      .pushOffContract({ action_id: 'ORDER_UPDATE', order: { ...ORDER, finished_taxis: [12] } });
    expect(link.getSnapshot().order?.finished_taxis).toEqual(['12']);
    expect(link.getSnapshot().status).toBe('live');
  });

  it('stops for good after a refused login and says why', () => {
    const link = start();
    const socket = stub.last().accept().login(false, 'ORDER_ACCESS_DENIED');
    expect(link.getSnapshot()).toMatchObject({
      status: 'errored',
      errored: true,
      errorCode: 'ORDER_ACCESS_DENIED',
      authenticated: false,
    });
    expect(socket.closedByClient).toBe(1000);
    jest.advanceTimersByTime(60_000);
    expect(stub.sockets).toHaveLength(1);
  });

  it.each(['A', 'M'])('closes for good when an update brings state %s', (state) => {
    const link = start();
    const socket = stub.last().accept().login();
    socket.pushOffContract({ action_id: 'ORDER_UPDATE', order: { ...ORDER, state } });
    expect(link.getSnapshot()).toMatchObject({ status: 'closed', order: { state } });
    expect(socket.closedByClient).toBe(1000);
    jest.advanceTimersByTime(60_000);
    expect(stub.sockets).toHaveLength(1);
  });

  it('stays open after Z (the ride is over, but the spec closes only on A and M)', () => {
    const link = start();
    stub
      .last()
      .accept()
      .login()
      .pushOffContract({ action_id: 'ORDER_UPDATE', order: { ...ORDER, state: 'Z' } });
    expect(link.getSnapshot().status).toBe('live');
  });

  it('does not reconnect after being stopped on purpose, nor once a retry was pending', () => {
    const link = start();
    stub.last().accept().login();
    link.stop();
    expect(stub.last().closedByClient).toBe(1000);
    expect(link.getSnapshot().status).toBe('closed');
    const again = start();
    stub.last().drop();
    again.stop();
    jest.advanceTimersByTime(60_000);
    expect(stub.sockets).toHaveLength(2);
  });

  describe('ORDER_CANCEL', () => {
    beforeEach(() => sessionStore.set(tokenAtom, 'owner-token'));
    afterEach(() => sessionStore.set(tokenAtom, null));

    it('is sent on the link with the passenger’s token and resolves on the server’s OK', async () => {
      const link = start();
      const socket = stub.last().accept().login();
      const cancelled = link.cancelOrder();
      expect(socket.sentOf('ORDER_CANCEL')).toEqual([
        { action_id: 'ORDER_CANCEL', auth: 'owner-token' },
      ]);
      socket.push({ action_id: 'ORDER_CANCEL', status: 'OK' });
      await expect(cancelled).resolves.toBeUndefined();
    });

    it('is not sent without a signed-in passenger: only the owner may cancel', async () => {
      sessionStore.set(tokenAtom, null);
      const link = start();
      const socket = stub.last().accept().login();
      await expect(link.cancelOrder()).rejects.toEqual(new ApiError('ACTION_ACCESS_DENIED'));
      expect(socket.sentOf('ORDER_CANCEL')).toEqual([]);
    });

    it('resolves when the order turns A', async () => {
      const link = start();
      const socket = stub.last().accept().login();
      const cancelled = link.cancelOrder();
      socket.pushOffContract({ action_id: 'ORDER_UPDATE', order: { ...ORDER, state: 'A' } });
      await expect(cancelled).resolves.toBeUndefined();
    });

    it('fails with the server’s code, when offline, or without an answer', async () => {
      const link = start();
      const socket = stub.last().accept().login();
      const refused = link.cancelOrder();
      socket.push({ action_id: 'ORDER_CANCEL', status: 'ERR', error_data: 'ACTION_NOT_ALLOWED' });
      await expect(refused).rejects.toEqual(new ApiError('ACTION_NOT_ALLOWED'));
      const unanswered = link.cancelOrder();
      jest.advanceTimersByTime(10_000);
      await expect(unanswered).rejects.toMatchObject({ code: 'CONNECTION_ERROR' });
      socket.drop();
      await expect(link.cancelOrder()).rejects.toMatchObject({ code: 'CONNECTION_ERROR' });
    });
  });
});

describe('the ride link socket the page opened before its scripts (index.html)', () => {
  /** What host/src/index.html does: open, log in on open, keep what arrives. */
  function openEarly(shortId = 'ABCD2345', secret = 's3cret'): EarlySocket {
    const early: EarlySocket = {
      shortId,
      secret,
      socket: new WebSocket('ws://localhost/track/api/1/') as unknown as EarlySocket['socket'],
      loggedIn: false,
      received: [],
    };
    early.socket.onopen = () => {
      early.socket.send(
        JSON.stringify({ action_id: 'LOGIN', user_agent: 'html', order_short_id: shortId, secret }),
      );
      early.loggedIn = true;
    };
    early.socket.onmessage = (event) => early.received.push(event.data);
    return early;
  }
  afterEach(() => offerEarlySocket(undefined));

  it('takes over an open one: no second socket, no second LOGIN, and reads what came meanwhile', () => {
    const early = openEarly('abcd2345');
    const socket = stub.last().accept().login();
    socket.pushOffContract({ action_id: 'ORDER_UPDATE', order: ORDER });
    offerEarlySocket(early);
    const link = start();
    expect(stub.sockets).toHaveLength(1);
    expect(socket.sentOf('LOGIN')).toHaveLength(1);
    expect(socket.sentOf('ORDER_UPDATE')).toEqual([{ action_id: 'ORDER_UPDATE', status: 'OK' }]);
    expect(link.getSnapshot()).toMatchObject({ status: 'live', authenticated: true });
    expect(link.getSnapshot().order?.state).toBe('T');
    // What comes later goes straight to the link.
    socket.pushOffContract({ action_id: 'ORDER_UPDATE', order: { ...ORDER, state: 'U' } });
    expect(link.getSnapshot().order?.state).toBe('U');
  });

  it('takes over one still opening, and logs in once it opens', () => {
    offerEarlySocket(openEarly());
    const link = start();
    expect(stub.sockets).toHaveLength(1);
    const socket = stub.last().accept().login();
    expect(socket.sentOf('LOGIN')).toHaveLength(1);
    expect(link.getSnapshot()).toMatchObject({ status: 'live', authenticated: true });
  });

  it('closes one for another order, or one already closed, and opens its own', () => {
    const other = openEarly('ZZZZ9999');
    stub.last().accept();
    offerEarlySocket(other);
    start();
    expect(stub.sockets[0]!.closedByClient).toBe(1000);
    expect(stub.sockets).toHaveLength(2);
    stub.last().accept();
    expect(stub.last().sentOf('LOGIN')).toHaveLength(1);

    const gone = openEarly();
    stub.last().drop();
    offerEarlySocket(gone);
    start();
    expect(stub.sockets).toHaveLength(4);
  });

  it('reads the refusal of one the server closed: errored, and no second LOGIN', () => {
    const early = openEarly();
    stub.last().accept().login(false);
    stub.last().drop();
    offerEarlySocket(early);
    const link = start();
    expect(stub.sockets).toHaveLength(1);
    expect(link.getSnapshot()).toMatchObject({
      status: 'errored',
      errorCode: 'ORDER_ACCESS_DENIED',
    });
  });

  it('counts one that closed after its updates as a drop, and reconnects', () => {
    const early = openEarly();
    stub.last().accept().login().pushOffContract({ action_id: 'ORDER_UPDATE', order: ORDER });
    stub.last().drop();
    offerEarlySocket(early);
    const link = start();
    expect(link.getSnapshot()).toMatchObject({ status: 'offline' });
    expect(link.getSnapshot().order?.state).toBe('T');
    jest.runOnlyPendingTimers();
    expect(stub.sockets).toHaveLength(2);
  });

  it('closes one no Track takes', () => {
    offerEarlySocket(openEarly());
    stub.last().accept();
    jest.advanceTimersByTime(EARLY_SOCKET_UNCLAIMED_MS);
    expect(stub.last().closedByClient).toBe(1000);
    start();
    expect(stub.sockets).toHaveLength(2);
  });
});
