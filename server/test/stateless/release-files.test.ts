// The files of a release folder: the content hash a record carries and the compressed copies.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { hashFiles, precompress } from '../../src/releases/files.ts';
import { tempDir, writeFile } from '../support/helpers.ts';

const hashOf = (files: Record<string, string>) =>
  hashFiles(Object.entries(files).map(([name, text]) => [name, Buffer.from(text)]));

test('the content hash tells apart files that concatenate to the same bytes', () => {
  assert.notEqual(hashOf({ a: 'bc' }), hashOf({ ab: 'c' }));
  assert.notEqual(hashOf({ 'a.js': 'xb.js' }), hashOf({ 'a.js': 'x', 'b.js': '' }));
  assert.notEqual(hashOf({ 'a.js': '', 'b.js': '1' }), hashOf({ 'a.js': 'b.js1' }));
  // The same files in any order: one hash.
  assert.equal(hashOf({ 'b.js': '2', 'a.js': '1' }), hashOf({ 'a.js': '1', 'b.js': '2' }));
});

test('compressing a release leaves the event loop free: Brotli 11 runs on the thread pool', async (t) => {
  const dir = tempDir();
  // 100 kB of varied script: Brotli at quality 11 takes a second or more of a core.
  let seed = 1;
  const word = () => (seed = (seed * 48271) % 2147483647).toString(36);
  const lines = Array.from({ length: 6_000 }, () => `var ${word()}=${word()}(${word()});`);
  const script = lines.join('\n');
  writeFile(path.join(dir, 'main.js'), script);
  // The longest the event loop went without running a timer, from start to end.
  const times = [performance.now()];
  const timer = setInterval(() => times.push(performance.now()), 5);
  await precompress(dir);
  clearInterval(timer);
  times.push(performance.now());
  const took = times.at(-1)! - times[0]!;
  const longest = Math.max(...times.slice(1).map((time, i) => time - times[i]!));
  t.diagnostic(
    `precompress of ${Math.round(script.length / 1000)} kB: ${took.toFixed(0)} ms, longest event loop stall ${longest.toFixed(0)} ms`,
  );
  assert.ok(longest < took / 3, `the event loop stalled ${longest} ms of ${took} ms`);
  const copy = (suffix: string) => fs.readFileSync(path.join(dir, `main.js${suffix}`));
  assert.equal(brotliDecompressSync(copy('.br')).toString(), script);
  assert.equal(gunzipSync(copy('.gz')).toString(), script);
});
