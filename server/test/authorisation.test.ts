import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertOk, call, type Reply, rateCall, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { gridPoint, TOWN_FILE } from './fixtures/make-town.ts';
import { startApp } from './support/helpers.ts';
import { listen, trackingSocket, trackLogin } from './support/live.ts';

// Every client action × who calls it, as docs/security.md documents it ("Who may do what").
// OK = served, for the caller's own account only; otherwise the catalogue code answered.
type Caller = 'none' | 'other client' | 'other corporation' | 'link holder';
const CALLERS: Caller[] = ['none', 'other client', 'other corporation', 'link holder'];
type Expected = [none: string, otherClient: string, otherCorporation: string, link: string];
const AD = 'ACCESS_DENIED';

const CLIENT_API: [action: string, payload: (n: number) => Reply, expected: Expected][] = [
  ['GET_AUTH', () => ({}), [AD, 'OK', AD, AD]],
  ['GET_CLIENT', () => ({}), [AD, 'OK', AD, AD]],
  ['GET_PHONE', () => ({}), [AD, 'OK', AD, AD]],
  ['GET_PHONE_SEND_SECRET', () => ({}), [AD, 'OK', AD, AD]],
  ['SET_PHONE_SECRET', () => ({ secret: '000000' }), [AD, AD, AD, AD]],
  ['CHANGE_PHONE_SEND_SECRET', (n) => ({ phone: phone(700 + n) }), [AD, 'OK', AD, AD]],
  ['CHANGE_PHONE', (n) => ({ phone: phone(700 + n), secret: '000000' }), [AD, AD, AD, AD]],
  ['GET_CLIENT_ORDER_HISTORY', () => ({}), [AD, 'OK', AD, AD]],
  ['IGNORE_CLIENT_ORDER_HISTORY', () => ({ order_id: kept.order_id }), [AD, 'NOT_FOUND', AD, AD]],
  ['GET_CURRENT_ORDERS', () => ({}), [AD, 'OK', AD, AD]],
  ['ORDER_SIM', () => order, [AD, 'OK', AD, AD]],
  ['ORDER_SAVE', () => order, [AD, 'OK', AD, AD]],
  ['DELETE_REQUEST', () => ({}), [AD, 'OK', AD, AD]],
  ['LOGOUT', () => ({}), [AD, 'OK', AD, AD]],
  ['GET_SAVED_PLACES', () => ({}), [AD, 'OK', AD, AD]],
  [
    'SAVE_PLACE',
    () => ({ place: { kind: 'other', name: 'Dom', point: pickup } }),
    [AD, 'OK', AD, AD],
  ],
  ['DELETE_PLACE', () => ({ place_id: keptPlace.place.id }), [AD, 'NOT_FOUND', AD, AD]],
  // Public: signing in, and the map. A token changes nothing.
  [
    'GET_AUTH_PHONE_SEND_SECRET',
    (n) => ({ phone: phone(800 + n), gdpr: true }),
    ['OK', 'OK', 'OK', 'OK'],
  ],
  ['GET_AUTH_PHONE', (n) => ({ phone: phone(900 + n), secret: '000000' }), [AD, AD, AD, AD]],
  ['POI_QUERY', () => ({ query: 'Grodzka' }), ['OK', 'OK', 'OK', 'OK']],
  ['GET_ADDRESS', () => gridPoint(2, 2), ['OK', 'OK', 'OK', 'OK']],
  // Ride notifications: the key is public; a subscription only for the owner's order.
  ['GET_PUSH_KEY', () => ({}), ['OK', 'OK', 'OK', 'OK']],
  ['PUSH_SUBSCRIBE', () => pushSubscription, [AD, 'NOT_FOUND', AD, AD]],
  [
    'PUSH_UNSUBSCRIBE',
    () => ({ order_short_id: kept.track.order_short_id, endpoint: FCM }),
    [AD, 'NOT_FOUND', AD, AD],
  ],
  // A receipt: the owner without the secret, or anyone with it (a ride under way: none yet).
  [
    'GET_RECEIPT',
    () => ({ order_short_id: kept.track.order_short_id }),
    [AD, 'ORDER_ACCESS_DENIED', AD, 'OK'],
  ],
  // Favourite taxis: the signed-in passenger's own, kept from their own finished rides only.
  ['GET_FAVOURITE_TAXIS', () => ({}), [AD, 'OK', AD, AD]],
  [
    'SAVE_FAVOURITE_TAXI',
    () => ({ order_short_id: kept.track.order_short_id, call_number: '1' }),
    [AD, 'ORDER_ACCESS_DENIED', AD, AD],
  ],
  ['DELETE_FAVOURITE_TAXI', () => ({ call_number: '1' }), [AD, 'NOT_FOUND', AD, AD]],
  // The e-mail for receipts: the signed-in passenger's own (this server sends no mail).
  ['GET_EMAIL', () => ({}), [AD, 'OK', AD, AD]],
  ['SET_EMAIL', () => ({ email: 'a@example.com' }), [AD, 'ACTION_NOT_ALLOWED', AD, AD]],
  ['RESEND_EMAIL_CONFIRMATION', () => ({}), [AD, 'ACTION_NOT_ALLOWED', AD, AD]],
  ['DELETE_EMAIL', () => ({}), [AD, 'OK', AD, AD]],
  // Company profiles and invoices: the signed-in passenger's own (this corporation issues none).
  ['GET_COMPANY_PROFILES', () => ({}), [AD, 'OK', AD, AD]],
  [
    'SAVE_COMPANY_PROFILE',
    () => ({
      profile: { name: 'Firma', address: 'ul. Długa 1', nip: '5261040828', email: 'f@example.com' },
    }),
    [AD, 'ACTION_NOT_ALLOWED', AD, AD],
  ],
  ['DELETE_COMPANY_PROFILE', () => ({ profile_id: 1 }), [AD, 'NOT_FOUND', AD, AD]],
  [
    'GET_INVOICE',
    () => ({ order_short_id: kept.track.order_short_id }),
    [AD, 'ORDER_ACCESS_DENIED', AD, AD],
  ],
];
const FCM = 'https://fcm.googleapis.com/fcm/send/x';

