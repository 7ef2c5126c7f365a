import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';
import type { Reply } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { tempDir, testDatabaseUrl, writeFile } from './support/helpers.ts';
import { startServerProcess } from './support/server-process.ts';

async function api(base: string, cmd: Record<string, unknown>) {
  const response = await fetch(`${base}/api/2/`, {
    method: 'POST',
    body: new URLSearchParams({ cmd: JSON.stringify(cmd) }),
  });
  return (await response.json()) as Reply;
}

test('a SIGKILLed server loses no acknowledged order', async () => {
  const root = tempDir();
  writeFile(path.join(root, 'corporations/demo.json'), taxiCorporation('demo', ['127.0.0.1']));
  const env = {
    CORP_DIR: path.join(root, 'corporations'),
    DATA_DIR: path.join(root, 'data'),
    RELEASES_DIR: path.join(root, 'releases'),
    DATABASE_URL: await testDatabaseUrl(),
    SMS_DRIVER: 'outbox',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // One client places 25 timed orders here.
    OPEN_SCHEDULED_ORDERS_PER_CLIENT: '25',
  };
  const first = await startServerProcess(env);
  after(first.kill);
  const phone = '+48606000001';
  assert.equal(
    (await api(first.base, { action_id: 'GET_AUTH_PHONE_SEND_SECRET', phone, gdpr: true })).status,
    'OK',
  );
  const [sms] = (await (
    await fetch(`${first.base}/dev/sms-outbox?phone=${encodeURIComponent(phone)}`)
  ).json()) as { code: string }[];
  const { auth } = await api(first.base, { action_id: 'GET_AUTH_PHONE', phone, secret: sms!.code });
  const tomorrow = new Date(Date.now() + 26 * 3600_000).toISOString().slice(0, 10);
  const acknowledged: string[] = [];
  for (let i = 0; i < 25; i++) {
    const order = {
      order_type: 'T',
      date_time: `${tomorrow} ${String(8 + (i % 12)).padStart(2, '0')}:00`,
      poi: { lat: 50.06, lng: 19.94 },
    };
    const reply = await api(first.base, { action_id: 'ORDER_SAVE', auth, order });
    assert.equal(reply.status, 'OK', JSON.stringify(reply));
    acknowledged.push(reply.track.order_short_id);
  }
  await first.kill();

  const second = await startServerProcess(env);
  after(second.kill);
  const { data_list } = await api(second.base, { action_id: 'GET_CURRENT_ORDERS', auth });
  assert.deepEqual(
    data_list.map((o: { track: { order_short_id: string } }) => o.track.order_short_id).sort(),
    acknowledged.sort(),
  );
});
