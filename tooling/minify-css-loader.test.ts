import { test } from 'node:test';
import assert from 'node:assert/strict';
import minifyCss from './minify-css-loader.js';

const minify = (css: string) => minifyCss.call({ resourcePath: 'test.css' }, css);

test('a style sheet loses its comments and indentation', () => {
  assert.equal(
    minify('/* The sheet. */\n.tx-card {\n  padding: 1rem;\n  margin: 0 0 1rem;\n}\n'),
    '.tx-card{margin:0 0 1rem;padding:1rem}',
  );
});

test('what comes out is read by the oldest browsers the app supports (Safari 15.4, Chrome 94)', () => {
  // Media query ranges (width >= 560px) came with Safari 16.4 and Chrome 104.
  assert.equal(
    minify('@media (min-width: 560px) {\n  .or-search {\n    margin-top: 2rem;\n  }\n}\n'),
    '@media (min-width:560px){.or-search{margin-top:2rem}}',
  );
});
