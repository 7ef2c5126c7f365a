// The tracking hub when a viewer leaves while its order is still being read: the read's failure
// (the database closing, as at shutdown) is answered to that viewer's login, and is nobody's
// unhandled rejection, which would take the process down.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Corporation } from '../../src/corporations/directory.ts';
import type { EventBus } from '../../src/events/bus.ts';
import { TrackingHub } from '../../src/tracking/hub.ts';

test('a viewer gone before its order was read: a failed read is no unhandled rejection', async () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', record);
  try {
    let failRead!: (error: Error) => void;
    const bus = { subscribe: async () => () => {} } as unknown as EventBus;
    const hub = new TrackingHub({
      bus,
      loadOrder: () => new Promise((_, reject) => (failRead = reject)),
      loadTaxis: async () => [],
    });
    const viewer = { send() {}, close() {} };
    const adding = hub.add({ id: 'demo' } as Corporation, 1, viewer).then(
      () => 'added',
      (error: Error) => error.message,
    );
    // The subscription is made first; the order's read is then under way.
    await new Promise((resolve) => setImmediate(resolve));
    hub.remove(viewer);
    failRead(new Error('driver has already been destroyed'));
    assert.equal(await adding, 'driver has already been destroyed');
    // Unhandled rejections are reported once the microtasks of this turn have run.
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(unhandled, []);
    assert.equal(hub.orderCount, 0);
  } finally {
    process.off('unhandledRejection', record);
  }
});
