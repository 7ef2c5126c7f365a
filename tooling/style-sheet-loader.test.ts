import { test } from 'node:test';
import assert from 'node:assert/strict';
import styleSheetLoader, { minifyCss, topLevelRules } from './style-sheet-loader.js';

test('a style sheet loses its comments and indentation', () => {
  assert.equal(
    minifyCss('/* The sheet. */\n.tx-card {\n  padding: 1rem;\n  margin: 0 0 1rem;\n}\n'),
    '.tx-card{margin:0 0 1rem;padding:1rem}',
  );
});

test('what comes out is read by the oldest browsers the app supports (Safari 15.4, Chrome 94)', () => {
  // Media query ranges (width >= 560px) came with Safari 16.4 and Chrome 104.
  assert.equal(
    minifyCss('@media (min-width: 560px) {\n  .or-search {\n    margin-top: 2rem;\n  }\n}\n'),
    '@media (min-width:560px){.or-search{margin-top:2rem}}',
  );
});

test('a sheet becomes a module that adds its rules to the page; minified in production builds only', () => {
  const sheet = '/* Cards. */\n.tx-card {\n  padding: 1rem;\n}\n.tx-row { gap: 1px }\n';
  const module = (mode: string) =>
    styleSheetLoader.call({ mode, resourcePath: '/app/cards.css' }, sheet);
  assert.match(module('production'), /^import \{ addStyle \} from ".*add-style\.js";$/m);
  assert.match(
    module('production'),
    /^addStyle\(\["\.tx-card\{padding:1rem\}","\.tx-row\{gap:1px\}"\]\);$/m,
  );
  assert.match(module('development'), /^addStyle\(\["\.tx-card \{\\n {2}padding: 1rem;\\n\}",/m);
});

test('the rules are split whole at the top level, whatever their strings, urls and comments hold', () => {
  assert.deepEqual(
    topLevelRules(
      [
        '@charset "utf-8";',
        '/* a } comment; */ .a { content: "}" ; }',
        "@media (min-width: 1px) { .b { content: '{;'; } .c\\{ { color: red } }",
        '.d { background: url(data:image/svg+xml;utf8,<svg>{}</svg>) }',
        '@font-face { font-family: x; src: url("x;}.woff2") }',
      ].join('\n'),
    ),
    [
      '@charset "utf-8";',
      '.a { content: "}" ; }',
      "@media (min-width: 1px) { .b { content: '{;'; } .c\\{ { color: red } }",
      '.d { background: url(data:image/svg+xml;utf8,<svg>{}</svg>) }',
      '@font-face { font-family: x; src: url("x;}.woff2") }',
    ],
  );
});

test('a sheet that needs another file fails the build instead of losing it', () => {
  const load = (sheet: string) =>
    styleSheetLoader.call({ mode: 'production', resourcePath: '/app/a.css' }, sheet);
  assert.throws(() => load("@import './b.css';"), /@import and url\(\)/);
  assert.throws(() => load('.logo { background: url(./logo.png); }'), /@import and url\(\)/);
  // A data: URL may itself hold url(), as mapbox-gl's icons do.
  const icon = `.pin { background: url("data:image/svg+xml,%3Csvg mask='url(%23clip)'/%3E"); }`;
  assert.match(load(icon), /addStyle/);
});

test("a library's rules for parts the app never creates are left out, with their icons' blocks and keyframes", () => {
  const sheet = [
    '.lib-map { position: relative; }',
    '.lib-zoom .lib-icon, .lib-canvas:active { cursor: grabbing; }',
    '.lib-zoom { background: url("data:image/svg+xml,%3Csvg/%3E"); }',
    '@media (forced-colors: active) { .lib-zoom { color: CanvasText; } }',
    '@media (forced-colors: active) { .lib-zoom { color: CanvasText; } .lib-attrib { color: LinkText; } }',
    '@keyframes lib-spin { to { transform: rotate(1turn); } }',
    '@keyframes lib-fade { to { opacity: 0; } }',
  ].join('\n');
  const module = (mode: string) =>
    styleSheetLoader.call(
      { mode, resourcePath: '/lib/lib.css', getOptions: () => ({ unused: '^lib-(zoom|spin)' }) },
      sheet,
    );
  assert.doesNotMatch(
    module('development'),
    /lib-zoom|lib-spin/,
    'left out of development builds too',
  );
  const rules = JSON.parse(/addStyle\((.*)\);/.exec(module('production'))![1]!) as string[];
  assert.equal(
    rules.join(''),
    '.lib-map{position:relative}.lib-canvas:active{cursor:grabbing}' +
      '@media (forced-colors:active){.lib-attrib{color:linktext}}' +
      '@keyframes lib-fade{to{opacity:0}}',
  );
});
