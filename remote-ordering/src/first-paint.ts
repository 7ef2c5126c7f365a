// The first texts of each screen this remote exposes, in each language, published with the
// release as first-paint.json: the server draws them into the page's skeleton, so the passenger
// reads them before the scripts arrive. Taken from the screens' own texts.
import type { FirstPaint, TextLanguage } from '@taxi/shared';
import common from './common/texts.json' with { type: 'json' };
import home from './home/texts.json' with { type: 'json' };
import type { Screens } from './exposes.ts';

// Home's sheet as a passenger opens it: its title and the pickup card before an address is set.
const sheet = (language: TextLanguage) => ({
  title: home[language].home.title,
  label: common[language].address.pickup,
  placeholder: common[language].address.pickupPlaceholder,
});

export const firstPaint: FirstPaint<keyof Screens> = {
  './Home': { en: sheet('en'), pl: sheet('pl') },
};
