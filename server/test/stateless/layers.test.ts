// The server's layers run one way: drawn as a graph of its folders' imports (value and type
// imports alike), server/src has no cycle. A part is a folder of server/src (its first path
// segment); the files at its top are one part, the root. An import that closes a cycle is
// either turned around or written down as a decision record in docs/decisions/ and listed in
// ALLOWED below.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { sources } from '../support/sources.ts';

const DECISIONS = join(import.meta.dirname, '..', '..', '..', 'docs', 'decisions');
const ROOT = '(root)';

/**
 * Imports kept on purpose although they run up a layer: `part → file` (the imported file's path
 * under server/src) or `part → folder/` (any file of it), part being * for any; and the decision
 * record (a file of docs/decisions/) that explains why. The graph leaves them out.
 */
const ALLOWED: Record<string, string> = {};

type Graph = Map<string, Set<string>>;

/** The part a path under server/src belongs to. */
const partOf = (path: string) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : ROOT);

/** The entry of ALLOWED that lets `part` import `file`, if any. */
const allowance = (allowed: Record<string, string>, part: string, file: string) =>
  [part, '*']
    .flatMap((from) => [`${from} → ${file}`, `${from} → ${partOf(file)}/`])
    .find((key) => key in allowed);

/**
 * The parts and the arrows between them: `a → b` when a file of a imports one of b, unless
 * `allowed` lists the import; `used` collects the entries of `allowed` that left one out.
 */
