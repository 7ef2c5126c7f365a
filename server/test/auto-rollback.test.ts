// The automatic rollback rule: its judgement on figures, and the server halting a worse canary.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { countError, countViews, hourOf, passengerOf } from '../src/reports/health.ts';
import { parseCorporation } from '../src/corporations/directory.ts';
import { judgeCanaries } from '../src/releases/auto-rollback.ts';
import { bucketOf } from '../src/releases/bucket.ts';
import { judgeCanary, readRule } from '../src/releases/rule.ts';
import { corporationFile, startApp, writeFile } from './support/helpers.ts';

const defaults = { minViews: 500, maxErrorRatio: 2 };

describe('the rule', () => {
  test('a corporation file sets it, over the defaults', () => {
    assert.equal(readRule(undefined, defaults), null);
    assert.deepEqual(readRule(true, defaults), defaults);
    assert.deepEqual(readRule({ min_views: 20 }, defaults), { minViews: 20, maxErrorRatio: 2 });
    assert.deepEqual(readRule({ min_views: 20, max_error_ratio: 1.5 }, defaults), {
      minViews: 20,
      maxErrorRatio: 1.5,
    });
    assert.equal(readRule(false, defaults), null);
  });

  test('a file with a wrong rule is refused at load, naming the field', () => {
    const wrongs = [
      [{ min_views: 0 }, '/auto_rollback/min_views: expected at least 1'],
      [{ min_views: 'x' }, '/auto_rollback/min_views: expected a whole number'],
      [{ max_error_ratio: 0.5 }, '/auto_rollback/max_error_ratio: expected at least 1'],
      ['yes', '/auto_rollback: expected true, false or {min_views, max_error_ratio}'],
    ] as const;
    for (const [wrong, message] of wrongs) {
      const file = corporationFile('x', ['x.example'], { auto_rollback: wrong });
      assert.throws(
        () => parseCorporation(JSON.stringify(file)),
        { message },
        JSON.stringify(wrong),
      );
    }
  });

  const rule = { minViews: 100, maxErrorRatio: 2 };

  test('waits for enough views on both sides', () => {
    assert.equal(
      judgeCanary(rule, { views: 99, errors: 99 }, { views: 1000, errors: 0 }).rollBack,
      false,
    );
    assert.equal(
      judgeCanary(rule, { views: 1000, errors: 900 }, { views: 99, errors: 0 }).rollBack,
      false,
    );
  });

  test('rolls back a canary clearly worse than the allowed multiple of stable', () => {
    const verdict = judgeCanary(rule, { views: 1000, errors: 100 }, { views: 1000, errors: 10 });
    assert.equal(verdict.rollBack, true);
    assert.match(verdict.reason, /canary 100\/1000 .* stable 10\/1000/);
  });

  test('keeps a canary within the multiple, or worse only by chance', () => {
    // 1.5× stable: within a ratio of 2.
    assert.equal(
      judgeCanary(rule, { views: 10_000, errors: 150 }, { views: 10_000, errors: 100 }).rollBack,
      false,
    );
    // 3 errors against 1 over 100 views each: above 2×, but not clearly worse.
    assert.equal(
      judgeCanary(rule, { views: 100, errors: 3 }, { views: 100, errors: 1 }).rollBack,
      false,
    );
    // A healthy canary is never touched.
    assert.equal(
      judgeCanary(rule, { views: 1000, errors: 0 }, { views: 1000, errors: 0 }).rollBack,
      false,
    );
  });
});