// The rating API and the socket know no token: the short id and secret are the key. "Other
// corporation" is the link sent to another corporation's host.
const NOT_THERE = 'NOT_FOUND|ORDER_ACCESS_DENIED';
const LINK_API: [action: string, payload: Reply, expected: Expected][] = [
  ['GET_RATE', {}, ['ARG_ERROR', 'ARG_ERROR', NOT_THERE, 'OK']],
  ['SET_RATE', { data: { rate: 1 } }, ['ARG_ERROR', 'ARG_ERROR', NOT_THERE, 'ACTION_NOT_ALLOWED']],
];
// ORDER_CANCEL on a link logged in with the short id and secret, with the caller's `auth`.
const CANCEL: Expected = [
  'ACTION_ACCESS_DENIED',
  'ACTION_ACCESS_DENIED',
  'ACTION_ACCESS_DENIED',
  'ACTION_ACCESS_DENIED',
];

const { app } = await startApp({
  corporations: [
    taxiCorporation('demo', ['localhost'], { geo: { extract: TOWN_FILE } }),
    taxiCorporation('other', ['other.example']),
  ],
});
const phone = (n: number) => `+48606${String(1_000_000 + n).slice(1)}`;
const pickup = { ...gridPoint(2, 2), city: 'Testowo', street: 'Grodzka', number: '5' };
const order = { order: { order_type: 'Z', poi: pickup, taxi_count: 1 } };
const ownerToken = await signIn(app, phone(1));
const kept = assertOk(await call(app, 'ORDER_SAVE', order, { token: ownerToken }));
const keptPlace = assertOk(
  await call(
    app,
    'SAVE_PLACE',
    { place: { kind: 'home', name: '', point: pickup } },
    { token: ownerToken },
  ),
);
const foreignToken = await signIn(app, phone(2), 'other.example');
let clients = 10;
const pushSubscription = {
  order_short_id: kept.track.order_short_id,
  subscription: {
    endpoint: FCM,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  },
};

async function asCaller(caller: Caller, action: string, payload: Reply): Promise<Reply> {
  switch (caller) {
    case 'none':
      return call(app, action, payload);
    case 'other client':
      return call(app, action, payload, { token: await signIn(app, phone(++clients)) });
    case 'other corporation':
      return call(app, action, payload, { token: foreignToken });
    case 'link holder':
      return call(app, action, { ...kept.track, ...payload });
  }
}

function answered(reply: Reply): string {
  return reply.status === 'OK' ? 'OK' : String(reply.error_data);
}

describe('who may do what', () => {
  test('the table names every action of the client API', () => {
    assert.deepEqual(
      CLIENT_API.map(([action]) => action).sort(),
      app.services.actions.names().sort(),
    );
  });

  let n = 0;
  for (const [action, payload, expected] of CLIENT_API) {
    test(`${action}: ${CALLERS.map((c, i) => `${c} ${expected[i]}`).join(', ')}`, async () => {
      for (const [i, caller] of CALLERS.entries()) {
        const reply = await asCaller(caller, action, payload(++n));
        assert.equal(answered(reply), expected[i], `${caller}: ${JSON.stringify(reply)}`);
        // Whatever another client was served is its own, never the owner's order.
        assert.ok(!JSON.stringify(reply).includes(kept.track.secret), `${caller} saw the secret`);
      }
    });
  }

  for (const [action, payload, expected] of LINK_API) {
    test(`rating API ${action}: ${expected.join(', ')}`, async () => {
      const other = await signIn(app, phone(++clients));
      const replies = [
        await rateCall(app, action, payload),
        await rateCall(app, action, { ...payload, auth: other }),
        await rateCall(app, action, { ...payload, ...kept.track }, 'other.example'),
        await rateCall(app, action, { ...payload, ...kept.track }),
      ];
      replies.forEach((reply, i) =>
        assert.match(answered(reply), new RegExp(`^(${expected[i]})$`), CALLERS[i]),
      );
    });
  }

  test(`tracking socket ORDER_CANCEL: ${CANCEL.join(', ')}; the owner's order untouched`, async () => {
    const hostPort = await listen(app);
    const auths = [undefined, await signIn(app, phone(++clients)), foreignToken, undefined];
    for (const [i, auth] of auths.entries()) {
      const link = await trackingSocket(hostPort);
      assertOk(await trackLogin(link, kept.track));
      link.send({ action_id: 'ORDER_CANCEL', ...(auth ? { auth } : {}) });
      const reply = await link.next((m) => m.action_id === 'ORDER_CANCEL');
      assert.equal(answered(reply), CANCEL[i], CALLERS[i]);
      link.close();
    }
  });

  test('afterwards the owner still holds a live session and the order', async () => {
    const listed = assertOk(await call(app, 'GET_CURRENT_ORDERS', {}, { token: ownerToken }));
    assert.deepEqual(
      listed.data_list.map((entry: Reply) => entry.order_id),
      [kept.order_id],
    );
  });
});
