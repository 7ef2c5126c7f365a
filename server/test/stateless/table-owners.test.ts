// One owner per table: a table is queried only in the folder of server/src whose migrations
// create it; every other module calls that folder's functions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sources } from '../support/sources.ts';

/** The folder a file of server/src is in ('' for a file at its top). */
const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '');

/** Each table and the folder whose migrations create it. */
function owners(files: { path: string; text: string }[]): Map<string, string> {
  const owner = new Map<string, string>();
  for (const { path, text } of files)
    for (const [, table] of text.matchAll(/\.createTable\(\s*'([a-z_]+)'/g))
      owner.set(table!, folderOf(path));
  return owner;
}

/** The query builder calls that name a table: `from`, the writes and the joins. */
const QUERY_CALL =
  /\.(selectFrom|updateTable|insertInto|replaceInto|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*(\[[^\]]*\]|'[^']*')/g;

/** `file: call('table')` for each query of a table outside its owner's folder. */
function strangers(files: { path: string; text: string }[]): string[] {
  const owner = owners(files);
  const found: string[] = [];
  for (const { path, text } of files)
    for (const [, call, argument] of text.matchAll(QUERY_CALL))
      for (const [, table] of argument!.matchAll(/'([a-z_]+)(?:\s+as\s+\w+)?'/g)) {
        const folder = owner.get(table!);
        if (folder !== undefined && folder !== folderOf(path))
          found.push(`${path}: ${call}('${table}'), owned by ${folder}/`);
      }
  return found;
}

test('the table owners come from the migrations', () => {
  const owner = owners(sources());
  assert.equal(owner.get('orders'), 'orders');
  assert.equal(owner.get('assignments'), 'dispatch');
  assert.equal(owner.get('clients'), 'accounts');
});

test('the check sees a query of another folder’s table, joins and aliases too', () => {
  const files = [
    { path: 'orders/tables.ts', text: "db.schema.createTable('orders')" },
    { path: 'rating/store.ts', text: "db.selectFrom('orders as o').innerJoin(\n  'orders', 'x')" },
  ];
  assert.deepEqual(strangers(files), [
    "rating/store.ts: selectFrom('orders'), owned by orders/",
    "rating/store.ts: innerJoin('orders'), owned by orders/",
  ]);
});

test('no module queries a table another folder owns', () => {
  // Each one found: call the owner folder's function instead (or add one there).
  assert.deepEqual(strangers(sources()), []);
});
