// The first texts of each screen this remote exposes, in each language, published with the
// release as first-paint.json: the server draws them into the page's skeleton, so the passenger
// reads them before the scripts arrive. Taken from the screens' own texts.
import type { FirstPaint, OrderViewName, TextLanguage } from '@taxi/shared';
import track from './track/texts.json' with { type: 'json' };
import type { Screens } from './exposes.ts';

// A ride link's panel heading for each view of its order (TrackPanel.tsx), which the server
// decides; the type holds the list to every view there is.
const panel = (language: TextLanguage) => {
  const texts = track[language].client.track;
  const titles: Record<OrderViewName, string> = {
    created: texts.created,
    waiting_free_taxi: texts.waiting_free_taxi,
    waiting_accept: texts.waiting_accept,
    on_the_way: texts.on_the_way,
    arrived: texts.arrived,
    in_taxi: texts.in_taxi,
    finished: texts.finished,
    cancelled: texts.cancelled,
  };
  return { titles };
};

export const firstPaint: FirstPaint<keyof Screens> = {
  './Track': { en: panel('en'), pl: panel('pl') },
};
