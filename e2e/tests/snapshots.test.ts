// The stored accessibility trees' helpers (support/snapshots.ts): what is stripped, and the
// diff a changed tree fails with. No browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertNoDifferences, lineDiff, snapshotDifference, stable } from '../support/snapshots.ts';

test('volatile values become placeholders; words, roles and states stay', () => {
  const tree = [
    '- link "Track this order":',
    '  - /url: /t/K7QF2/s3cr3t-x',
    '- text: Order #K7QF2, 29.11.2026 14:05, 23,50 zł',
    '- textbox "SMS code": "740758"',
    '- text: You can ask for a new code in 0:58.',
    '- text: Pickup in 4 min, 1.2 km away; http://localhost:41234/r/K7QF2/abc',
    '- checkbox "Ride for someone else" [checked]',
  ].join('\n');
  assert.equal(
    stable(tree),
    [
      '- link "Track this order":',
      '  - /url: /t/<order>',
      '- text: Order #<order>, <date> <time>, <price>',
      '- textbox "SMS code": "<code>"',
      '- text: You can ask for a new code in <time>.',
      '- text: Pickup in <n> min, <n> km away; http://localhost:<port>/r/<order>',
      '- checkbox "Ride for someone else" [checked]',
      '',
    ].join('\n'),
  );
});

test("a long list box's unselected options fold into one line; the selected one stays", () => {
  const countries = ['Afghanistan', 'Albania', 'Algeria', 'Andorra', 'Angola', 'Argentina'];
  const tree = [
    '- combobox "Country":',
    '  - option "Poland (+48)" [selected]',
    ...[...countries, ...countries].map((name) => `  - option "${name}"`),
    '- combobox "Size":',
    '  - option "Small"',
    '  - option "Large" [selected]',
  ].join('\n');
  assert.equal(
    stable(tree),
    [
      '- combobox "Country":',
      '  - option "Poland (+48)" [selected]',
      '  - option …',
      '- combobox "Size":',
      '  - option "Small"',
      '  - option "Large" [selected]',
      '',
    ].join('\n'),
  );
});

test('a changed tree is shown as the lines taken away and added, with context', () => {
  const stored = ['- heading "Order options"', '- checkbox "Pet"', '- button "Order"', ''].join(
    '\n',
  );
  const now = ['- heading "Order options"', '- checkbox', '- button "Order"', ''].join('\n');
  assert.equal(
    lineDiff(stored, now),
    [
      '@@ stored line 1 @@',
      '  - heading "Order options"',
      '- - checkbox "Pet"',
      '+ - checkbox',
      '  - button "Order"',
      '  ',
    ].join('\n'),
  );
});

test('a difference from the stored file is reported, a missing file too, and the test fails', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'a11y-snapshots-'));
  try {
    assert.match(
      snapshotDifference(dir, 'options', '- button "Order"') ?? '',
      /no stored snapshot/,
    );
    // Stored as UPDATE_SNAPSHOTS=1 stores it: the stable text.
    writeFileSync(path.join(dir, 'options.yaml'), stable('- button "Order"'));
    assert.equal(snapshotDifference(dir, 'options', '- button "Order"'), undefined);
    const difference = snapshotDifference(dir, 'options', '- button "Zamów"');
    assert.match(difference ?? '', /^options: the tree differs from .*options\.yaml/);
    assert.match(difference ?? '', /^- - button "Order"$/m);
    assert.match(difference ?? '', /^\+ - button "Zamów"$/m);
    assert.throws(() => assertNoDifferences([difference ?? '']), /UPDATE_SNAPSHOTS=1/);
    assert.doesNotThrow(() => assertNoDifferences([]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
