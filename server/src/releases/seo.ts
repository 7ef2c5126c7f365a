// What search engines read: robots.txt, and the page's language and description.
import { SCREEN_PATHS } from '@taxi/contract';
import type { Corporation } from '../corporations/directory.ts';

/** The app's screens (spec section 2, `SCREEN_PATHS`) that a crawler may read: the legal pages. */
const INDEXED = (
  [
    'AboutApp',
    'InstallAppAndroid',
    'InstallAppIOS',
    'PrivacyPolicy',
    'PrivacyTaxi',
    'Regulations',
    'DeleteAccount',
  ] as const
).map((screen) => SCREEN_PATHS[screen]);

/** The fixed part of a screen's path: '/t/' of '/t/:o/:p'. */
const prefix = (path: string) => path.slice(0, path.indexOf(':'));
/** '/track' of '/track/': also what follows it without the slash ('/track?o=…'). */
const stem = (path: string) => path.slice(0, -1);

/**
 * Screens behind the login, the shared ride, rating and receipt links, invoices (their paths hold an order's
 * secret), the sign-in and maintenance screens, the API and the map tiles. The front page stays
 * readable (it carries the description), and so do the scripts a crawler needs to render it.
 */
const NOT_INDEXED = [
  prefix(SCREEN_PATHS.Track),
  prefix(SCREEN_PATHS.Rate),
  prefix(SCREEN_PATHS.Receipt),
  prefix(SCREEN_PATHS.Invoice),
  stem(SCREEN_PATHS.TrackWithQuery),
  stem(SCREEN_PATHS.RateWithQuery),
  ...(
    [
      'Auth',
      'Maintenance',
      'OrderHistory',
      'OrderSummary',
      'OrderSuccess',
      'OrderExpanded',
      'OrderList',
      'Profile',
    ] as const
  ).map((screen) => SCREEN_PATHS[screen]),
  '/api/',
  '/report/',
  '/dev/',
  '/tiles/',
];

export const ROBOTS_TXT = [
  'User-agent: *',
  ...INDEXED.map((path) => `Allow: ${path}`),
  ...NOT_INDEXED.map((path) => `Disallow: ${path}`),
  '',
].join('\n');

const DESCRIPTIONS = {
  en: (corp: string) => `${corp} — order a taxi: see the price before you order and follow your ride on the map.`,
  pl: (corp: string) => `Zamów taksówkę ${corp}: cena przed zamówieniem i przejazd na żywo na mapie.`,
};
type DescribedLanguage = keyof typeof DESCRIPTIONS;

function isDescribed(language: unknown): language is DescribedLanguage {
  return typeof language === 'string' && Object.hasOwn(DESCRIPTIONS, language);
}

/**
 * The page's language: the visitor's most preferred language (Accept-Language, by q) that the
 * corporation offers and that has a description, else the corporation's default, else English.
 */
export function pageLanguage(
  settings: Record<string, unknown>,
  acceptLanguage: string | undefined,
): DescribedLanguage {
  const offered = Array.isArray(settings.locale_lang_list) ? settings.locale_lang_list : [];
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const match = wanted.find(({ language }) => offered.includes(language) && isDescribed(language));
  if (match) return match.language as DescribedLanguage;
  return isDescribed(settings.locale_lang_default) ? settings.locale_lang_default : 'en';
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * The host's index.html for this corporation and language: `<html lang>` and a description, so
 * that a crawler that runs no script reads them (the host sets the title from the settings).
 */
export function describePage(html: string, corporation: Corporation, language: DescribedLanguage): string {
  const corp = corporation.settings.corp || corporation.id;
  const meta = `<meta name="description" content="${escapeHtml(DESCRIPTIONS[language](corp))}">`;
  // Replacer functions: a '$' in the corporation's name is text, not a replacement pattern.
  return html
    .replace(/<html\b[^>]*>/i, () => `<html lang="${language}">`)
    .replace(/<meta\s+name="description"[^>]*>/i, '')
    .replace(/<\/head>/i, () => `${meta}</head>`);
}
