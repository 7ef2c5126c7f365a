import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SESSION_BELIEF_MS } from '../src/accounts/session-checks.ts';
import { memoryBus } from '../src/events/bus.ts';
import { assertErr, assertOk, call, fakeClock, lastCode, signIn } from './support/api.ts';
import { operator } from './support/fixtures.ts';
import { startApp } from './support/helpers.ts';

// Two instances of one city: one database, one bus (Redis in production), one clock.
const clock = fakeClock('2026-03-02T10:00:00Z');
const bus = memoryBus();
const a = await startApp({ overrides: { clock, bus } });
const b = await startApp({
  config: { dataDir: a.config.dataDir, databaseUrl: a.config.databaseUrl },
  overrides: { clock, bus },
});

let phones = 0;
const newPhone = () => `+48602${String(1_000_000 + ++phones).slice(1)}`;

/** A passenger signed in through A whose token B has just checked (and so believes). */
async function believedByB() {
  const phone = newPhone();
  const token = await signIn(a.app, phone);
  assertOk(await call(b.app, 'GET_CLIENT', {}, { token }));
  return { phone, token };
}

describe('a checked token is believed for a while, and its end reaches every instance at once', () => {
  test('LOGOUT through one instance: the other refuses the token at once', async () => {
    const { token } = await believedByB();
    assertOk(await call(a.app, 'LOGOUT', {}, { token }));
    assertErr(await call(b.app, 'GET_CLIENT', {}, { token }), 'ACCESS_DENIED');
  });

  test('DELETE_REQUEST through one instance: the other refuses every token of the account', async () => {
    const { phone, token } = await believedByB();
    const other = await signIn(a.app, phone);
    assertOk(await call(b.app, 'GET_CLIENT', {}, { token: other }));
    assertOk(await call(a.app, 'DELETE_REQUEST', { info: 'bye' }, { token }));
    assertErr(await call(b.app, 'GET_CLIENT', {}, { token }), 'ACCESS_DENIED');
    assertErr(await call(b.app, 'GET_CLIENT', {}, { token: other }), 'ACCESS_DENIED');
  });

  test('CHANGE_PHONE through one instance: the other sends codes to the new number', async () => {
    const { token } = await believedByB();
    const next = newPhone();
    assertOk(await call(a.app, 'CHANGE_PHONE_SEND_SECRET', { phone: next }, { token }));
    const secret = await lastCode(a.app, next);
    assertOk(await call(a.app, 'CHANGE_PHONE', { phone: next, secret }, { token }));
    const reply = assertOk(await call(b.app, 'GET_PHONE_SEND_SECRET', {}, { token }));
    assert.equal(reply.phone, next);
  });

  test("an operator's block (outside the server) takes effect within SESSION_BELIEF_MS", async () => {
    const { phone, token } = await believedByB();
    assert.equal(operator(b, 'block-client', 'demo', phone).status, 0);
    // Not asked again yet: the belief stands…
    assertOk(await call(b.app, 'GET_CLIENT', {}, { token }));
    // …until it is SESSION_BELIEF_MS old; an instance that had not checked the token refuses now.
    assertErr(await call(a.app, 'GET_CLIENT', {}, { token }), 'BLOCKED');
    clock.advance(SESSION_BELIEF_MS);
    assertErr(await call(b.app, 'GET_CLIENT', {}, { token }), 'BLOCKED');
  });
});
