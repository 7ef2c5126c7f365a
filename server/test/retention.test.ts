import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CODE_RETENTION_MS } from '../src/accounts/codes.ts';
import { DELETION_REQUEST_RETENTION_MS } from '../src/accounts/deletion-requests.ts';
import { TOKEN_TTL_MS } from '../src/accounts/sessions.ts';
import { REPORT_RETENTION_MS } from '../src/reports/store.ts';
import { startRetention } from '../src/retention.ts';
import { assertOk, call, fakeClock, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { capturedLog, rowCount, startApp } from './support/helpers.ts';

test('the retention schedule purges expired sessions, old codes, reports and deletion requests', async () => {
  const clock = fakeClock('2026-11-01T09:00:00Z');
  const log = capturedLog();
  const { app } = await startApp({
    corporations: [taxiCorporation('demo', ['localhost'])],
    config: { logLevel: 'info' },
    overrides: { clock, logStream: log.stream },
  });
  const { db } = app.services.storage;
  const token = await signIn(app, '+48609000001');
  assert.equal(
    (
      await app.inject({
        method: 'POST',
        url: '/report/error/',
        headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ message: 'TypeError', page_url: '/' }).toString(),
      })
    ).statusCode,
    200,
  );
  const notice = await app.inject({
    method: 'POST',
    url: '/report/account-deletion/',
    headers: { host: 'localhost', 'content-type': 'application/json' },
    payload: { phone: '609 000 002', subject: 'Account deletion', info: '', source: 'app' },
  });
  assert.equal(notice.json().error, undefined);
  const count = (table: 'sessions' | 'sms_codes' | 'error_reports' | 'deletion_requests') =>
    rowCount(db, table);
  const remaining = async () => ({
    sessions: await count('sessions'),
    sms_codes: await count('sms_codes'),
    error_reports: await count('error_reports'),
    deletion_requests: await count('deletion_requests'),
  });
  /** One pass of the schedule, as the app runs it at start and every hour. */
  const pass = async (after: number) => {
    clock.advance(after);
    await startRetention(app.services)();
    return remaining();
  };
  const started = clock.now();
  const untilPast = (retention: number) => started + retention + 1 - clock.now();

  assert.ok(
    log.entries().some((entry) => entry.msg === 'retention: expired rows purged'),
    'the app ran the schedule at start',
  );
  assert.deepEqual(await pass(0), {
    sessions: 1,
    sms_codes: 1,
    error_reports: 1,
    deletion_requests: 1,
  });
  assert.deepEqual(await pass(untilPast(CODE_RETENTION_MS)), {
    sessions: 1,
    sms_codes: 0,
    error_reports: 1,
    deletion_requests: 1,
  });
  assertOk(await call(app, 'GET_CLIENT', {}, { token }));
  assert.deepEqual(await pass(untilPast(REPORT_RETENTION_MS)), {
    sessions: 1,
    sms_codes: 0,
    error_reports: 0,
    deletion_requests: 1,
  });
  assert.deepEqual(await pass(untilPast(DELETION_REQUEST_RETENTION_MS)), {
    sessions: 1,
    sms_codes: 0,
    error_reports: 0,
    deletion_requests: 0,
  });
  assert.deepEqual(await pass(untilPast(TOKEN_TTL_MS)), {
    sessions: 0,
    sms_codes: 0,
    error_reports: 0,
    deletion_requests: 0,
  });
});

test('the retention schedule purges release health past its keeping time', async () => {
  const clock = fakeClock('2026-11-01T09:00:00Z');
  const { app } = await startApp({ overrides: { clock } });
  const { db } = app.services.storage;
  const hour = 60 * 60_000;
  const now = Math.floor(clock.now() / hour) * hour;
  const row = (at: number) => ({
    corporation_id: 'demo',
    part: 'tracking',
    release: '1.0.0',
    hour: at,
  });
  // A year-old hour and this one.
  await db
    .insertInto('release_health')
    .values([now - 365 * 24 * hour, now].map((at) => ({ ...row(at), views: 1, errors: 1 })))
    .execute();
  await db
    .insertInto('release_passengers')
    .values([now - 365 * 24 * hour, now].map((at) => ({ ...row(at), device: 'd'.repeat(32) })))
    .execute();
  await startRetention(app.services)();
  for (const table of ['release_health', 'release_passengers'] as const) {
    const left = await db.selectFrom(table).select('hour').execute();
    assert.deepEqual(
      left.map((kept) => Number(kept.hour)),
      [now],
      table,
    );
  }
});
