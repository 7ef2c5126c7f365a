// Stored snapshots of what a screen reader is given (Playwright's ariaSnapshot, YAML), compared
// line by line. With UPDATE_SNAPSHOTS=1 the stored files are rewritten instead of compared.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const UPDATE_SNAPSHOTS = process.env.UPDATE_SNAPSHOTS === '1';

/**
 * The values that change from run to run, each replaced by a placeholder, in this order. Only
 * what the test cannot fix is stripped: the words, roles, names and states stay as they are.
 */
export const VOLATILE: readonly (readonly [RegExp, string])[] = [
  // The test server's port, in any absolute link.
  [/\b(localhost|127\.0\.0\.1):\d+/g, '$1:<port>'],
  // An order's public link carries its short id and secret: /t/{o}/{p}, /r/{o}/{p}, /receipt/…
  [/\/(t|r|receipt)\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)?/g, '/$1/<order>'],
  // The short id where it is shown ('Order #K7QF2').
  [/#[A-Z0-9]{4,}\b/g, '#<order>'],
  // Dates as the app writes them (29.11.2026, 2026-11-29, 29 Nov 2026, Sun, 29 Nov).
  [/\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b/g, '<date>'],
  [/\b\d{4}-\d{2}-\d{2}\b/g, '<date>'],
  [
    /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|sty|lut|mar|kwi|maj|cze|lip|sie|wrz|paź|lis|gru)[a-ząćęłńóśźż]*\.?( \d{4})?/g,
    '<date>',
  ],
  // The SMS code typed in its text box: a new one each login.
  [/^(\s*- textbox .*): "\d{6}"$/gm, '$1: "<code>"'],
  // Clock times (14:05, 2:05 PM), and the countdown to another code (0:58).
  [/\b\d{1,2}:\d{2}( ?[AP]M)?\b/g, '<time>'],
  // Money: an amount with its currency, either side.
  [/\b\d+(?:[.,]\d+)?(?:\s?[–-]\s?\d+(?:[.,]\d+)?)?\s?(zł|PLN|EUR|€|\$)/g, '<price>'],
  [/(€|\$|PLN)\s?\d+(?:[.,]\d+)?/g, '<price>'],
  // Durations and distances worked out from the taxi's position and the clock.
  [/\b\d+(?:[.,]\d+)?\s?(min|s|km|m)\b/g, '<n> $1'],
];

/** Unselected options in a row beyond which a list box's options are folded into one line. */
const LONG_LIST = 10;

/**
 * A long run of unselected options (the phone step's ~240 countries, named by the browser's
 * locale data) as one line '- option …': what a reader meets there is the selected one and a
 * long list, and a browser update that renames a country does not change the screen.
 */
function foldLongLists(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    const indent = /^(\s*)- option "[^"]*"$/.exec(lines[i]!)?.[1];
    let end = i;
    while (
      indent !== undefined &&
      /^- option "[^"]*"$/.test(lines[end]?.slice(indent.length) ?? '') &&
      lines[end]!.startsWith(`${indent}-`)
    )
      end++;
    if (indent !== undefined && end - i >= LONG_LIST) {
      out.push(`${indent}- option …`);
      i = end;
    } else {
      out.push(lines[i]!);
      i++;
    }
  }
  return out;
}

/** The tree with VOLATILE values replaced and long option lists folded. */
export function stable(tree: string): string {
  let text = tree;
  for (const [pattern, placeholder] of VOLATILE) text = text.replace(pattern, placeholder);
  text = foldLongLists(text.split('\n')).join('\n');
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** A line diff (longest common subsequence) with `context` unchanged lines around each change. */
export function lineDiff(expected: string, actual: string, context = 3): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] =
        a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const lines: { mark: ' ' | '-' | '+'; text: string; line: number }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ mark: ' ', text: a[i]!, line: i + 1 });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      lines.push({ mark: '-', text: a[i]!, line: i + 1 });
      i++;
    } else {
      lines.push({ mark: '+', text: b[j]!, line: i + 1 });
      j++;
    }
  }
  const shown = new Set<number>();
  lines.forEach(({ mark }, index) => {
    if (mark === ' ') return;
    for (
      let k = Math.max(0, index - context);
      k <= Math.min(lines.length - 1, index + context);
      k++
    )
      shown.add(k);
  });
  const out: string[] = [];
  let last = -1;
  for (const index of [...shown].sort((x, y) => x - y)) {
    if (out.length === 0 || index !== last + 1) out.push(`@@ stored line ${lines[index]!.line} @@`);
    out.push(`${lines[index]!.mark} ${lines[index]!.text}`);
    last = index;
  }
  return out.join('\n');
}

/**
 * Compares `tree` (made stable) with the stored `<dir>/<name>.yaml`: undefined when they are
 * the same, else what differs as a line diff ('-' stored, '+' now), or that none is stored.
 * With UPDATE_SNAPSHOTS=1 it writes the file instead.
 */
export function snapshotDifference(dir: string, name: string, tree: string): string | undefined {
  const file = path.join(dir, `${name}.yaml`);
  const now = stable(tree);
  if (UPDATE_SNAPSHOTS) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, now);
    return undefined;
  }
  const relative = path.relative(process.cwd(), file);
  if (!existsSync(file)) return `${name}: no stored snapshot ${relative}`;
  const stored = readFileSync(file, 'utf8');
  if (stored === now) return undefined;
  return `${name}: the tree differs from ${relative} ('-' stored, '+' now)\n${lineDiff(stored, now)}`;
}

/** Fails with every difference found, and how to accept them when they are meant. */
export function assertNoDifferences(differences: string[]): void {
  if (differences.length === 0) return;
  assert.fail(
    `${differences.join('\n\n')}\n\nIf the change is meant, run the test with UPDATE_SNAPSHOTS=1 ` +
      'and review the stored files in the commit.',
  );
}
