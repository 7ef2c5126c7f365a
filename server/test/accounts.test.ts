import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CODE_TTL_MS } from '../src/accounts/codes.ts';
import { TOKEN_TTL_MS } from '../src/accounts/sessions.ts';
import { assertErr, assertOk, call, fakeClock, lastCode, outbox, signIn } from './support/api.ts';
import { taxiCorporation, operator } from './support/fixtures.ts';
import { startApp } from './support/helpers.ts';

const clock = fakeClock('2026-03-02T10:00:00Z');
const server = await startApp({
  corporations: [
    taxiCorporation('demo', ['localhost']),
    taxiCorporation('abroad', ['abroad.example'], { sms: { countries: ['DE', 'PL'] } }),
  ],
  overrides: { clock },
});
const { app } = server;
let phones = 0;
/** A fresh Polish mobile number per test: the send limits are per phone. */
const newPhone = () => `+48600${String(1_000_000 + ++phones).slice(1)}`;

describe('GET_AUTH_PHONE_SEND_SECRET and GET_AUTH_PHONE: sign-in by SMS', () => {
  test('sends a 6-digit code and signs in with it, over GET and POST', async () => {
    const phone = newPhone();
    const typed = `${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;
    const sent = assertOk(
      await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone: typed, gdpr: true }, { via: 'get' }),
    );
    assert.equal(sent.phone, phone);
    const [sms] = await outbox(app, phone);
    assert.ok(sms);
    assert.match(sms.code, /^\d{6}$/);
    assert.ok(sms.text.includes(sms.code));
    assert.match(sms.text, /Twój kod/, 'lang pl');
    assert.ok(!Number.isNaN(Date.parse(sms.at)));

    const reply = assertOk(
      await call(app, 'GET_AUTH_PHONE', { phone: typed, secret: sms.code }, { via: 'get' }),
    );
    assert.match(reply.auth, /^[A-Za-z0-9_-]{43}$/, '256-bit token');
    assert.deepEqual(reply.taxi_feature_category_list, [
      { id: 1, name: 'Pojazd' },
      { id: 2, name: 'Dodatki' },
    ]);
    assert.deepEqual(reply.taxi_features[0], {
      id: 1,
      name: 'Kombi',
      category_id: 1,
      surcharge_enabled: true,
      surcharge_t1: 5,
      surcharge_t2: 7,
    });
  });

  test('accepts 0048 and +48 forms of one number as the same client', async () => {
    const phone = newPhone();
    const first = await signIn(app, phone);
    const second = await signIn(app, `0048${phone.slice(3)}`);
    const a = assertOk(await call(app, 'GET_CLIENT', {}, { token: first }));
    const b = assertOk(await call(app, 'GET_CLIENT', {}, { token: second }));
    assert.equal(a.client_data.phone, b.client_data.phone);
  });

  test('consent, phone number and country are checked before anything is sent', async () => {
    const phone = newPhone();
    assertErr(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone }), 'INVALID_DATA');
    assertErr(
      await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: false }),
      'INVALID_DATA',
    );
    assertErr(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: 'maybe' }), 'ARG_ERROR');
    assertErr(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { gdpr: true }), 'ARG_ERROR');
    assertErr(
      await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone: '12345', gdpr: true }),
      'INVALID_DATA',
    );
    assertErr(
      await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone: '+48 12 400 19 19', gdpr: true }),
      'INVALID_DATA',
    );
    const german = await call(app, 'GET_AUTH_PHONE_SEND_SECRET', {
      phone: '+49 151 23456789',
      gdpr: true,
    });
    assertErr(german, 'ACTION_NOT_ALLOWED');
    assert.match(german.status_mesg, /not supported.*PL/);
    assert.deepEqual(await outbox(app, phone), []);
    assertOk(
      await call(
        app,
        'GET_AUTH_PHONE_SEND_SECRET',
        { phone: '+49 151 23456789', gdpr: true },
        { host: 'abroad.example' },
      ),
    );
  });

  test('a wrong code is refused, and a code works once', async () => {
    const phone = newPhone();
    assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
    const code = await lastCode(app, phone);
    const wrong = code === '000000' ? '000001' : '000000';
    assertErr(await call(app, 'GET_AUTH_PHONE', { phone, secret: wrong }), 'ACCESS_DENIED');
    assertErr(await call(app, 'GET_AUTH_PHONE', { phone, secret: '12ab56' }), 'INVALID_DATA');
    assertErr(await call(app, 'GET_AUTH_PHONE', { phone }), 'ARG_ERROR');
    assertOk(await call(app, 'GET_AUTH_PHONE', { phone, secret: code }));
    assertErr(await call(app, 'GET_AUTH_PHONE', { phone, secret: code }), 'ACCESS_DENIED');
  });

  test('brute force stops after 5 wrong codes, even before the right one', async () => {
    const phone = newPhone();
    assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
    const code = await lastCode(app, phone);
    const wrongs = ['000000', '111111', '222222', '333333', '444444', '555555']
      .filter((c) => c !== code)
      .slice(0, 5);
    for (const guess of wrongs)
      assertErr(await call(app, 'GET_AUTH_PHONE', { phone, secret: guess }), 'ACCESS_DENIED');
    const locked = await call(app, 'GET_AUTH_PHONE', { phone, secret: code });
    assertErr(locked, 'ACCESS_DENIED');
  });

  test('no code, a used, expired or exhausted code and a wrong one get the same answer', async () => {
    const refusal = (phone: string, secret: string) =>
      call(app, 'GET_AUTH_PHONE', { phone, secret });
    const answers = [await refusal(newPhone(), '123456')];
    const phone = newPhone();
    assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
    const code = await lastCode(app, phone);
    const wrong = code === '000000' ? '000001' : '000000';
    answers.push(await refusal(phone, wrong));
    assertOk(await refusal(phone, code));
    answers.push(await refusal(phone, code));
    const expiring = newPhone();
    assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone: expiring, gdpr: true }));
    const expired = await lastCode(app, expiring);
    clock.advance(CODE_TTL_MS + 1);
    answers.push(await refusal(expiring, expired));
    const guessed = newPhone();
    assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone: guessed, gdpr: true }));
    const right = await lastCode(app, guessed);
    for (const guess of ['000000', '111111', '222222', '333333', '444444', '555555']
      .filter((c) => c !== right)
      .slice(0, 5))
      await refusal(guessed, guess);
    answers.push(await refusal(guessed, right));
    for (const answer of answers) assert.deepEqual(answer, answers[0]);
    assertErr(answers[0]!, 'ACCESS_DENIED');
  });

  test('the code expires after 5 minutes, and only the newest code counts', async () => {
    const phone = newPhone();
    assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
    const old = await lastCode(app, phone);
    clock.advance(CODE_TTL_MS + 1);
    assertErr(await call(app, 'GET_AUTH_PHONE', { phone, secret: old }), 'ACCESS_DENIED');
    assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
    const fresh = await lastCode(app, phone);
    if (fresh !== old)
      assertErr(await call(app, 'GET_AUTH_PHONE', { phone, secret: old }), 'ACCESS_DENIED');
    assertOk(await call(app, 'GET_AUTH_PHONE', { phone, secret: fresh }));
  });

  test('at most 3 codes per phone in 10 minutes', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++)
      assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
    const refused = await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true });
    assertErr(refused, 'ACTION_NOT_ALLOWED');
    assert.equal((await outbox(app, phone)).length, 3);
    clock.advance(10 * 60_000 + 1);
    assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
  });
});

describe('sessions', () => {
  test('GET_AUTH keeps a valid token alive and sends the feature lists', async () => {
    const token = await signIn(app, newPhone());
    const reply = assertOk(await call(app, 'GET_AUTH', {}, { token, via: 'get', lang: 'en' }));
    assert.equal(reply.auth, token);
    assert.equal(reply.error, null);
    assert.equal(reply.taxi_features[0].name, 'Estate car');
    assert.equal(reply.taxi_feature_category_list[1].name, 'Extras');
    // Refreshed: still valid after most of a lifetime, twice over.
    clock.advance(TOKEN_TTL_MS - 60_000);
    assertOk(await call(app, 'GET_AUTH', {}, { token }));
    clock.advance(TOKEN_TTL_MS - 60_000);
    assertOk(await call(app, 'GET_CLIENT', {}, { token }));
    clock.advance(TOKEN_TTL_MS);
    assertErr(await call(app, 'GET_CLIENT', {}, { token }), 'ACCESS_DENIED');
  });

  test('no token, a made-up token, or a token of another corporation: ACCESS_DENIED', async () => {
    const token = await signIn(app, newPhone());
    assertErr(await call(app, 'GET_AUTH', {}), 'ACCESS_DENIED');
    assertErr(await call(app, 'GET_AUTH', {}, { token: 'x'.repeat(43) }), 'ACCESS_DENIED');
    assertErr(
      await call(app, 'GET_CLIENT', {}, { token, host: 'abroad.example' }),
      'ACCESS_DENIED',
    );
    for (const action of [
      'GET_CLIENT',
      'GET_PHONE',
      'GET_PHONE_SEND_SECRET',
      'SET_PHONE_SECRET',
      'CHANGE_PHONE_SEND_SECRET',
      'CHANGE_PHONE',
      'DELETE_REQUEST',
      'LOGOUT',
    ]) {
      assertErr(await call(app, action, {}), 'ACCESS_DENIED');
    }
  });
});

describe('the client and the phone', () => {
  test('GET_CLIENT gives client_data with the spec fields', async () => {
    const phone = newPhone();
    const token = await signIn(app, phone);
    const reply = assertOk(await call(app, 'GET_CLIENT', {}, { token }));
    assert.deepEqual(reply.client_data, {
      phone,
      points: 0,
      count_discount_available: 0,
      discount: 0,
      cash_free: false,
    });
  });

  test('GET_PHONE, then verification with GET_PHONE_SEND_SECRET and SET_PHONE_SECRET', async () => {
    const phone = newPhone();
    const token = await signIn(app, phone);
    assert.deepEqual(
      (({ phone: p, phone_secret_verified }) => ({ phone: p, phone_secret_verified }))(
        assertOk(await call(app, 'GET_PHONE', {}, { token })),
      ),
      { phone, phone_secret_verified: true },
    );
    assertOk(await call(app, 'GET_PHONE_SEND_SECRET', {}, { token }));
    const code = await lastCode(app, phone);
    assertErr(
      await call(
        app,
        'SET_PHONE_SECRET',
        { secret: code === '999999' ? '999998' : '999999' },
        { token },
      ),
      'ACCESS_DENIED',
    );
    const verified = assertOk(await call(app, 'SET_PHONE_SECRET', { secret: code }, { token }));
    assert.equal(verified.phone_secret_verified, true);
    assert.equal(verified.phone, phone);
  });

  test('CHANGE_PHONE_SEND_SECRET and CHANGE_PHONE move the account to a new number', async () => {
    const phone = newPhone();
    const token = await signIn(app, phone);
    const same = await call(app, 'CHANGE_PHONE_SEND_SECRET', { phone }, { token });
    assertErr(same, 'INVALID_DATA');
    assert.equal(same.status_mesg, 'New phone number is the same as the current one.');
    // Another account's number is refused only once its code is proven: before that, the
    // answers are those of any number, so that they do not tell who is a passenger.
    const other = newPhone();
    await signIn(app, other);
    assertOk(await call(app, 'CHANGE_PHONE_SEND_SECRET', { phone: other }, { token }));
    const otherCode = await lastCode(app, other);
    const wrongCode = otherCode === '000000' ? '000001' : '000000';
    assert.deepEqual(
      await call(app, 'CHANGE_PHONE', { phone: other, secret: wrongCode }, { token }),
      await call(app, 'CHANGE_PHONE', { phone: newPhone(), secret: wrongCode }, { token }),
    );
    assertErr(
      await call(app, 'CHANGE_PHONE', { phone: other, secret: otherCode }, { token }),
      'ACTION_NOT_ALLOWED',
    );
    assert.equal(assertOk(await call(app, 'GET_CLIENT', {}, { token })).client_data.phone, phone);

    const next = newPhone();
    assertOk(await call(app, 'CHANGE_PHONE_SEND_SECRET', { phone: next }, { token }));
    const code = await lastCode(app, next);
    // The code proves the new number for this account only.
    const stranger = await signIn(app, newPhone());
    assertErr(
      await call(app, 'CHANGE_PHONE', { phone: next, secret: code }, { token: stranger }),
      'ACCESS_DENIED',
    );
    const changed = assertOk(
      await call(app, 'CHANGE_PHONE', { phone: next, secret: code }, { token }),
    );
    assert.equal(changed.phone, next);
    assert.equal(changed.phone_secret_verified, true);
    assert.equal(assertOk(await call(app, 'GET_CLIENT', {}, { token })).client_data.phone, next);
  });
});

describe('blocked clients and deletion requests (operator CLI)', () => {
  test('a client blocked by the operator gets BLOCKED everywhere until unblocked', async () => {
    const phone = newPhone();
    const token = await signIn(app, phone);
    const blocked = operator(server, 'block-client', 'demo', phone);
    assert.equal(blocked.status, 0, blocked.stderr);
    assertErr(await call(app, 'GET_AUTH', {}, { token }), 'BLOCKED');
    assertErr(await call(app, 'GET_CLIENT', {}, { token }), 'BLOCKED');
    assertErr(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }), 'BLOCKED');
    assert.equal(operator(server, 'unblock-client', 'demo', phone).status, 0);
    assertOk(await call(app, 'GET_AUTH', {}, { token }));
    const unknown = operator(server, 'block-client', 'demo', newPhone());
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /no client/);
  });

  test('DELETE_REQUEST and the deletion notification are stored for the operator', async () => {
    const phone = newPhone();
    const token = await signIn(app, phone);
    assertOk(await call(app, 'DELETE_REQUEST', { info: 'Please remove my data' }, { token }));
    const notice = await app.inject({
      method: 'POST',
      url: '/report/account-deletion/',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: {
        phone: '601 999 888',
        subject: 'Account deletion',
        info: 'from the app',
        source: 'passenger app',
      },
    });
    assert.equal(notice.statusCode, 200);
    assert.equal(notice.json().error, undefined);
    const listed = operator(server, 'deletion-requests', 'demo', '--json');
    assert.equal(listed.status, 0, listed.stderr);
    const rows = JSON.parse(listed.stdout) as {
      phone: string;
      source: string;
      info: string;
      signed_in: boolean;
    }[];
    assert.ok(
      rows.some(
        (row) =>
          row.phone === phone &&
          row.source === 'DELETE_REQUEST' &&
          row.signed_in &&
          row.info === 'Please remove my data',
      ),
    );
    // The server says where a request came from; the caller's `source` is not taken.
    assert.ok(
      rows.some(
        (row) => row.phone === '+48601999888' && row.source === 'notification' && !row.signed_in,
      ),
    );
  });

  test('DELETE_REQUEST ends every session of the account; LOGOUT ends only its own', async () => {
    const phone = newPhone();
    const first = await signIn(app, phone);
    const second = await signIn(app, phone);
    assertOk(await call(app, 'LOGOUT', {}, { token: first }));
    assertErr(await call(app, 'GET_CLIENT', {}, { token: first }), 'ACCESS_DENIED');
    assertOk(await call(app, 'GET_CLIENT', {}, { token: second }));
    const third = await signIn(app, phone);
    assertOk(await call(app, 'DELETE_REQUEST', { info: 'bye' }, { token: second }));
    assertErr(await call(app, 'GET_CLIENT', {}, { token: second }), 'ACCESS_DENIED');
    assertErr(await call(app, 'GET_AUTH', {}, { token: third }), 'ACCESS_DENIED');
  });

  test('the deletion notification answers failures with an error field, and limits each address', async () => {
    const post = (payload: unknown, remoteAddress = '203.0.113.9') =>
      app.inject({
        method: 'POST',
        url: '/report/account-deletion/',
        remoteAddress,
        headers: { host: 'localhost', 'content-type': 'application/json' },
        payload: payload as string,
      });
    for (const bad of [{}, { phone: 'nope' }, '{"phone": ']) {
      const reply = await post(bad);
      assert.equal(reply.statusCode, 200);
      assert.equal(typeof reply.json().error, 'string', JSON.stringify(bad));
    }
    for (let i = 0; i < 5; i++)
      assert.equal((await post({ phone: newPhone() })).json().error, undefined);
    assert.equal(typeof (await post({ phone: newPhone() })).json().error, 'string');
    assert.equal((await post({ phone: newPhone() }, '203.0.113.10')).json().error, undefined);
  });
});