describe('the server', () => {
  async function canaryApp(autoRollback: unknown) {
    const started = await startApp({
      corporations: [
        corporationFile('demo', ['localhost'], {
          releases: { tracking: { use: '1.0.0', canary: { use: '1.1.0', percent: 50 } } },
          ...(autoRollback === undefined ? {} : { auto_rollback: autoRollback }),
        }),
      ],
    });
    for (const version of ['1.0.0', '1.1.0'])
      writeFile(
        path.join(started.config.releasesDir, 'mf/tracking', version, 'mf-manifest.json'),
        {},
      );
    const db = started.app.services.storage.db;
    const now = Date.now();
    const canary = { part: 'tracking', release: '1.1.0', bucket: 'canary' } as const;
    /** Thirty devices on each release; `canaryErrors` of the canary's report an error. */
    const traffic = async (canaryErrors: number) => {
      for (let i = 0; i < 30; i++) {
        const stable = { part: 'tracking', release: '1.0.0', bucket: 'stable' } as const;
        await countViews(db, 'demo', [stable], passengerOf(`stable-device-${i}`), now);
        await countViews(db, 'demo', [canary], passengerOf(`canary-device-${i}`), now);
      }
      for (let i = 0; i < canaryErrors; i++) {
        const view = { passenger: passengerOf(`canary-device-${i}`), hour: hourOf(now) };
        await countError(db, 'demo', view, canary);
      }
    };
    return { ...started, traffic };
  }

  test('halts a canary that is clearly worse: 0 %, history, and every device back on stable', async () => {
    const { app, config, traffic } = await canaryApp({ min_views: 20 });
    await traffic(20);
    const [change] = await judgeCanaries(app.services);
    assert.equal(change?.by, 'auto_rollback');
    assert.match(change!.reason!, /canary 20\/30/);
    const file = JSON.parse(fs.readFileSync(path.join(config.corpDir, 'demo.json'), 'utf8'));
    assert.deepEqual(file.releases.tracking, {
      use: '1.0.0',
      canary: { use: '1.1.0', percent: 0 },
    });
    const history = fs.readFileSync(path.join(config.releasesDir, 'history.jsonl'), 'utf8');
    assert.match(history, /"by":"auto_rollback"/);
    assert.deepEqual(await judgeCanaries(app.services), [], 'halted once');

    for (const device of ['a', 'b', 'c', 'd', 'e', 'f'].map((letter) => letter.repeat(16))) {
      assert.equal(bucketOf(app.services.releaseKey, 'demo', 'tracking', device, 0), 'stable');
      const registry = await app.inject({
        url: `/remotes.json?hostname=localhost&device=${device}`,
      });
      assert.equal(registry.json().releases.tracking.version, '1.0.0');
    }
  });

  test("halts a channel's canary for everybody on the channel", async () => {
    const { app, config, traffic } = await canaryApp({ min_views: 20 });
    const file = path.join(config.corpDir, 'demo.json');
    const corporation = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, JSON.stringify({ ...corporation, releases: { tracking: 'stable' } }));
    writeFile(path.join(config.releasesDir, 'channels.json'), { tracking: { stable: '1.0.0' } });
    writeFile(path.join(config.releasesDir, 'canaries.json'), {
      tracking: { stable: { use: '1.1.0', percent: 50 } },
    });
    await traffic(20);
    const [change] = await judgeCanaries(app.services);
    assert.equal(change?.target, 'channel:stable');
    // The history says whose rule halted it, for every corporation on the channel.
    assert.equal(change?.rule, 'demo');
    assert.match(
      change!.reason!,
      /the rule of demo halts channel stable for every corporation on it/,
    );
    const history = fs.readFileSync(path.join(config.releasesDir, 'history.jsonl'), 'utf8');
    assert.match(history, /"rule":"demo"/);
    const canaries = JSON.parse(
      fs.readFileSync(path.join(config.releasesDir, 'canaries.json'), 'utf8'),
    );
    assert.deepEqual(canaries, { tracking: { stable: { use: '1.1.0', percent: 0 } } });
  });

  test('leaves a healthy canary, and a corporation without a rule, alone', async () => {
    const healthy = await canaryApp({ min_views: 20 });
    await healthy.traffic(0);
    assert.deepEqual(await judgeCanaries(healthy.app.services), []);
    const ruleless = await canaryApp(undefined);
    await ruleless.traffic(30);
    assert.deepEqual(await judgeCanaries(ruleless.app.services), []);
  });
});
