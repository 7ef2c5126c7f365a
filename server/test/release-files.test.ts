// The files of a release folder: the content hash a record carries and the compressed copies.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashFiles } from '../src/releases/files.ts';

const hashOf = (files: Record<string, string>) =>
  hashFiles(Object.entries(files).map(([name, text]) => [name, Buffer.from(text)]));

test('the content hash tells apart files that concatenate to the same bytes', () => {
  assert.notEqual(hashOf({ a: 'bc' }), hashOf({ ab: 'c' }));
  assert.notEqual(hashOf({ 'a.js': 'xb.js' }), hashOf({ 'a.js': 'x', 'b.js': '' }));
  assert.notEqual(hashOf({ 'a.js': '', 'b.js': '1' }), hashOf({ 'a.js': 'b.js1' }));
  // The same files in any order: one hash.
  assert.equal(hashOf({ 'b.js': '2', 'a.js': '1' }), hashOf({ 'a.js': '1', 'b.js': '2' }));
});
