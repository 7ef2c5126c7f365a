import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const KEY_BYTES = 32;

/**
 * A server key: the variable's value (hex or base64url, 32 bytes or more), or one generated into
 * DATA_DIR once, readable by the server's user alone, and reused on every start.
 */
export function keptKey(variable: string, value: string, dataDir: string, file: string): Buffer {
  if (value) {
    const key = Buffer.from(value, /^[0-9a-f]+$/i.test(value) ? 'hex' : 'base64url');
    if (key.length < KEY_BYTES)
      throw new Error(`${variable}: at least ${KEY_BYTES} bytes (hex or base64url)`);
    return key;
  }
  const kept = path.join(dataDir, file);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(kept, randomBytes(KEY_BYTES).toString('base64url'), {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(fs.readFileSync(kept, 'utf8').trim(), 'base64url');
}
