/**
 * Every part imports React Router through the react-router-dom singleton, which is the slim
 * surface in react-router-dom.ts. A name imported anywhere but missing from the surface would
 * be undefined at run time in the federated app (and work in jest), so this test reads the
 * sources of every package and checks each imported value against the surface.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as surface from './react-router-dom';

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
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

function importedNames(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(
    /import\s*(type\s*)?\{([^}]*)\}\s*from\s*['"]react-router-dom['"]/g,
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

describe('the react-router-dom surface', () => {
  it('exports every React Router value the app imports', () => {
    const missing: string[] = [];
    for (const pkg of packages) {
      for (const file of sources(path.join(root, pkg, 'src'))) {
        for (const name of importedNames(readFileSync(file, 'utf8'))) {
          if (!(name in surface)) missing.push(`${name} (${path.relative(root, file)})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('finds the imports it checks', () => {
    expect(
      importedNames("import { Link, type To, useNavigate as go } from 'react-router-dom';"),
    ).toEqual(['Link', 'useNavigate']);
  });
});
