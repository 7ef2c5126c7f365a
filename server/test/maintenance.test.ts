// Maintenance stops ordering on the server too (spec sections 1 and 8): while the corporation's
// flag is on, ORDER_SIM and ORDER_SAVE are refused, whatever an app kept from before.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { assertErr, assertOk, call, fakeClock, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { startApp, writeFile } from './support/helpers.ts';

const clock = fakeClock('2026-03-02T10:00:00Z');
const corporation = taxiCorporation('demo', ['localhost']);
const server = await startApp({ corporations: [corporation], overrides: { clock } });
const { app, config } = server;

/** The operator switches maintenance in the corporation's file, as they do in production. */
function setMaintenance(maintenance: boolean): void {
  writeFile(path.join(config.corpDir, 'demo.json'), {
    ...corporation,
    settings: { ...corporation.settings, maintenance },
  });
}

const pickup = { lat: 50.0614, lng: 19.9366, city: 'Kraków', street: 'Rynek Główny', number: '1' };
const airport = { lat: 50.0777, lng: 19.7848, city: 'Balice', poi_name: 'Lotnisko' };
const order = { order: { order_type: 'Z', poi: pickup, dst: airport }, taxi_group_id: 1 };

test('in maintenance ORDER_SIM and ORDER_SAVE are ACTION_NOT_ALLOWED and place nothing; after it they work', async () => {
  const token = await signIn(app, '+48603000001');
  setMaintenance(true);
  for (const action of ['ORDER_SIM', 'ORDER_SAVE']) {
    const reply = await call(app, action, order, { token });
    assertErr(reply, 'ACTION_NOT_ALLOWED');
    assert.match(reply.status_mesg, /maintenance/i);
  }
  assert.deepEqual(assertOk(await call(app, 'GET_CURRENT_ORDERS', {}, { token })).data_list, []);
  setMaintenance(false);
  assertOk(await call(app, 'ORDER_SIM', order, { token }));
  assertOk(await call(app, 'ORDER_SAVE', order, { token }));
});
