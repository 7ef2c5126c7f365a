import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { taxiCorporation } from './fixtures.ts';
import { tempDir, testDatabaseUrl, writeFile } from './helpers.ts';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** The real server in its own process; resolves with its base URL once it listens. */
function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [main], { env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  after(() => child.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) resolve({ child, base: listening[1]! });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

async function api(base: string, cmd: Record<string, unknown>) {
  const response = await fetch(`${base}/api/2/`, { method: 'POST', body: new URLSearchParams({ cmd: JSON.stringify(cmd) }) });
  return (await response.json()) as Record<string, any>;
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
    LOG_LEVEL: 'info',
  };
  const first = await startServer(env);
  const phone = '+48606000001';
  assert.equal((await api(first.base, { action_id: 'GET_AUTH_PHONE_SEND_SECRET', phone, gdpr: true })).status, 'OK');
  const [sms] = (await (await fetch(`${first.base}/dev/sms-outbox?phone=${encodeURIComponent(phone)}`)).json()) as { code: string }[];
  const { auth } = await api(first.base, { action_id: 'GET_AUTH_PHONE', phone, secret: sms!.code });
  const tomorrow = new Date(Date.now() + 26 * 3600_000).toISOString().slice(0, 10);
  const acknowledged: string[] = [];
  for (let i = 0; i < 25; i++) {
    const order = { order_type: 'T', date_time: `${tomorrow} ${String(8 + (i % 12)).padStart(2, '0')}:00`, poi: { lat: 50.06, lng: 19.94 } };
    const reply = await api(first.base, { action_id: 'ORDER_SAVE', auth, order });
    assert.equal(reply.status, 'OK', JSON.stringify(reply));
    acknowledged.push(reply.track.order_short_id);
  }
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));

  const second = await startServer(env);
  const { data_list } = await api(second.base, { action_id: 'GET_CURRENT_ORDERS', auth });
  assert.deepEqual(data_list.map((o: { track: { order_short_id: string } }) => o.track.order_short_id).sort(), acknowledged.sort());
});
