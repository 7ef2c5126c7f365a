import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startApp } from './support/helpers.ts';

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/report/error/',
  headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('POST /report/error/', () => {
  test('accepts the browser report', async () => {
    const { app } = await startApp();
    const reply = await app.inject(
      form({
        url: 'http://localhost/mf/host/1.0.0/main.js',
        line: '10',
        col: '4',
        message: 'TypeError: x is undefined',
        error: 'TypeError: x is undefined\n    at main.js:10:4',
        user_agent: 'Mozilla/5.0',
        page_url: 'http://localhost/t/AB12CD/secret-part',
        languages: 'pl-PL,pl,en',
      }),
    );
    assert.equal(reply.statusCode, 200);
    assert.deepEqual(reply.json(), { status: 'OK' });
  });

  test('malformed or oversized bodies get an ERR reply', async () => {
    const { app } = await startApp();
    const cases = [
      form({}),
      {
        ...form({ message: 'x' }),
        headers: { 'content-type': 'application/json' },
        payload: '{"message": ',
      },
      { ...form({ message: 'x' }), headers: { 'content-type': 'text/plain' } },
      { ...form({ message: 'x' }), headers: { 'content-type': 'application/octet-stream' } },
      form({ message: 'x'.repeat(200_000) }),
    ];
    for (const request of cases) {
      const reply = await app.inject(request);
      assert.equal(reply.statusCode, 200, request.payload.slice(0, 40));
      assert.equal(reply.json().status, 'ERR', request.payload.slice(0, 40));
      assert.equal(reply.json().error_data, 'ARG_ERROR');
    }
  });
});

test('one address is limited to 60 reports an hour', async () => {
  const { app } = await startApp();
  const report = (remoteAddress: string) =>
    app.inject({ ...form({ message: 'loop' }), remoteAddress });
  for (let i = 0; i < 60; i++)
    assert.deepEqual((await report('192.0.2.1')).json(), { status: 'OK' });
  assert.equal((await report('192.0.2.1')).json().error_data, 'ACTION_NOT_ALLOWED');
  assert.deepEqual((await report('192.0.2.2')).json(), { status: 'OK' });
});

test('reports sent at once cannot pass the limit together', async () => {
  const { app } = await startApp();
  const replies = await Promise.all(
    Array.from({ length: 150 }, () =>
      app.inject({ ...form({ message: 'loop' }), remoteAddress: '192.0.2.3' }),
    ),
  );
  const accepted = replies.filter((reply) => reply.json().status === 'OK').length;
  console.log(`150 reports sent at once from one address: ${accepted} accepted`);
  assert.equal(accepted, 60);
  const stored = await app.services.storage.db
    .selectFrom('error_reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', '192.0.2.3')
    .executeTakeFirstOrThrow();
  assert.equal(Number(stored.n), 60);
});

test('a part or release longer than any release is refused', async () => {
  const { app } = await startApp();
  for (const fields of [
    { part: 'tracking', release: `1.0.0-${'x'.repeat(64 * 1024 - 200)}` },
    { part: 'p'.repeat(200), release: '1.0.0' },
  ]) {
    const reply = await app.inject(form({ message: 'boom', ...fields }));
    assert.equal(reply.json().status, 'ERR');
    assert.equal(reply.json().error_data, 'INVALID_DATA');
    assert.match(reply.json().status_mesg, /^(part|release): at most 64 characters$/);
  }
  const stored = await app.services.storage.db.selectFrom('error_reports').selectAll().execute();
  assert.equal(stored.length, 0);
});
