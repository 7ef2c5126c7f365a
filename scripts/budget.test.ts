// The first-screen budget over a small fake release folder (node --test scripts/budget.test.ts).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { checkBudget, FIRST_SCREEN_BUDGET, firstScreenBytes } from './budget.ts';

const run = promisify(execFile);

function writeSized(file: string, bytes: number): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.alloc(bytes, 'x'));
}

/**
 * A release folder: the host (two start-up scripts, 20 kB Brotli each) and one remote per first
 * screen, whose screen chunk is `screenBytes` Brotli (its raw file ten times that).
 */
function releases(screenBytes: Record<string, number>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'taxi-budget-'));
  const host = path.join(dir, 'mf', 'host', '1.0.0');
  writeSized(path.join(host, 'main.js.br'), 20_000);
  writeSized(path.join(host, 'bootstrap.1.js.br'), 20_000);
  writeFileSync(
    path.join(host, 'index.html'),
    '<html><head><script defer src=/mf/host/1.0.0/main.js></script>' +
      '<link rel=preload as=script href=/mf/host/1.0.0/bootstrap.1.js></head></html>',
  );
  const screens = { account: './Auth', ordering: './Home', tracking: './Track' };
  const patterns = { account: '^/*auth/*$', ordering: '^/*$', tracking: '^/*t/+[^/]+/+[^/]+/*$' };
  writeFileSync(
    path.join(host, 'routes.json'),
    JSON.stringify(
      Object.entries(screens).map(([remote, module]) => ({
        pattern: patterns[remote as keyof typeof patterns],
        layout: 'default',
        remote,
        module,
      })),
    ),
  );
  for (const [remote, module] of Object.entries(screens)) {
    const folder = path.join(dir, 'mf', remote, '2.0.0');
    writeSized(path.join(folder, 'remoteEntry.js.br'), 5_000);
    writeSized(path.join(folder, 'screen.js'), (screenBytes[remote] ?? 10_000) * 10);
    writeSized(path.join(folder, 'screen.js.br'), screenBytes[remote] ?? 10_000);
    writeSized(path.join(folder, 'map.js.br'), 300_000);
    writeFileSync(
      path.join(folder, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ path: module, assets: { js: { sync: ['screen.js'], async: ['map.js'] } } }],
      }),
    );
  }
  return dir;
}

test('counts the host start-up, the remote entry and the screen chunks as served, not the map', async () => {
  const dir = releases({});
  try {
    const screens = await firstScreenBytes(dir);
    assert.deepEqual(
      screens.map((screen) => [screen.path, screen.total]),
      [
        ['/auth/', 55_000],
        ['/', 55_000],
        ['/t/:o/:p', 55_000],
      ],
    );
    assert.equal(await checkBudget(dir, () => undefined), true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('fails when one first screen grows past the budget, naming it and its files', async () => {
  const dir = releases({ tracking: FIRST_SCREEN_BUDGET - 45_000 + 1 });
  try {
    const lines: string[] = [];
    assert.equal(await checkBudget(dir, (line) => lines.push(line)), false);
    const overBy1 = ((FIRST_SCREEN_BUDGET + 1) / 1000).toFixed(1).replace('.', '\\.');
    assert.match(lines.join('\n'), new RegExp(`^/t/:o/:p: ${overBy1} kB .* OVER BUDGET$`, 'm'));
    assert.match(lines.join('\n'), /mf\/tracking\/2\.0\.0\/screen\.js$/m);
    assert.doesNotMatch(lines.join('\n'), /^\/auth\/.*OVER BUDGET/m);
    // The command of scripts/test.sh fails too.
    await assert.rejects(run(process.execPath, [path.join(import.meta.dirname, 'budget.ts'), dir]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('passes at exactly the budget', async () => {
  const dir = releases({ account: FIRST_SCREEN_BUDGET - 45_000 });
  try {
    assert.equal(await checkBudget(dir, () => undefined), true);
    await run(process.execPath, [path.join(import.meta.dirname, 'budget.ts'), dir]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
