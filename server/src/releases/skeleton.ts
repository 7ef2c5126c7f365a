// Paint before JavaScript (issue 16): the page arrives with the corporation's colour, its logo and
// a skeleton of the route's layout inside #root, drawn from the first bytes while the scripts
// download on a slow network. React replaces it when the screen renders. The skeleton's look is
// in the host's index.html (classes sk-*); it is hidden from assistive technology.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Corporation } from '../corporations/directory.ts';
import { releaseFile } from './file-cache.ts';
import { escapeHtml } from './seo.ts';

const COLOUR = /^#[\da-f]{3,8}$/i;
/** A logo the page may show: the corporation's own path or an https address (CSP allows both). */
const LOGO = /^(?:\/(?!\/)|https:\/\/)/;
const LAYOUTS = new Set(['default', 'map', 'maintenance']);
/**
 * A logo of the corporation's own (CORP_DIR/assets, served at /brand/) up to this size travels
 * inside the page: painted with the first bytes instead of a round trip later (300 ms on 2G),
 * and before the scripts run even where they arrive as fast as the logo.
 */
const INLINE_LOGO_BYTES = 8_192;
const IMAGE_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.webp': 'image/webp' };
/** The data: address of each kept copy of a logo (the file cache keeps one Buffer per version). */
const dataAddresses = new WeakMap<Buffer, string>();

/** A small image of CORP_DIR/assets named by its /brand/ address as a data: address, else undefined. */
async function inlinedLogo(corpDir: string, logo: string): Promise<string | undefined> {
  if (!logo.startsWith('/brand/')) return undefined;
  try {
    const assets = path.resolve(corpDir, 'assets');
    const file = path.resolve(assets, `.${decodeURI(logo.slice('/brand'.length))}`);
    const type = IMAGE_TYPES[path.extname(file).toLowerCase()];
    if (!type || !file.startsWith(`${assets}${path.sep}`)) return undefined;
    const stat = await fs.stat(file);
    if (!stat.isFile() || stat.size > INLINE_LOGO_BYTES) return undefined;
    const content = await releaseFile(file);
    let address = dataAddresses.get(content);
    if (!address) dataAddresses.set(content, (address = `data:${type};base64,${content.toString('base64')}`));
    return address;
  } catch {
    // Gone, unreadable or a malformed address: the browser asks for it (and gets a 404).
    return undefined;
  }
}

/**
 * The skeleton's logo: the corporation's own small image inside the page, else its address;
 * undefined when the corporation has none the page may show (the skeleton shows its name).
 */
export async function skeletonLogo(corporation: Corporation, corpDir: string): Promise<string | undefined> {
  const logo = corporation.settings.corp_logo;
  if (typeof logo !== 'string' || !LOGO.test(logo)) return undefined;
  return (await inlinedLogo(corpDir, logo)) ?? logo;
}

/** The skeleton of `layout` ('default' when unknown) for this corporation. */
export function skeleton(corporation: Corporation, layout: string | undefined, logo: string | undefined): string {
  const { settings } = corporation;
  const name = typeof settings.corp === 'string' ? settings.corp : corporation.id;
  const image = logo ? `<img class="sk-logo" src="${escapeHtml(logo)}" alt="">` : `<span class="sk-name">${escapeHtml(name)}</span>`;
  const colour = typeof settings.color === 'string' && COLOUR.test(settings.color) ? ` style="--sk-brand:${settings.color}"` : '';
  const kind = layout && LAYOUTS.has(layout) ? layout : 'default';
  return (
    `<div class="sk sk--${kind}" aria-hidden="true"${colour}>` +
    (kind === 'map' ? '<div class="sk-map"></div>' : '') +
    `<div class="sk-bar"><span class="sk-menu"></span>${image}</div>` +
    '<div class="sk-sheet"><div class="sk-line"></div><div class="sk-line sk-line--short"></div><div class="sk-action"></div></div>' +
    '</div>'
  );
}

/**
 * The page with the skeleton in its empty #root and the corporation's colour as theme colour;
 * `logo` as skeletonLogo gives it.
 */
export function paintSkeleton(html: string, corporation: Corporation, layout: string | undefined, logo: string | undefined): string {
  const colour = corporation.settings.color;
  const page = html.replace(/<div id="?root"?><\/div>/, () => `<div id="root">${skeleton(corporation, layout, logo)}</div>`);
  return typeof colour === 'string' && COLOUR.test(colour)
    ? page.replace(/<meta name="?theme-color"? content="?#[\da-f]+"?\s*\/?>/i, () => `<meta name="theme-color" content="${colour}">`)
    : page;
}
