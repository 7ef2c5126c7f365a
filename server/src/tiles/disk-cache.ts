import fs from 'node:fs';
import path from 'node:path';

/**
 * What the map's labels need made once (glyph ranges, the sprite): read from `file` when it is
 * there, else made and written; kept in memory after the first ask.
 */
export class DiskCache {
  readonly #dir: string;
  readonly #memory = new Map<string, Buffer>();

  constructor(dir: string) {
    this.#dir = dir;
  }

  get(name: string, make: () => Buffer): Buffer {
    let data = this.#memory.get(name);
    if (data) return data;
    const file = path.join(this.#dir, name);
    try {
      data = fs.readFileSync(file);
    } catch {
      data = make();
      fs.mkdirSync(path.dirname(file), { recursive: true });
      // Written aside and renamed, so that another process never reads half a file.
      const temporary = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, data);
      fs.renameSync(temporary, file);
    }
    this.#memory.set(name, data);
    return data;
  }
}
