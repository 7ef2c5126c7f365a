import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RIDER_NAME_MAX, trackLink } from '@taxi/contract';
import { assertErr, assertOk, call, fakeClock, outbox, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { capturedLog, startApp } from './support/helpers.ts';

// Booking for someone else: the rider is texted the public tracking link.
const clock = fakeClock('2026-03-02T10:00:00Z');
const log = capturedLog();
const { app } = await startApp({
  corporations: [taxiCorporation('demo', ['localhost'])],
  // A budget of 3 messages a day for the corporation: codes and riders' links share it.
  config: {
    logLevel: 'info',
    smsLimits: { wrongCodesPerDay: 10, perPhonePerDay: 10, perCorporationPerDay: 3 },
  },
  overrides: { clock, logStream: log.stream },
});

const pickup = { lat: 50.0614, lng: 19.9366, city: 'Kraków', street: 'Rynek Główny', number: '1' };
const forRider = (phone: string, rider_name = 'Anna') => ({
  order: { order_type: 'Z', poi: pickup, taxi_count: 1, phone, rider_name },
});

// Two sign-in codes: with the first rider's text they spend the budget.
const booker = await signIn(app, '+48602000001');
const other = await signIn(app, '+48602000002');

describe('ORDER_SAVE for someone else', () => {
  test('texts the rider the absolute tracking link, without logging the number or the link', async () => {
    const reply = assertOk(
      await call(app, 'ORDER_SAVE', forRider('602 000 101'), { token: booker }),
    );
    const link = `https://localhost${trackLink({
      shortId: reply.track.order_short_id,
      secret: reply.track.secret,
    })}`;
    const [sms] = await outbox(app, '+48602000101');
    assert.ok(sms, 'the rider got a text');
    assert.ok(sms.text.includes(link), sms.text);
    assert.match(sms.text, /zamówiono dla Ciebie/, 'in the language of the request');
    assert.equal(log.text().includes(reply.track.secret), false, 'the link is not logged');
    assert.doesNotMatch(log.text(), /602\s?000\s?101/);
  });

  test('bad input is INVALID_DATA and nothing is saved', async () => {
    const token = other;
    for (const bad of [
      forRider('12345'),
      forRider('602 000 102', 'x'.repeat(RIDER_NAME_MAX + 1)),
      forRider('', 'Anna'),
    ])
      assertErr(await call(app, 'ORDER_SAVE', bad, { token }), 'INVALID_DATA');
    const current = assertOk(await call(app, 'GET_CURRENT_ORDERS', {}, { token }));
    assert.deepEqual(current.data_list, []);
    assert.deepEqual(await outbox(app, '+48602000102'), []);
  });

  test("riders' texts count against the corporation's SMS budget", async () => {
    assertErr(
      await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone: '602000003', gdpr: true }),
      'ACTION_NOT_ALLOWED',
    );
    // Past the budget the order is still placed; the rider is not texted.
    assertOk(await call(app, 'ORDER_SAVE', forRider('602 000 104'), { token: other }));
    assert.deepEqual(await outbox(app, '+48602000104'), []);
    assert.ok(log.text().includes('the rider was not texted'));
  });
});
