// Paint before JavaScript (issue 16): the page arrives with the corporation's colour, its logo and
// a skeleton of the route's layout inside #root, drawn from the first bytes while the scripts
// download on a slow network. React replaces it when the screen renders. The skeleton's look is
// in the host's index.html (classes sk-*); it is hidden from assistive technology.
import type { Corporation } from '../corporations/directory.ts';
import { escapeHtml } from './seo.ts';

const COLOUR = /^#[\da-f]{3,8}$/i;
/** A logo the page may show: the corporation's own path or an https address (CSP allows both). */
const LOGO = /^(?:\/(?!\/)|https:\/\/)/;
const LAYOUTS = new Set(['default', 'map', 'maintenance']);

/** The skeleton of `layout` ('default' when unknown) for this corporation. */
export function skeleton(corporation: Corporation, layout: string | undefined): string {
  const { settings } = corporation;
  const name = typeof settings.corp === 'string' ? settings.corp : corporation.id;
  const logo =
    typeof settings.corp_logo === 'string' && LOGO.test(settings.corp_logo)
      ? `<img class="sk-logo" src="${escapeHtml(settings.corp_logo)}" alt="">`
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
export function paintSkeleton(html: string, corporation: Corporation, layout: string | undefined): string {
  const colour = corporation.settings.color;
  const page = html.replace(/<div id="?root"?><\/div>/, () => `<div id="root">${skeleton(corporation, layout)}</div>`);
  return typeof colour === 'string' && COLOUR.test(colour)
    ? page.replace(/<meta name="?theme-color"? content="?#[\da-f]+"?\s*\/?>/i, () => `<meta name="theme-color" content="${colour}">`)
    : page;
}
