// Every relative link of the README and docs/ leads to a file of the repository, and a link to a
// heading (`file.md#heading`) to a heading that file has, as GitHub names its anchors.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

const FILES = [
  path.join(ROOT, 'README.md'),
  path.join(ROOT, 'server', 'README.md'),
  ...markdownFiles(path.join(ROOT, 'docs')),
];

for (const file of FILES) {
  test(`the relative links of ${path.relative(ROOT, file)} resolve`, () => {
    const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      const [name, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = name === '' ? file : path.resolve(path.dirname(file), name);
      if (!existsSync(resolved)) broken.push(target!);
      else if (anchor && statSync(resolved).isFile() && !anchorsOf(resolved).has(anchor)) {
        broken.push(target!);
      }
    }
    assert.deepEqual(broken, []);
  });
}
