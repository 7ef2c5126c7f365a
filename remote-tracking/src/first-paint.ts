// The first texts of each screen this remote exposes, in each language, published with the
// release as first-paint.json: the server draws them into the page's skeleton, so the passenger
// reads them before the scripts arrive (issue 16). Taken from the screens' own texts.
import type { FirstPaint, OrderViewName, TextLanguage } from '@taxi/shared';
import track from './track/texts.json' with { type: 'json' };
import type { Screens } from './exposes.ts';

const VIEWS: OrderViewName[] = [
  'created',
  'waiting_free_taxi',
  'waiting_accept',
  'on_the_way',
  'arrived',
  'in_taxi',
  'finished',
  'cancelled',
];

// A ride link's panel heading for the order's view (TrackPanel.tsx), which the server knows.
const panel = (language: TextLanguage) => ({
  titles: Object.fromEntries(VIEWS.map((view) => [view, track[language].client.track[view]])),
});

export const firstPaint: FirstPaint<keyof Screens> = {
  './Track': { en: panel('en'), pl: panel('pl') },
};
