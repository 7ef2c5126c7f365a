// A ride link's page names its order's state in the skeleton's panel before any script:
// checked as the tracking socket checks the link, with the same budget of refused tries.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { gridPoint, TOWN_FILE } from './fixtures/make-town.ts';
import { assertOk, call, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { startApp, writeFile } from './support/helpers.ts';
import { listen, trackingSocket, trackLogin } from './support/live.ts';

const server = await startApp({
  corporations: [
    taxiCorporation('demo', ['localhost'], {
      geo: { extract: TOWN_FILE },
      settings: { corp: 'Taxi demo', locale_lang_list: ['en', 'pl'], locale_lang_default: 'en' },
    }),
  ],
});
const { app, config } = server;
const mf = path.join(config.releasesDir, 'mf');
writeFile(
  path.join(mf, 'host/1.0.0/index.html'),
  '<!doctype html><html><head><title>Taxi</title></head><body><div id=root></div></body></html>',
);
writeFile(path.join(mf, 'host/1.0.0/routes.json'), [
  { pattern: '^/*t/+[^/]+/+[^/]+/*$', layout: 'map', remote: 'tracking', module: './Track' },
]);
writeFile(path.join(mf, 'tracking/1.0.0/mf-manifest.json'), { exposes: [] });
writeFile(path.join(mf, 'tracking/1.0.0/first-paint.json'), {
  './Track': {
    en: { titles: { waiting_free_taxi: 'Waiting for a <free> taxi', cancelled: 'Cancelled' } },
    pl: { titles: { waiting_free_taxi: 'Czekamy na wolną taksówkę' } },
  },
});

async function placeOrder(phone: string) {
  const token = await signIn(app, phone);
  const pickup = { ...gridPoint(2, 2), city: 'Testowo', street: 'Grodzka', number: '5' };
  const reply = assertOk(
    await call(app, 'ORDER_SAVE', { order: { order_type: 'Z', poi: pickup } }, { token }),
  );
  // The save wakes the dispatch, whose round of its own starts the order (created → in
  // progress); the panel's heading tells which, so wait for it.
  await app.services.dispatch.tick();
  return {
    link: reply.track as { order_short_id: string; secret: string },
    orderId: reply.order_id as number,
  };
}

const panelOf = async (url: string, language = 'en') => {
  const body = (await app.inject({ url, headers: { 'accept-language': language } })).body;
  return /<div class="sk-sheet[^"]*">.*?<\/div>/.exec(body)?.[0] ?? body;
};

test("the panel's heading is the order's state, in the visitor's language, escaped; a kept copy may not show it", async () => {
  const { link, orderId } = await placeOrder('+48604000001');
  const url = `/t/${link.order_short_id}/${encodeURIComponent(link.secret)}`;
  const page = (await app.inject({ url })).body;
  // No taxi in town: the order waits for a free one.
  assert.match(
    page,
    /<div class="sk-sheet sk-sheet--panel"><p class="sk-panel-title"><span class="sk-pulse"><\/span>Waiting for a &lt;free&gt; taxi<\/p>/,
  );
  assert.match(page, /<div class="sk sk--map" aria-hidden="true" data-route="[^"]+" data-live>/);
  assert.match(await panelOf(url, 'pl-PL'), /Czekamy na wolną taksówkę/);
  // A lower-case short id opens the same order, as the socket takes it.
  assert.match(
    await panelOf(url.replace(link.order_short_id, link.order_short_id.toLowerCase())),
    /Waiting for a/,
  );
  await app.services.dispatch.cancel(orderId);
  assert.match(await panelOf(url), /<p class="sk-panel-title">Cancelled<\/p>/);
  // A view the release has no heading for: grey lines.
  assert.match(await panelOf(url, 'pl'), /<div class="sk-sheet"><div class="sk-line">/);
});

test('a wrong secret or order gets grey lines and uses up the tries the socket counts too', async () => {
  const { link, orderId } = await placeOrder('+48604000002');
  await app.services.dispatch.cancel(orderId);
  const right = `/t/${link.order_short_id}/${encodeURIComponent(link.secret)}`;
  assert.match(await panelOf(right), /sk-panel-title/);
  const lines = /^<div class="sk-sheet"><div class="sk-line">/;
  for (let i = 0; i < 30; i++) {
    const wrong = i % 2 ? `/t/ZZZZ${i}/${link.secret}` : `/t/${link.order_short_id}/wrong-${i}`;
    const page = (await app.inject({ url: wrong })).body;
    assert.doesNotMatch(page, /sk-panel-title|data-live/);
  }
  // Out of tries: the right link gets no heading, and the socket refuses this address too.
  assert.match(await panelOf(right), lines);
  const socket = await trackingSocket(await listen(app));
  const refusal = await trackLogin(socket, link);
  assert.equal(refusal.error, 'ACTION_NOT_ALLOWED');
  assert.equal((await socket.waitClosed()).code, 4429);
});
