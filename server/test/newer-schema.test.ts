// Going back a release: a database a newer release migrated still starts this code, which
// runs its own migrations only when one of them is missing (the migration rule: a migration
// keeps working with the release before it, docs/operations.md "Upgrades").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openStorage, pendingMigrations } from '../src/db/storage.ts';
import { MIGRATIONS } from '../src/modules.ts';
import { tempDir, testDatabaseUrl } from './support/helpers.ts';

test('a database a newer release migrated opens without migrating; a missing migration still refuses', async () => {
  const options = {
    databaseUrl: await testDatabaseUrl(),
    dataDir: tempDir(),
    migrations: MIGRATIONS,
  };
  const first = await openStorage(options);
  assert.ok(first.applied.length > 0);
  await sql`insert into kysely_migration (name, timestamp) values ('9999_a_newer_release', ${new Date().toISOString()})`.execute(
    first.db,
  );
  await first.close();

  const again = await openStorage(options);
  assert.deepEqual(again.applied, []);
  assert.deepEqual(await pendingMigrations(again), []);
  // One of this code's own migrations gone from the record: not a newer schema, the refusal stays.
  const [own] = (
    await sql<{ name: string }>`select name from kysely_migration order by name limit 1`.execute(
      again.db,
    )
  ).rows;
  await sql`delete from kysely_migration where name = ${own!.name}`.execute(again.db);
  await again.close();
  await assert.rejects(openStorage(options));
});
