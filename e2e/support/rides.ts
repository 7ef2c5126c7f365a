// Rides placed through the real API, for tests that need an order to look at.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type Corporation, demoCorporation, ROOT, type RunningApp, startApp } from './app.ts';
import { callApi } from './session.ts';

export const FLORIANSKA = {
  street: 'Floriańska',
  number: '1',
  city: 'Kraków',
  lat: 50.0625,
  lng: 19.9397,
};
export const WAWEL = { street: 'Wawel', number: '5', city: 'Kraków', lat: 50.054, lng: 19.9355 };

/** A house of the demo extract, Monaco (its reverse geocoding is this address). */
export const MOULINS_18 = {
  lat: 43.7426281,
  lng: 7.4281116,
  city: 'Monaco',
  street: 'Boulevard des Moulins',
  number: '18',
};
/** A place of the demo extract, across the town from MOULINS_18. */
export const STADIUM = {
  lat: 43.727507903333326,
  lng: 7.415533558333333,
  city: 'Fontvieille',
  poi_name: 'Stade Louis-II',
};

/** Where a ride goes from and to. */
/** A ride across Monaco, for the corporations of the demo fleet on the Monaco extract. */
export const MONTE_CARLO = {
  street: 'Place du Casino',
  number: '1',
  city: 'Monaco',
  lat: 43.7396,
  lng: 7.4276,
};
export const PALAIS = {
  street: 'Place du Palais',
  number: '1',
  city: 'Monaco',
  lat: 43.7311,
  lng: 7.4197,
};

export interface RidePlaces {
  poi: Record<string, unknown>;
  dst: Record<string, unknown>;
}

/** An immediate order of this passenger for one taxi, placed through the API: its link's key. */
export async function placeRide(
  app: RunningApp,
  token: string,
  places: RidePlaces,
  hostname = 'localhost',
): Promise<{ order_short_id: string; secret: string }> {
  const reply = await callApi(
    app,
    'ORDER_SAVE',
    { auth: token, order: { order_type: 'Z', taxi_count: 1, taxi_group_id: null, ...places } },
    hostname,
  );
  assert.equal(reply.status, 'OK', JSON.stringify(reply));
  return reply.track as { order_short_id: string; secret: string };
}

/**
 * A ride of this passenger (in Kraków unless `places` say otherwise): its public link's
 * `{o}/{p}`, left active or finished by the operator.
 */
export async function ride(
  app: RunningApp,
  token: string,
  finished: boolean,
  places: RidePlaces = { poi: FLORIANSKA, dst: WAWEL },
): Promise<string> {
  const { order_short_id: shortId, secret } = await placeRide(app, token, places);
  if (finished) setOrderState(app, shortId, 'Z');
  return `${shortId}/${secret}`;
}

/** The operator's tool on the test server's data: moves an order of the demo corporation. */
export function setOrderState(app: RunningApp, shortId: string, state: string): void {
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'server/src/cli.ts'), 'order-state', 'demo', shortId, state],
    { env: { ...process.env, CORP_DIR: app.corpDir, DATA_DIR: app.dataDir }, stdio: 'pipe' },
  );
}

/**
 * A server whose one corporation, on `hostname`, is the demo one in Monaco with the demo fleet
 * driving its rides (30 times faster); `fleet` and `more` change its fleet and other sections.
 */
export function monacoFleetApp(
  id: string,
  hostname: string,
  fleet: Record<string, unknown>,
  more: Partial<Corporation> = {},
): Promise<RunningApp> {
  const demo = demoCorporation();
  return startApp({
    corporations: [
      {
        ...demo,
        id,
        hostnames: [hostname],
        timezone: 'Europe/Monaco',
        settings: { ...demo.settings, city: 'Monaco' },
        geo: { extract: '../shared/data/osm/monaco.osm.pbf' },
        fleet,
        ...more,
      },
    ],
    env: { FLEET: 'sim', FLEET_SPEED: '30' },
  });
}
