// The modules every federated part must share as ONE instance (architecture page):
// versions are written out from the installed packages, never inferred from `workspace:*`.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const vendor = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../shared/src/vendor');

/**
 * [share key, package, module provided under that key]. React Router and react-i18next are
 * provided through the slim surfaces in shared/src/vendor, which tree-shaking can trim;
 * react-router itself is then bundled inside its surface and needs no key of its own.
 */
export const SINGLETONS = [
  ['react', 'react'],
  ['react/', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/', 'react-dom'],
  ['react-router-dom', 'react-router-dom', path.join(vendor, 'react-router-dom.ts')],
  ['jotai', 'jotai'],
  ['jotai/', 'jotai'],
  ['i18next', 'i18next'],
  ['react-i18next', 'react-i18next', path.join(vendor, 'react-i18next.ts')],
  ['@taxi/shared', '@taxi/shared'],
  // Its lazily loaded entries (the map, with maplibre inside) are shared too: one download
  // serves ordering and tracking.
  ['@taxi/shared/', '@taxi/shared'],
];

function installedVersion(fromDir, pkg) {
  const require = createRequire(path.join(fromDir, 'package.json'));
  return require(`${pkg}/package.json`).version;
}

/**
 * `shared` option of the federation plugin for the package in `fromDir`; `eager` bundles the
 * modules into the start-up chunks (the host's) instead of loading each on its own.
 */
export function sharedSingletons(fromDir, { eager = false } = {}) {
  return Object.fromEntries(
    SINGLETONS.map(([key, pkg, provided]) => {
      const version = installedVersion(fromDir, pkg);
      const major = version.split('.')[0];
      const options = { singleton: true, version, requiredVersion: `^${major}.0.0`, eager };
      return [key, provided ? { ...options, import: provided } : options];
    }),
  );
}

/** The contract a build was made against: package -> version, for release records. */
export function sharedContract(fromDir) {
  return Object.fromEntries(SINGLETONS.map(([, pkg]) => [pkg, installedVersion(fromDir, pkg)]));
}
