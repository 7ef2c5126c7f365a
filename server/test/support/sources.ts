import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/** server/src, whose files the structure tests (layers, table owners) read as text. */
export const SRC = join(import.meta.dirname, '..', '..', 'src');

/** Every .ts file under server/src, with its path there ('/'-separated) and its text. */
export function sources(): { path: string; text: string }[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => ({
      path: path.split(sep).join('/'),
      text: readFileSync(join(SRC, path), 'utf8'),
    }));
}
