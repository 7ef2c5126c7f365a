// The modules every federated part must share as ONE instance (architecture page):
// versions are written out from the installed packages, never inferred from `workspace:*`.
import { createRequire } from 'node:module';
import path from 'node:path';

const SINGLETONS = [
  ['react', 'react'],
  ['react/', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/', 'react-dom'],
  ['react-router', 'react-router'],
  ['react-router-dom', 'react-router-dom'],
  ['jotai', 'jotai'],
  ['jotai/', 'jotai'],
  ['i18next', 'i18next'],
  ['react-i18next', 'react-i18next'],
  ['@taxi/shared', '@taxi/shared'],
];

function installedVersion(fromDir, pkg) {
  const require = createRequire(path.join(fromDir, 'package.json'));
  // react-router is a dependency of react-router-dom, resolve it from there.
  try {
    return require(`${pkg}/package.json`).version;
  } catch {
    const dom = path.dirname(require.resolve('react-router-dom/package.json'));
    return createRequire(path.join(dom, 'package.json'))(`${pkg}/package.json`).version;
  }
}

/** `shared` option of the federation plugin for the package in `fromDir`. */
export function sharedSingletons(fromDir) {
  return Object.fromEntries(
    SINGLETONS.map(([key, pkg]) => {
      const version = installedVersion(fromDir, pkg);
      const major = version.split('.')[0];
      return [key, { singleton: true, version, requiredVersion: `^${major}.0.0` }];
    }),
  );
}

/** The contract a build was made against: package -> version, for release records. */
export function sharedContract(fromDir) {
  const seen = new Map();
  for (const [, pkg] of SINGLETONS) seen.set(pkg, installedVersion(fromDir, pkg));
  return Object.fromEntries(seen);
}
