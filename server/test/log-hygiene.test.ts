// The log of a whole ride, captured at debug level, never carries the passenger's number (in any
// form), a code, a token, an order secret or what the order says (addresses, note, comment).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertOk, call, lastCode, rateCall } from './support/api.ts';
import { gridPoint, TOWN_FILE } from './fixtures/make-town.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { capturedLog, startApp } from './support/helpers.ts';
import { listen, taxi, trackingSocket, trackLogin } from './support/live.ts';

test('a whole ride leaves no phone, code, token, secret or order text in the log', async () => {
  const log = capturedLog();
  const { app } = await startApp({
    corporations: [taxiCorporation('demo', ['localhost'], { geo: { extract: TOWN_FILE } })],
    config: { logLevel: 'debug' },
    overrides: { logStream: log.stream },
  });
  const hostPort = await listen(app);
  const phone = { e164: '+48605123456', typed: '605 123 456' };
  const pickup = { ...gridPoint(2, 2), city: 'Testowo', street: 'Zebrzydowska', number: '17' };
  const destination = { ...gridPoint(4, 4), city: 'Testowo', street: 'Wierzbowa', number: '9' };
  const note = 'Furtka od podwórza, kod 4711';
  const comment = 'Kierowca Zenobiusz był bardzo uprzejmy';

  // Sign-in over GET too: the number and the code travel in the URL then.
  assertOk(
    await call(
      app,
      'GET_AUTH_PHONE_SEND_SECRET',
      { phone: phone.typed, gdpr: true },
      { via: 'get' },
    ),
  );
  const code = await lastCode(app, phone.e164);
  const wrong = code === '000000' ? '000001' : '000000';
  await call(app, 'GET_AUTH_PHONE', { phone: phone.e164, secret: wrong });
  const token = assertOk(
    await call(app, 'GET_AUTH_PHONE', { phone: phone.typed, secret: code }, { via: 'get' }),
  ).auth as string;

  const order = { order_type: 'Z', poi: pickup, dst: destination, info: note };
  assertOk(await call(app, 'ORDER_SIM', { order, taxi_group_id: 1 }, { token }));
  const cab = await taxi(app, '31', { lat: pickup.lat + 0.0005, lng: pickup.lng });
  const saved = assertOk(await call(app, 'ORDER_SAVE', { order }, { token }));
  const track = saved.track as { order_short_id: string; secret: string };
  const orderId = saved.order_id as number;
  assertOk(await call(app, 'GET_CURRENT_ORDERS', {}, { token, via: 'get' }));

  const socket = await trackingSocket(hostPort);
  assert.equal((await trackLogin(socket, track)).status, 'OK');
  const [offer] = await cab.nextOffers();
  assert.equal(offer?.order_id, orderId);
  await cab.ok('OFFER_ACCEPT', { order_id: orderId });
  await cab.ok('ORDER_ARRIVED', { order_id: orderId });
  await cab.ok('ORDER_CLIENT_IN', { order_id: orderId });
  await cab.ok('RIDE_END', { order_id: orderId, price: 31.5 });
  await socket.update((o) => o.stage === 'finished');
  assertOk(await rateCall(app, 'SET_RATE', { ...track, data: { rate: 2, comment } }));
  socket.close();

  assertOk(await call(app, 'LOGOUT', {}, { token }));
  assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone: phone.e164, gdpr: true }));
  const second = assertOk(
    await call(app, 'GET_AUTH_PHONE', {
      phone: phone.e164,
      secret: await lastCode(app, phone.e164),
    }),
  ).auth as string;
  assertOk(await call(app, 'DELETE_REQUEST', { info: 'Proszę usunąć konto' }, { token: second }));
  assert.equal(app.log.level, 'debug');
  await app.close();

  const text = log.text();
  assert.match(text, /incoming request/, 'requests were logged');
  // Digits are matched whole, so that a timestamp holding the same digits does not count.
  const whole = (digits: string) => new RegExp(`(^|\\D)${digits}(\\D|$)`);
  const forbidden: [string, RegExp][] = [
    ['E.164 number', whole('48605123456')],
    ['national number', whole('605123456')],
    ['number with spaces', /605[\s+%20]+123[\s+%20]+456/],
    ['code', whole(code)],
    ['first token', new RegExp(token.replace(/[-]/g, '\\-'))],
    ['second token', new RegExp(second.replace(/[-]/g, '\\-'))],
    ['order secret', new RegExp(track.secret.replace(/[-]/g, '\\-'))],
    ['pickup street', /Zebrzydowska/],
    ['destination street', /Wierzbowa/],
    ['note', /Furtka/],
    // Digits alone: a log line's millisecond timestamp may hold 4711.
    ['note code', whole('4711')],
    ['rating comment', /Zenobiusz/],
    ['deletion request text', /usunąć|usun%C4%85%C4%87/i],
  ];
  for (const [what, pattern] of forbidden) {
    const line = text.split('\n').find((entry) => pattern.test(entry));
    assert.equal(line, undefined, `the log carries the ${what}`);
  }
});
