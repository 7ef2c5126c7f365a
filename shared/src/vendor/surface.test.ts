/**
 * Every part imports React Router and react-i18next through their singletons, which are the
 * slim surfaces in this folder. A name imported anywhere but missing from a surface would be
 * undefined at run time in the federated app (and work in jest), so this test reads the
 * sources of every package and checks each imported value against the surface.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as routerSurface from './react-router-dom';
import * as i18nextSurface from './react-i18next';

const surfaces = { 'react-router-dom': routerSurface, 'react-i18next': i18nextSurface };

const root = path.resolve(__dirname, '../../..');
const packages = [
  'shared',
  'host',
  'remote-ordering',
  'remote-tracking',
  'remote-account',
  'remote-legal',
];

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    // The test helpers run in jest only, against the packages themselves.
    if (['node_modules', 'dist', 'testing', 'testing.tsx'].includes(name)) return [];
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

function importedNames(code: string, from: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(
    new RegExp(`import\\s*(type\\s*)?\\{([^}]*)\\}\\s*from\\s*['"]${from}['"]`, 'g'),
  )) {
    if (match[1]) continue;
    for (const part of match[2]!.split(',')) {
      const name = part.trim();
      if (!name || name.startsWith('type ')) continue;
      names.push(name.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

describe.each(Object.entries(surfaces))('the %s surface', (from, surface) => {
  it('exports every value of the package the app imports', () => {
    const missing: string[] = [];
    for (const pkg of packages) {
      for (const file of sources(path.join(root, pkg, 'src'))) {
        for (const name of importedNames(readFileSync(file, 'utf8'), from)) {
          if (!(name in surface)) missing.push(`${name} (${path.relative(root, file)})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the surface check', () => {
  it('finds the imports it checks', () => {
    expect(
      importedNames(
        "import { Link, type To, useNavigate as go } from 'react-router-dom';",
        'react-router-dom',
      ),
    ).toEqual(['Link', 'useNavigate']);
  });
});
