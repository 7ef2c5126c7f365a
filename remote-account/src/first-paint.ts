// The first texts of each screen this remote exposes, in each language, published with the
// release as first-paint.json: the server draws them into the page's skeleton, so the passenger
// reads them before the scripts arrive. Taken from the screens' own texts.
import type { FirstPaint, TextLanguage } from '@taxi/shared';
import auth from './auth/texts.json' with { type: 'json' };
import type { Screens } from './exposes.ts';

const login = (language: TextLanguage) => {
  const texts = auth[language].client.auth;
  return {
    title: texts.title,
    // A new visitor starts at the first of the three steps (auth/authSteps.ts).
    note: texts.step.replace('{{step}}', '1').replace('{{total}}', '3'),
    heading: texts.consent_title,
    lead: texts.consent_intro,
  };
};

export const firstPaint: FirstPaint<keyof Screens> = {
  './Auth': { en: login('en'), pl: login('pl') },
};
