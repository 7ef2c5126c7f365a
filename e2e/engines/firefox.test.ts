// The core journeys in Firefox ESR (Debian's, driven by puppeteer-core over WebDriver BiDi), and
// the ride notification of Track left in a background tab: a real one here, another tab in front
// (headless Chromium keeps every tab visible, tests/notifications.test.ts tells the page).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signInTaxi } from '../support/driver.ts';
import { launchFirefox, puppeteerPage } from '../support/engines.ts';
import { noteShownNotifications, shown, untilShown } from '../support/notifications.ts';
import { untilInPage } from '../support/poll.ts';
import { FLORIANSKA, ride } from '../support/rides.ts';
import { coreJourneys, offlineJourney } from './journeys.ts';

const it = coreJourneys(launchFirefox);

test('Track in a background tab turns “accepted” into a system notification with the car', async () => {
  const track = `/t/${await ride(it.app, it.token, false)}`;
  const cab = await signInTaxi(it.app, '802', FLORIANSKA);
  const page = puppeteerPage(it.passenger);
  const noting = await page.evaluateOnNewDocument(noteShownNotifications);
  await it.passenger.goto(`${it.app.url}${track}`);
  await it.passenger.waitFor('heading', 'Waiting for the driver to accept');
  await untilInPage(
    it.passenger,
    async () => !!(await navigator.serviceWorker.getRegistration())?.active,
    '',
    { what: 'the service worker' },
  );

  const other = await page.browserContext().newPage();
  await other.bringToFront();
  try {
    assert.equal(await it.passenger.evaluate(() => document.visibilityState, null), 'hidden');
    await cab.accept(track.split('/')[2]!);
    await untilShown(it.passenger, 'Your taxi is on its way');
    assert.deepEqual(await shown(it.passenger), [
      {
        title: 'Your taxi is on its way',
        body: 'Silver Skoda Octavia, KR 802',
        tag: `ride-${track.split('/')[2]}`,
        url: track,
      },
    ]);
  } finally {
    await other.close();
    await page.removeScriptToEvaluateOnNewDocument(noting.identifier);
  }
});

offlineJourney(it);
