// The apology page's first texts, published with the host release as first-paint.json: while the
// corporation is in maintenance the server paints that page on every path (spec section 2), so
// the passenger never reads another screen's texts first. Taken from the shell's own texts.
import { MAINTENANCE_FIRST_PAINT, type FirstPaint, type TextLanguage } from '@taxi/contract';
import { shellTexts } from './i18n/texts.ts';

const apology = (language: TextLanguage) => ({
  title: shellTexts[language].maintenance.title,
  lead: shellTexts[language].maintenance.message,
});

export const firstPaint: FirstPaint = {
  [MAINTENANCE_FIRST_PAINT]: { en: apology('en'), pl: apology('pl') },
};
