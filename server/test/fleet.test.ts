import assert from 'node:assert/strict';
import { test } from 'node:test';
import { taxiCorporation, testStorage } from './fixtures.ts';
import { startApp } from './helpers.ts';

const server = await startApp({ corporations: [taxiCorporation('demo', ['localhost'])] });
const { fleet, corporations } = server.app.services;
const storage = await testStorage(server);

test('a flush stores every buffered position, in batches, and never an older one over a newer', async () => {
  const corporation = corporations.byId('demo')!;
  const count = 600;
  await storage.db
    .insertInto('taxis')
    .values(
      Array.from({ length: count }, (_, i) => ({
        corporation_id: 'demo',
        call_number: String(i),
        state: 'W',
        lat: 0,
        lng: 0,
        // Taxi 7 has a report newer than the one buffered below.
        updated_at: i === 7 ? 5_000 : 1_000,
      })),
    )
    .execute();
  for (let i = 0; i < count; i++)
    fleet.report(
      corporation,
      String(i),
      'W',
      { lat: 50 + i / 1000, lng: 20, acc: i % 2 ? 5 : null },
      2_000,
    );
  await fleet.flush();
  const rows = await storage.db
    .selectFrom('taxis')
    .select(['call_number', 'lat', 'lng', 'acc', 'updated_at'])
    .where('corporation_id', '=', 'demo')
    .execute();
  const byCall = new Map(rows.map((row) => [row.call_number, row]));
  for (let i = 0; i < count; i++) {
    const row = byCall.get(String(i))!;
    if (i === 7) {
      assert.deepEqual([row.lat, row.updated_at], [0, 5_000], 'the newer position stays');
      continue;
    }
    assert.deepEqual(
      [row.lat, row.lng, row.acc, row.updated_at],
      [50 + i / 1000, 20, i % 2 ? 5 : null, 2_000],
      `taxi ${i}`,
    );
  }
});
