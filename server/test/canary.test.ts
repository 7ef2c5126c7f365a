// Canary pins: which passengers get a part's canary release, and how the registry tells the host.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, test } from 'node:test';
import { bucketOf, bucketPosition } from '../src/releases/bucket.ts';
import { corporationFile, startApp, writeFile } from './support/helpers.ts';

const deviceId = () => randomBytes(16).toString('base64url');
const key = randomBytes(32);

describe('bucketing', () => {
  test('a device gets the same bucket on every visit, and a larger share keeps the smaller one', () => {
    for (let i = 0; i < 200; i++) {
      const device = deviceId();
      const position = bucketPosition(key, 'alpha', 'tracking', device);
      assert.equal(bucketPosition(key, 'alpha', 'tracking', device), position);
      if (bucketOf(key, 'alpha', 'tracking', device, 5) === 'canary')
        assert.equal(bucketOf(key, 'alpha', 'tracking', device, 20), 'canary');
    }
    assert.equal(bucketOf(key, 'alpha', 'tracking', undefined, 50), 'stable');
    assert.equal(bucketOf(key, 'alpha', 'tracking', deviceId(), 0), 'stable');
    assert.equal(bucketOf(key, 'alpha', 'tracking', deviceId(), 100), 'canary');
  });

  test("the draw is keyed with the server's key: another key puts the same devices elsewhere", () => {
    const other = randomBytes(32);
    const devices = Array.from({ length: 1000 }, deviceId);
    const same = devices.filter(
      (device) =>
        bucketOf(key, 'alpha', 'tracking', device, 50) ===
        bucketOf(other, 'alpha', 'tracking', device, 50),
    ).length;
    // Independent draws agree on about half the devices, not on all of them.
    assert.ok(Math.abs(same / 10 - 50) <= 6, `${same / 10} %`);
  });

  test('10,000 devices split within 3 % of the share, in each tenth of the range', () => {
    const devices = Array.from({ length: 10_000 }, deviceId);
    for (const percent of [5, 10, 50]) {
      const inCanary = devices.filter(
        (device) => bucketOf(key, 'alpha', 'tracking', device, percent) === 'canary',
      ).length;
      assert.ok(Math.abs(inCanary / 100 - percent) <= 3, `${percent} %: ${inCanary / 100} %`);
    }
    const tenths = Array<number>(10).fill(0);
    for (const device of devices)
      tenths[Math.floor(bucketPosition(key, 'alpha', 'ordering', device) / 10)]!++;
    for (const count of tenths) assert.ok(Math.abs(count / 100 - 10) <= 3, `${count / 100} %`);
  });

  test('each part and corporation draws its own share', () => {
    const devices = Array.from({ length: 2000 }, deviceId);
    const both = devices.filter(
      (device) =>
        bucketOf(key, 'alpha', 'tracking', device, 50) === 'canary' &&
        bucketOf(key, 'alpha', 'ordering', device, 50) === 'canary',
    ).length;
    // Independent halves overlap on about a quarter, not on a half.
    assert.ok(Math.abs(both / 20 - 25) <= 4, `${both / 20} %`);
  });
});

describe('remotes.json with a canary', () => {
  async function canaryApp(percent: number) {
    const started = await startApp({
      corporations: [
        corporationFile('demo', ['localhost'], {
          releases: {
            tracking: { use: '1.0.0', canary: { use: '1.1.0', percent } },
            ordering: '1.0.0',
          },
        }),
      ],
    });
    for (const [part, version] of [
      ['tracking', '1.0.0'],
      ['tracking', '1.1.0'],
      ['ordering', '1.0.0'],
    ] as const) {
      writeFile(path.join(started.config.releasesDir, 'mf', part, version, 'mf-manifest.json'), {});
    }
    return started;
  }

  test('the share of devices gets the canary, the same one on every request, and is told so', async () => {
    const { app } = await canaryApp(50);
    const seen = { canary: 0, stable: 0 };
    for (let i = 0; i < 40; i++) {
      const device = deviceId();
      const url = `/remotes.json?hostname=localhost&device=${device}`;
      const first = (await app.inject({ url })).json();
      assert.deepEqual((await app.inject({ url })).json(), first);
      const bucket = bucketOf(app.services.releaseKey, 'demo', 'tracking', device, 50);
      assert.equal(first.buckets.tracking, bucket);
      assert.equal(first.buckets.ordering, 'stable');
      assert.equal(first.bucket, bucket);
      assert.equal(first.releases.tracking.version, bucket === 'canary' ? '1.1.0' : '1.0.0');
      seen[bucket as 'canary' | 'stable']++;
    }
    assert.ok(seen.canary > 5 && seen.stable > 5, JSON.stringify(seen));
  });

  test('without a device id, or with a malformed one, the passenger gets the stable release', async () => {
    const { app } = await canaryApp(100);
    for (const query of [
      '',
      '&device=short',
      '&device=' + 'x'.repeat(65),
      '&device=a%20b%20c%20d%20e%20f%20g%20h',
    ]) {
      const reply = (await app.inject({ url: `/remotes.json?hostname=localhost${query}` })).json();
      assert.equal(reply.releases.tracking.version, '1.0.0', query);
      assert.equal(reply.bucket, 'stable');
    }
    const canary = (
      await app.inject({ url: `/remotes.json?hostname=localhost&device=${deviceId()}` })
    ).json();
    assert.equal(canary.releases.tracking.version, '1.1.0');
  });
});

test("a corporation pinned to a channel runs the channel's canary", async () => {
  const { app, config } = await startApp({
    corporations: [corporationFile('demo', ['localhost'], { releases: { tracking: 'stable' } })],
  });
  for (const version of ['1.0.0', '1.1.0'])
    writeFile(path.join(config.releasesDir, 'mf/tracking', version, 'mf-manifest.json'), {});
  writeFile(path.join(config.releasesDir, 'channels.json'), { tracking: { stable: '1.0.0' } });
  writeFile(path.join(config.releasesDir, 'canaries.json'), {
    tracking: { stable: { use: '1.1.0', percent: 50 } },
  });
  for (let i = 0; i < 20; i++) {
    const device = deviceId();
    const reply = (
      await app.inject({ url: `/remotes.json?hostname=localhost&device=${device}` })
    ).json();
    const bucket = bucketOf(app.services.releaseKey, 'demo', 'tracking', device, 50);
    assert.equal(reply.buckets.tracking, bucket);
    assert.equal(reply.releases.tracking.version, bucket === 'canary' ? '1.1.0' : '1.0.0');
  }
});