function graphOf(
  files: { path: string; text: string }[],
  allowed: Record<string, string> = {},
  used = new Set<string>(),
): Graph {
  const graph: Graph = new Map();
  for (const { path } of files) graph.set(partOf(path), new Set());
  for (const { path, text } of files) {
    const { importedFiles } = ts.preProcessFile(text, true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = normalize(join(dirname(path), fileName))
        .split(sep)
        .join('/');
      if (target.startsWith('..')) continue;
      const from = partOf(path);
      const to = partOf(target);
      if (from === to) continue;
      const key = allowance(allowed, from, target);
      if (key) used.add(key);
      else graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** The strongly connected components (Tarjan), each sorted. */
function components(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (part: string) => {
    index.set(part, index.size);
    low.set(part, index.get(part)!);
    stack.push(part);
    onStack.add(part);
    for (const next of graph.get(part) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(part, Math.min(low.get(part)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(part, Math.min(low.get(part)!, index.get(next)!));
    }
    if (low.get(part) === index.get(part)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== part);
      found.push(component.sort());
    }
  };
  for (const part of [...graph.keys()].sort()) if (!index.has(part)) visit(part);
  return found;
}

/**
 * An order of the parts, lowest first, that few arrows run against (Eades, Lin and Smyth's
 * greedy order): in a graph without cycles, none.
 */
function layering(graph: Graph): string[] {
  const left = new Set(graph.keys());
  const outs = (part: string) => [...graph.get(part)!].filter((to) => left.has(to) && to !== part);
  const ins = (part: string) =>
    [...left].filter((from) => from !== part && graph.get(from)!.has(part));
  const low: string[] = [];
  const high: string[] = [];
  while (left.size > 0) {
    let changed = true;
    while (changed) {
      changed = false;
      for (const part of [...left].sort()) {
        // A part that imports nothing left goes low; one that nothing left imports goes high.
        if (outs(part).length === 0) low.push(part);
        else if (ins(part).length === 0) high.unshift(part);
        else continue;
        left.delete(part);
        changed = true;
      }
    }
    if (left.size === 0) break;
    // Else the part that imports the most more than it is imported goes high.
    const [pick] = [...left]
      .sort()
      .sort((a, b) => outs(b).length - ins(b).length - (outs(a).length - ins(a).length));
    high.unshift(pick!);
    left.delete(pick!);
  }
  return [...low, ...high];
}

/**
 * The figures of a graph: its cycles (components of more than one part), its layers (the
 * longest chain of arrows between components, plus one) and the arrows that run inside a cycle.
 */
function figures(graph: Graph) {
  const parts = components(graph);
  const componentOf = new Map<string, number>();
  parts.forEach((component, i) => component.forEach((part) => componentOf.set(part, i)));
  // Tarjan lists a component after every component it reaches: depths come out in one pass.
  const depth: number[] = [];
  parts.forEach((component, i) => {
    let below = 0;
    for (const part of component)
      for (const next of graph.get(part)!) {
        const j = componentOf.get(next)!;
        if (j !== i) below = Math.max(below, depth[j]!);
      }
    depth.push(below + 1);
  });
  const inCycles: string[] = [];
  for (const [from, targets] of graph)
    for (const to of targets)
      if (componentOf.get(from) === componentOf.get(to)) inCycles.push(`${from} → ${to}`);
  const rank = new Map(layering(graph).map((part, i) => [part, i]));
  const upward: string[] = [];
  for (const [from, targets] of graph)
    for (const to of targets) if (rank.get(to)! > rank.get(from)!) upward.push(`${from} → ${to}`);
  return {
    parts: graph.size,
    arrows: [...graph.values()].reduce((sum, targets) => sum + targets.size, 0),
    layers: Math.max(0, ...depth),
    cycles: parts.filter((component) => component.length > 1),
    arrowsInCycles: inCycles.sort(),
    /** The fewest arrows found whose turning around leaves no cycle. */
    upward: upward.sort(),
  };
}

test('the graph takes value and type imports, re-exports and dynamic imports', () => {
  const graph = graphOf([
    { path: 'app.ts', text: "import { a } from './a/x.ts';" },
    { path: 'a/x.ts', text: "import type { B } from '../b/y.ts';\nexport * from './z.ts';" },
    { path: 'a/z.ts', text: "export { c } from '../c/w.ts';" },
    { path: 'b/y.ts', text: "const d = await import('../d/v.ts');" },
    { path: 'c/w.ts', text: "import { e } from '../errors.ts';" },
    { path: 'd/v.ts', text: "import fs from 'node:fs';" },
    { path: 'errors.ts', text: '' },
  ]);
  assert.deepEqual(
    Object.fromEntries([...graph].map(([part, targets]) => [part, [...targets].sort()])),
    { [ROOT]: ['a'], a: ['b', 'c'], b: ['d'], c: [ROOT], d: [] },
  );
  const { cycles, layers, arrowsInCycles, upward } = figures(graph);
  assert.deepEqual(cycles, [[ROOT, 'a', 'c']]);
  assert.equal(layers, 3);
  assert.deepEqual(arrowsInCycles, [`${ROOT} → a`, 'a → c', `c → ${ROOT}`]);
  assert.equal(upward.length, 1);
});

test('an allowed import leaves the graph, and the layers follow the arrows', () => {
  const files = [
    { path: 'app.ts', text: "import { a } from './a/x.ts';" },
    { path: 'a/x.ts', text: "import { b } from '../b/y.ts';" },
    { path: 'b/y.ts', text: "import type { S } from '../services.ts';" },
    { path: 'services.ts', text: "import type { X } from './a/x.ts';" },
  ];
  assert.equal(figures(graphOf(files)).cycles.length, 1);
  const used = new Set<string>();
  const found = figures(graphOf(files, { '* → services.ts': 'record.md' }, used));
  assert.deepEqual(found.cycles, []);
  assert.deepEqual(found.upward, []);
  assert.equal(found.layers, 3);
  assert.deepEqual([...used], ['* → services.ts']);
});

test('each allowed import names a decision record and is still made', () => {
  const used = new Set<string>();
  graphOf(sources(), ALLOWED, used);
  for (const [key, record] of Object.entries(ALLOWED)) {
    assert.ok(existsSync(join(DECISIONS, record)), `${key}: docs/decisions/${record}`);
    assert.ok(used.has(key), `${key} is imported no more: take it off ALLOWED`);
  }
});

test('no two folders of server/src import each other, directly or through a cycle', (t) => {
  const report = (name: string, found: ReturnType<typeof figures>) =>
    t.diagnostic(
      `${name}: ${found.parts} parts, ${found.arrows} arrows, ${found.layers} layers, ` +
        `${found.cycles.length} cycles${found.cycles.length ? ` (${found.cycles.map((c) => c.length).join(', ')} parts)` : ''}, ` +
        `${found.arrowsInCycles.length} arrows in cycles, ${found.upward.length} upward arrows`,
    );
  report('every import', figures(graphOf(sources())));
  const found = figures(graphOf(sources(), ALLOWED));
  report('without the allowed ones', found);
  // Each one found: turn the arrow that runs up around (the composition root hands the lower
  // part what it needs), or write a decision record and list the import in ALLOWED.
  assert.deepEqual(
    found.cycles.map((cycle) => cycle.join(' ')),
    [],
    `upward arrows:\n${found.upward.join('\n')}`,
  );
});
