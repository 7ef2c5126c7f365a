import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { minifyCss } from './style-sheet-loader.js';
import {
  MAPLIBRE_SHEET,
  MAPLIBRE_UNUSED,
  PHONE_METADATA_ALIAS,
  resolveFromShared,
} from './webpack.js';

/** What a production build makes of `source`, resolved as the app's builds resolve. */
async function built(source: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'taxi-webpack-'));
  try {
    writeFileSync(path.join(dir, 'entry.js'), source);
    const stats = await new Promise<webpack.Stats | undefined>((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: './entry.js',
          output: { path: dir, filename: 'out.js' },
          resolve: {
            alias: PHONE_METADATA_ALIAS,
            // Where the shared package, which uses the phone rules, finds its packages.
            modules: [path.resolve(import.meta.dirname, '../shared/node_modules'), 'node_modules'],
          },
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
    assert.ok(stats && !stats.hasErrors(), stats?.toString('errors-only'));
    return readFileSync(path.join(dir, 'out.js'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the phone rules reach the browser as JSON for JSON.parse, not as a 99 kB object literal', async () => {
  const out = await built(
    "import metadata from 'libphonenumber-js/metadata.mobile.json';\nglobalThis.phoneRules = metadata;\n",
  );
  assert.match(out, /JSON\.parse\('\{"version":4,"country_calling_codes"/);
});

test("the map's style sheet keeps what the map draws and leaves the library's unused controls out", () => {
  // The sheet the map imports, which the build's rule for it must name.
  const file = resolveFromShared('maplibre-gl/dist/maplibre-gl.css');
  assert.match(file, MAPLIBRE_SHEET);
  const css = minifyCss(readFileSync(file, 'utf8'), 'maplibre-gl.css', MAPLIBRE_UNUSED);
  for (const drawn of [
    '.maplibregl-map{',
    '.maplibregl-canvas{',
    '.maplibregl-canvas-container.maplibregl-interactive{',
    '.maplibregl-canvas-container.maplibregl-touch-drag-pan,',
    '.maplibregl-marker{',
    '.maplibregl-ctrl-bottom-right{',
    '.maplibregl-ctrl-attrib-button{',
    '.maplibregl-attrib-empty{',
  ])
    assert.ok(css.includes(drawn), `${drawn} is kept`);
  assert.doesNotMatch(css, /maplibregl-(popup|ctrl-zoom|ctrl-logo|ctrl-geolocate)/);
  assert.ok(css.length < 10_000, `${css.length} characters of the library's 70 kB are left`);
});
