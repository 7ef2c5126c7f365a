// A broken canary release, for the tests of canary releases (tests/canary.test.ts, engines/).
import { cpSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Tracking 1.1.0: the published 1.0.0 under another version, whose screens throw just after they
 * are drawn (an uncaught error from the release's own file, as a broken release would).
 */
export function publishBrokenCanary(releasesDir: string): void {
  const from = path.join(releasesDir, 'mf/tracking/1.0.0');
  const to = path.join(releasesDir, 'mf/tracking/1.1.0');
  cpSync(from, to, { recursive: true });
  for (const file of ['mf-manifest.json', 'release.json']) {
    const text = readFileSync(path.join(to, file), 'utf8').replaceAll('"1.0.0"', '"1.1.0"');
    writeFileSync(path.join(to, file), text);
    // The server prefers the compressed copies: they would still say 1.0.0.
    for (const copy of ['.br', '.gz']) rmSync(path.join(to, file + copy), { force: true });
  }
  for (const file of readdirSync(to).filter((name) => /^__federation_expose_.*\.js$/.test(name))) {
    const code = readFileSync(path.join(to, file), 'utf8');
    writeFileSync(
      path.join(to, file),
      `setTimeout(function () { throw new Error('tracking 1.1.0 is broken'); });\n${code}`,
    );
    for (const copy of ['.br', '.gz']) unlinkSync(path.join(to, file + copy));
  }
}
