// Paint before JavaScript (docs/architecture.md): the page arrives with the corporation's colour, its logo and
// a skeleton of the route's layout inside #root, drawn from the first bytes while the scripts
// download on a slow network. React replaces it when the screen renders. The skeleton's look is
// in the host's index.html (classes sk-*); it is hidden from assistive technology.
import path from 'node:path';
import { FIRST_TEXT_MAX, type FirstPaint, type FirstTexts, type TextLanguage } from '@taxi/contract';
import { brandImageType } from '../corporations/brand.ts';
import type { Corporation } from '../corporations/directory.ts';
import { smallFile } from './file-cache.ts';
import { releaseJsonOf, type ScreenRelease, type ScreenRoute } from './preload.ts';
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
/** The data: address of each kept copy of a logo (the file cache keeps one Buffer per version). */
const dataAddresses = new WeakMap<Buffer, string>();

/** A small image of CORP_DIR/assets named by its /brand/ address as a data: address, else undefined. */
async function inlinedLogo(corpDir: string, logo: string): Promise<string | undefined> {
  if (!logo.startsWith('/brand/')) return undefined;
  try {
    const assets = path.resolve(corpDir, 'assets');
    const file = path.resolve(assets, `.${decodeURI(logo.slice('/brand'.length))}`);
    const type = brandImageType(file);
    if (!type || !file.startsWith(`${assets}${path.sep}`)) return undefined;
    const content = await smallFile(file, INLINE_LOGO_BYTES);
    if (!content) return undefined;
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
  if (logo === undefined || !LOGO.test(logo)) return undefined;
  return (await inlinedLogo(corpDir, logo)) ?? logo;
}

const TEXT_KEYS = ['title', 'note', 'heading', 'lead', 'label', 'placeholder'] as const;

const sane = (text: unknown): text is string => typeof text === 'string' && text.length <= FIRST_TEXT_MAX;

/** What the skeleton draws: a screen's first texts, and for an order's heading how to draw it. */
export interface SkeletonTexts extends FirstTexts {
  /** A waiting view: the heading has the panel's pulse before it. */
  pulse?: boolean;
  /** Texts of the moment (an order's state): a copy the service worker kept does not show them. */
  live?: boolean;
  /** Texts of every path (the apology page, which maintenance puts on all of them). */
  anyRoute?: boolean;
}

/** The apology page's texts, drawn whatever the path. */
export function apologyTexts(texts: FirstTexts | undefined): SkeletonTexts | undefined {
  return texts && { ...texts, anyRoute: true };
}

/**
 * The first texts of a route's screen in the page's language, from its release's first-paint.json
 * (@taxi/contract); only strings of a sane length are kept. Undefined when the release says none.
 */
export async function firstTexts(releasesDir: string, release: Pick<ScreenRelease, 'module' | 'folder'> | undefined, language: TextLanguage): Promise<FirstTexts | undefined> {
  if (!release) return undefined;
  const paint = await releaseJsonOf<FirstPaint>(releasesDir, release, 'first-paint.json');
  const texts: unknown = paint?.[release.module]?.[language];
  if (!texts || typeof texts !== 'object') return undefined;
  const kept: FirstTexts = {};
  for (const key of TEXT_KEYS) {
    const text = (texts as Record<string, unknown>)[key];
    if (sane(text)) kept[key] = text;
  }
  const titles: unknown = (texts as FirstTexts).titles;
  if (titles && typeof titles === 'object')
    kept.titles = Object.fromEntries(Object.entries(titles).filter(([, text]) => sane(text)));
  return kept;
}

const tag = (name: string, className: string, text: string | undefined) =>
  text ? `<${name} class="${className}">${escapeHtml(text)}</${name}>` : '';

const ACTION = '<div class="sk-action"></div>';
const LINES = '<div class="sk-line"></div><div class="sk-line sk-line--short"></div>';

/** A map screen's sheet: a ride link's panel with its order's state, or Home's order form. */
function mapSheet(texts: SkeletonTexts): string {
  if (!texts.placeholder) {
    const pulse = texts.pulse ? '<span class="sk-pulse"></span>' : '';
    return `<div class="sk-sheet sk-sheet--panel"><p class="sk-panel-title">${pulse}${escapeHtml(texts.title ?? '')}</p>${LINES}${ACTION}</div>`;
  }
  // Home's sheet over its navigation bar: the title, the two address rows (the first with its
  // texts), the option chips and the buttons, at the heights the screen gives them.
  const pickup = `<div class="sk-field"><span class="sk-dot"></span><span class="sk-field__text">${tag('span', 'sk-label', texts.label)} ${tag('span', 'sk-placeholder', texts.placeholder)}</span></div>`;
  return (
    `<div class="sk-sheet sk-sheet--form">${tag('p', 'sk-title', texts.title)}` +
    `<div class="sk-fields">${pickup}<div class="sk-field"></div></div>` +
    `<div class="sk-chips"><span></span><span></span><span></span></div>${ACTION}</div><div class="sk-nav"></div>`
  );
}

/** A page screen's sheet (the login): its title, step line and first card. */
function pageSheet(texts: SkeletonTexts): string {
  const card = texts.heading || texts.lead ? `<div class="sk-card">${tag('p', 'sk-heading', texts.heading)}${tag('p', 'sk-lead', texts.lead)}${ACTION}</div>` : ACTION;
  return `<div class="sk-sheet sk-sheet--page">${tag('p', 'sk-title', texts.title)}${tag('p', 'sk-note', texts.note)}${card}</div>`;
}

/** The sheet: the screen's first texts where the screen draws them, else grey lines. */
function sheet(kind: string, texts: SkeletonTexts | undefined): string {
  if (!texts || !(texts.title || texts.lead || texts.placeholder)) return `<div class="sk-sheet">${LINES}${ACTION}</div>`;
  return kind === 'map' ? mapSheet(texts) : pageSheet(texts);
}

/**
 * The skeleton of the route's layout ('default' when unknown) for this corporation, with its
 * screen's first texts. These name the route they were drawn for (`data-route`): the service
 * worker keeps one page for every route, and the page hides texts drawn for another.
 */
export function skeleton(corporation: Corporation, route: ScreenRoute | undefined, logo: string | undefined, texts?: SkeletonTexts): string {
  const { settings } = corporation;
  const name = typeof settings.corp === 'string' ? settings.corp : corporation.id;
  // An inlined logo names the address it stands for: the shell's bar then shows the same copy.
  const standsFor = logo && logo !== settings.corp_logo && typeof settings.corp_logo === 'string' ? ` data-src="${escapeHtml(settings.corp_logo)}"` : '';
  const image = logo ? `<img class="sk-logo" src="${escapeHtml(logo)}"${standsFor} alt="">` : `<span class="sk-name">${escapeHtml(name)}</span>`;
  const kind = route?.layout && LAYOUTS.has(route.layout) ? route.layout : 'default';
  const drawnFor = (texts && route && !texts.anyRoute ? ` data-route="${escapeHtml(route.pattern)}"` : '') + (texts?.live ? ' data-live' : '');
  return (
    `<div class="sk sk--${kind}" aria-hidden="true"${drawnFor}>` +
    (kind === 'map' ? '<div class="sk-map"></div>' : '') +
    `<div class="sk-bar"><span class="sk-menu"></span>${image}</div>` +
    sheet(kind, texts) +
    '</div>'
  );
}

/**
 * The page with the skeleton in its empty #root and the corporation's colour as theme colour
 * and the skeleton's: a <style> of its own beside the theme colour, which the page's CSP allows
 * by its hash (no style attribute); `logo` as skeletonLogo gives it, `texts` as firstTexts does.
 */
export function paintSkeleton(html: string, corporation: Corporation, route: ScreenRoute | undefined, logo: string | undefined, texts?: SkeletonTexts): string {
  const colour = corporation.settings.color;
  const page = html.replace(/<div id="?root"?><\/div>/, () => `<div id="root">${skeleton(corporation, route, logo, texts)}</div>`);
  return colour !== undefined && COLOUR.test(colour)
    ? page.replace(/<meta name="?theme-color"? content="?#[\da-f]+"?\s*\/?>/i, () => `<meta name="theme-color" content="${colour}"><style>.sk{--sk-brand:${colour}}</style>`)
    : page;
}
