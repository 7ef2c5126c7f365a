// Paint before JavaScript (issue 16): the page arrives with the corporation's colour, its logo and
// a skeleton of the route's layout inside #root, drawn from the first bytes while the scripts
// download on a slow network. React replaces it when the screen renders. The skeleton's look is
// in the host's index.html (classes sk-*); it is hidden from assistive technology.
import fs from 'node:fs';
import path from 'node:path';
import type { Corporation } from '../corporations/directory.ts';
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
const inlined = new Map<string, { version: string; uri: string }>();

/** The logo as a data: address when it is a small image of CORP_DIR/assets, else its own address. */
export function logoSource(corpDir: string, logo: string): string {
  if (!logo.startsWith('/brand/')) return logo;
  try {
    const assets = path.resolve(corpDir, 'assets');
    const file = path.resolve(assets, `.${decodeURI(logo.slice('/brand'.length))}`);
    const type = IMAGE_TYPES[path.extname(file).toLowerCase()];
    if (!type || !file.startsWith(`${assets}${path.sep}`)) return logo;
    const stat = fs.statSync(file);
    if (!stat.isFile() || stat.size > INLINE_LOGO_BYTES) return logo;
    const version = `${stat.mtimeMs}:${stat.size}`;
    let kept = inlined.get(file);
    if (kept?.version !== version) {
      kept = { version, uri: `data:${type};base64,${fs.readFileSync(file).toString('base64')}` };
      inlined.set(file, kept);
    }
    return kept.uri;
  } catch {
    // Gone, unreadable or a malformed address: the browser asks for it (and gets a 404).
    return logo;
  }
}

/** The skeleton of `layout` ('default' when unknown) for this corporation. */
export function skeleton(corporation: Corporation, layout: string | undefined, corpDir: string): string {
  const { settings } = corporation;
  const name = typeof settings.corp === 'string' ? settings.corp : corporation.id;
  const logo =
    typeof settings.corp_logo === 'string' && LOGO.test(settings.corp_logo)
      ? `<img class="sk-logo" src="${escapeHtml(logoSource(corpDir, settings.corp_logo))}" alt="">`
      : `<span class="sk-name">${escapeHtml(name)}</span>`;
  const colour = typeof settings.color === 'string' && COLOUR.test(settings.color) ? ` style="--sk-brand:${settings.color}"` : '';
  const kind = layout && LAYOUTS.has(layout) ? layout : 'default';
  return (
    `<div class="sk sk--${kind}" aria-hidden="true"${colour}>` +
    (kind === 'map' ? '<div class="sk-map"></div>' : '') +
    `<div class="sk-bar"><span class="sk-menu"></span>${logo}</div>` +
    '<div class="sk-sheet"><div class="sk-line"></div><div class="sk-line sk-line--short"></div><div class="sk-action"></div></div>' +
    '</div>'
  );
}

/** The page with the skeleton in its empty #root and the corporation's colour as theme colour. */
export function paintSkeleton(html: string, corporation: Corporation, layout: string | undefined, corpDir: string): string {
  const colour = corporation.settings.color;
  const page = html.replace(/<div id="?root"?><\/div>/, () => `<div id="root">${skeleton(corporation, layout, corpDir)}</div>`);
  return typeof colour === 'string' && COLOUR.test(colour)
    ? page.replace(/<meta name="?theme-color"? content="?#[\da-f]+"?\s*\/?>/i, () => `<meta name="theme-color" content="${colour}">`)
    : page;
}
