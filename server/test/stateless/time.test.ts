import assert from 'node:assert/strict';
import { test } from 'node:test';
import { epochOf, localTime } from '../../src/base/time.ts';

/** What Intl says, field by field: the reference the cached offsets must agree with. */
function intl(epochMs: number, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    })
      .formatToParts(epochMs)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!),
  };
}

test('local times agree with Intl on both sides of DST changes, in whole- and half-hour zones', () => {
  const instants = [
    // Warsaw: spring forward and fall back 2026.
    ['Europe/Warsaw', '2026-03-29T01:00:00Z'],
    ['Europe/Warsaw', '2026-10-25T01:00:00Z'],
    // Lord Howe Island moves by half an hour.
    ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
    ['Asia/Kolkata', '2026-11-22T18:29:00Z'],
    // Before 2000 the offset is not cached.
    ['Europe/Warsaw', '1915-08-04T22:00:00Z'],
  ] as const;
  for (const [zone, around] of instants) {
    const centre = Date.parse(around);
    // Every 17 s for 20 minutes around the change, so that seconds inside a minute are seen too.
    for (let at = centre - 10 * 60_000; at <= centre + 10 * 60_000; at += 17_000) {
      assert.deepEqual(
        localTime(at, zone),
        intl(at, zone),
        `${zone} at ${new Date(at).toISOString()}`,
      );
    }
  }
});

test('a local wall-clock time maps back to its instant', () => {
  const at = epochOf(
    { year: 2026, month: 11, day: 22, hour: 23, minute: 15, second: 0 },
    'Europe/Monaco',
  );
  assert.equal(new Date(at).toISOString(), '2026-11-22T22:15:00.000Z');
});
