import path from 'node:path';

/** The pictures a corporation may brand with (CORP_DIR/assets, served at /brand/) and their types. */
const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** The media type of a brand picture by its file name or address, else undefined. */
export function brandImageType(file: string): string | undefined {
  return IMAGE_TYPES[path.extname(file.split('?')[0] ?? '').toLowerCase()];
}
