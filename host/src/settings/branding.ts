import type { LocalPreferences, Settings } from '@taxi/shared';

function setLink(rel: string, href: string): void {
  if (!href) return;
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.append(link);
  }
  link.href = href;
}

function setMeta(name: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

/** Dark or light text, whichever reads better on the brand colour. */
export function textOn(hex: string): string {
  const match = /^#?([\da-f]{2})([\da-f]{2})([\da-f]{2})/i.exec(
    hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex,
  );
  if (!match) return '#1b1b1b';
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16) / 255) as [
    number,
    number,
    number,
  ];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.55 ? '#1b1b1b' : '#ffffff';
}

/** The corporation's name, colour, favicon and manifest on the page. */
export function applyBranding(settings: Settings): void {
  if (settings.corp) document.title = settings.corp;
  const root = document.documentElement.style;
  root.setProperty('--tx-brand', settings.color);
  root.setProperty('--tx-on-brand', textOn(settings.color));
  setMeta('theme-color', settings.color);
  setLink('icon', settings.favicon || settings.corp_icon);
  setLink('apple-touch-icon', settings.corp_icon);
  setLink('manifest', '/manifest.webmanifest');
}

/** Text size and dark mode from the passenger's local preferences, app-wide. */
export function applyPreferences(preferences: LocalPreferences): void {
  const root = document.documentElement;
  root.dataset.theme = preferences.dark_mode ? 'dark' : 'light';
  root.style.setProperty('--tx-font-scale', String(preferences.font_scale));
}
