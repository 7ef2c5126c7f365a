// The in-memory limits: a key's window starts with its first use, by the app's clock, so a
// limit spent just before a round minute still holds after it (no burst of twice the limit at
// a window's edge), and the key starts afresh a whole window after its first use.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoryLimiter } from '../../src/events/limits.ts';

test("a key's window starts with its first use, not on the minute", async () => {
  let time = 59_999;
  const limits = memoryLimiter(() => time);
  assert.equal(await limits.take('tiles:192.0.2.1', 2, 60_000), true);
  assert.equal(await limits.take('tiles:192.0.2.1', 2, 60_000), true);
  time = 60_000;
  assert.equal(await limits.take('tiles:192.0.2.1', 2, 60_000), false, 'past the round minute');
  assert.equal(await limits.used('tiles:192.0.2.1'), 3);
  time = 59_999 + 59_999;
  assert.equal(await limits.take('tiles:192.0.2.1', 2, 60_000), false, 'within its window');
  time = 59_999 + 60_000;
  assert.equal(
    await limits.take('tiles:192.0.2.1', 2, 60_000),
    true,
    'a window after its first use',
  );
  assert.equal(await limits.used('tiles:192.0.2.1'), 1);
  assert.equal(await limits.used('tiles:192.0.2.2'), 0);
});

test('keys count apart, each with its own window length', async () => {
  let time = 0;
  const limits = memoryLimiter(() => time);
  assert.equal(await limits.take('sms:a', 1, 3_600_000), true);
  assert.equal(await limits.take('sms:b', 1, 1_000), true);
  time = 1_000;
  assert.equal(await limits.take('sms:a', 1, 3_600_000), false);
  assert.equal(await limits.take('sms:b', 1, 1_000), true);
});
