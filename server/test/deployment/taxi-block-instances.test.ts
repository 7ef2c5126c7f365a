import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { openStorage } from '../../src/db/storage.ts';
import { MIGRATIONS } from '../../src/modules.ts';
import { gridPoint } from '../fixtures/make-town.ts';
import { post } from '../support/process-calls.ts';
import { startDeployment } from '../support/process-setup.ts';
import { privateRedis } from '../support/private-services.ts';

const run = promisify(execFile);

test(
  'the operator blocks a taxi: on both processes its change is refused and its sessions end within a second (PostgreSQL + Redis)',
  { timeout: 90_000 },
  async () => {
    const redis = await privateRedis();
    after(() => redis.stop());
    const { servers, env, databaseUrl } = await startDeployment({
      processes: ['a', 'b'],
      redisUrl: redis.url,
      database: 'taxi_server_block',
      taxis: ['9'],
    });
    const { a, b } = servers;
    const driver = (base: string, action: string, fields: Record<string, unknown> = {}) =>
      post(base, '/driver/api/1/', { action_id: action, ...fields }, false);
    const { token } = await driver(a.base, 'LOGIN', { call_number: '9', password: 'secret-9' });
    // Both processes believe the token (and the taxi's state W) before the block.
    for (const base of [a.base, b.base])
      assert.equal(
        (await driver(base, 'TAXI_POSITION', { token, ...gridPoint(2, 3), state: 'W' })).status,
        'OK',
      );
    const polling = driver(b.base, 'GET_OFFERS', { token, wait: 8 }).then((reply) => ({
      reply,
      at: Date.now(),
    }));

    const cli = new URL('../../src/cli.ts', import.meta.url).pathname;
    await run(process.execPath, [cli, 'taxi-state', 'demo', '9', 'B'], { env });
    const blockedAt = Date.now();
    const ended = await polling;
    assert.equal(ended.reply.status, 'ERR', 'the waiting poll ends refused');
    assert.ok(ended.at - blockedAt < 1_000, `the poll ended ${ended.at - blockedAt} ms after`);
    // Announced over Redis: neither process believes the token any longer, well within a second.
    for (const base of [a.base, b.base])
      assert.equal(
        (await driver(base, 'TAXI_POSITION', { token, ...gridPoint(2, 3) })).error_data,
        'ACCESS_DENIED',
      );
    assert.ok(Date.now() - blockedAt < 1_000, `refused ${Date.now() - blockedAt} ms after`);
    for (const base of [a.base, b.base]) {
      const change = await driver(base, 'TAXI_STATE', { token, state: 'Z' });
      assert.notEqual(change.status, 'OK', `${base}: ${JSON.stringify(change)}`);
      assert.equal(
        (await driver(base, 'LOGIN', { call_number: '9', password: 'secret-9' })).error_data,
        'BLOCKED',
      );
    }
    const storage = await openStorage({
      migrations: MIGRATIONS,
      databaseUrl,
      dataDir: env.DATA_DIR,
    });
    after(() => storage.close());
    const { state } = await storage.db
      .selectFrom('taxis')
      .select('state')
      .where('call_number', '=', '9')
      .executeTakeFirstOrThrow();
    assert.equal(state, 'B');
  },
);
