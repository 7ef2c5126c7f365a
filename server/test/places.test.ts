import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PLACE_NAME_MAX, SAVED_PLACES_MAX } from '@taxi/contract';
import { assertErr, assertOk, call, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { capturedLog, startApp } from './support/helpers.ts';

const log = capturedLog();
const { app } = await startApp({
  corporations: [
    taxiCorporation('demo', ['localhost']),
    taxiCorporation('other', ['other.example']),
  ],
  config: { logLevel: 'debug' },
  overrides: { logStream: log.stream },
});
let phones = 0;

const passenger = (host = 'localhost') =>
  signIn(app, `+48604${String(1_000_000 + ++phones).slice(1)}`, host);

const point = (lat = 50.0614, lng = 19.9366) => ({
  id: null,
  lat,
  lng,
  quarter: '',
  city: 'Kraków',
  poi_name: '',
  street: 'Floriańska',
  number: '3',
  district: '',
});

async function places(token: string) {
  return assertOk(await call(app, 'GET_SAVED_PLACES', {}, { token })).data_list as {
    id: number;
    kind: string;
    name: string;
    point: ReturnType<typeof point>;
  }[];
}

async function save(token: string, place: Record<string, unknown>) {
  return call(app, 'SAVE_PLACE', { place }, { token });
}

describe('saved places: GET_SAVED_PLACES, SAVE_PLACE, DELETE_PLACE', () => {
  test('Home, Work and named places are saved, listed Home and Work first, renamed and deleted', async () => {
    const token = await passenger();
    assert.deepEqual(await places(token), []);
    const gym = assertOk(
      await save(token, { kind: 'other', name: '  Siłownia   Zdrowie ', point: point(50.07) }),
    ).place;
    assert.equal(gym.name, 'Siłownia Zdrowie');
    const home = assertOk(await save(token, { kind: 'home', name: '', point: point() })).place;
    assertOk(await save(token, { kind: 'work', name: 'Biuro', point: point(50.05, 19.9) }));
    assertOk(await save(token, { kind: 'other', name: 'babcia', point: point(50.02) }));
    assert.deepEqual(
      (await places(token)).map((p) => [p.kind, p.name]),
      [
        ['home', ''],
        ['work', 'Biuro'],
        ['other', 'babcia'],
        ['other', 'Siłownia Zdrowie'],
      ],
    );
    assert.deepEqual((await places(token))[0]!.point, point());

    // Saving Home again moves the one Home; nothing else changes.
    const moved = assertOk(
      await save(token, { kind: 'home', name: '', point: point(50.1, 20.0) }),
    ).place;
    assert.equal(moved.id, home.id);
    const list = await places(token);
    assert.equal(list.length, 4);
    assert.equal(list[0]!.point.lat, 50.1);

    // Rename (over GET too, objects as JSON text).
    assertOk(
      await call(
        app,
        'SAVE_PLACE',
        { place: { id: gym.id, kind: 'other', name: 'Basen', point: gym.point } },
        { token, via: 'get' },
      ),
    );
    assert.ok((await places(token)).some((p) => p.id === gym.id && p.name === 'Basen'));

    // Another place cannot take the Home slot.
    assertErr(
      await save(token, { id: gym.id, kind: 'home', name: '', point: gym.point }),
      'ACTION_NOT_ALLOWED',
    );

    assertOk(await call(app, 'DELETE_PLACE', { place_id: gym.id }, { token }));
    assert.deepEqual(
      (await places(token)).map((p) => p.kind),
      ['home', 'work', 'other'],
    );
    assertErr(await call(app, 'DELETE_PLACE', { place_id: gym.id }, { token }), 'NOT_FOUND');
  });

  test('a passenger sees and changes only his own places', async () => {
    const owner = await passenger();
    const stranger = await passenger();
    const { place } = assertOk(await save(owner, { kind: 'other', name: 'Dom', point: point() }));
    assert.deepEqual(await places(stranger), []);
    assertErr(
      await save(stranger, { id: place.id, kind: 'other', name: 'Mine', point: point() }),
      'NOT_FOUND',
    );
    assertErr(
      await call(app, 'DELETE_PLACE', { place_id: place.id }, { token: stranger }),
      'NOT_FOUND',
    );
    for (const action of ['GET_SAVED_PLACES', 'SAVE_PLACE', 'DELETE_PLACE'])
      assertErr(
        await call(app, action, { place_id: place.id, place: { name: 'x', point: point() } }),
        'ACCESS_DENIED',
      );
    // A token is worthless on another corporation's host.
    assertErr(
      await call(app, 'GET_SAVED_PLACES', {}, { token: owner, host: 'other.example' }),
      'ACCESS_DENIED',
    );
    assert.deepEqual(
      (await places(owner)).map((p) => p.name),
      ['Dom'],
    );
  });

  test('bad input gets a catalogue error and nothing saved is lost', async () => {
    const token = await passenger();
    const { place } = assertOk(await save(token, { kind: 'other', name: 'Praca', point: point() }));
    const cases: [Record<string, unknown> | string | undefined, string][] = [
      [undefined, 'ARG_ERROR'],
      ['not json', 'ARG_ERROR'],
      [{ kind: 'other', name: 'x'.repeat(PLACE_NAME_MAX + 1), point: point() }, 'INVALID_DATA'],
      [{ kind: 'other', name: ' \t\n ', point: point() }, 'INVALID_DATA'],
      [{ kind: 'other', name: 42, point: point() }, 'ARG_ERROR'],
      [{ kind: 'garage', name: 'x', point: point() }, 'ARG_ERROR'],
      [{ kind: 'other', name: 'x', point: point(91, 19) }, 'INVALID_DATA'],
      [{ kind: 'other', name: 'x', point: point(50, -180.5) }, 'INVALID_DATA'],
      [{ kind: 'other', name: 'x', point: { ...point(), lat: 'abc' } }, 'ARG_ERROR'],
      [{ kind: 'other', name: 'x', point: { ...point(), lat: null, lng: null } }, 'INVALID_DATA'],
      [
        { kind: 'other', name: 'x', point: { ...point(), street: 'x'.repeat(201) } },
        'INVALID_DATA',
      ],
      [{ kind: 'other', name: 'x' }, 'ARG_ERROR'],
      [{ id: 'first', kind: 'other', name: 'x', point: point() }, 'ARG_ERROR'],
      [{ id: place.id, kind: 'other', name: '', point: point() }, 'INVALID_DATA'],
    ];
    for (const [input, code] of cases)
      assertErr(await call(app, 'SAVE_PLACE', { place: input }, { token }), code);
    assertErr(await call(app, 'DELETE_PLACE', { place_id: 'all' }, { token }), 'ARG_ERROR');
    assertErr(await call(app, 'DELETE_PLACE', {}, { token }), 'ARG_ERROR');
    // 40 characters (not UTF-16 units) fit.
    const emoji = '🚕'.repeat(PLACE_NAME_MAX);
    assertOk(await save(token, { kind: 'other', name: emoji, point: point() }));
    assert.deepEqual((await places(token)).map((p) => p.name).sort(), ['Praca', emoji].sort());
  });

  test(`at most ${SAVED_PLACES_MAX} places; a full list still moves Home and renames`, async () => {
    const token = await passenger();
    assertOk(await save(token, { kind: 'home', name: '', point: point() }));
    for (let i = 1; i < SAVED_PLACES_MAX; i++)
      assertOk(await save(token, { kind: 'other', name: `Miejsce ${i}`, point: point() }));
    assertErr(
      await save(token, { kind: 'other', name: 'One too many', point: point() }),
      'ACTION_NOT_ALLOWED',
    );
    assertErr(await save(token, { kind: 'work', name: '', point: point() }), 'ACTION_NOT_ALLOWED');
    assertOk(await save(token, { kind: 'home', name: '', point: point(50.2) }));
    const list = await places(token);
    assert.equal(list.length, SAVED_PLACES_MAX);
    assert.equal(list[0]!.point.lat, 50.2);
  });

  test('the calls are rate-limited per client with a catalogue error', async () => {
    const token = await passenger();
    let refused = 0;
    for (let i = 0; i < 61; i++) {
      const reply = await call(app, 'GET_SAVED_PLACES', {}, { token });
      if (reply.status === 'ERR') {
        assertErr(reply, 'ACTION_NOT_ALLOWED');
        refused++;
      }
    }
    assert.equal(refused, 1);
    // Another passenger is not held up.
    assertOk(await call(app, 'GET_SAVED_PLACES', {}, { token: await passenger() }));
  });

  test('asking to delete the account deletes its places', async () => {
    const token = await passenger();
    assertOk(await save(token, { kind: 'home', name: '', point: point() }));
    const before = await app.services.storage.db
      .selectFrom('saved_places')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assertOk(await call(app, 'DELETE_REQUEST', { info: 'bye' }, { token }));
    const after = await app.services.storage.db
      .selectFrom('saved_places')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(after.n), Number(before.n) - 1);
  });

  test('the log carries no place name or address, over POST or GET', async () => {
    const token = await passenger();
    const secretName = 'Kochanka Zdzisława';
    const street = 'Tajemnicza';
    const place = { kind: 'other', name: secretName, point: { ...point(), street } };
    assertOk(await save(token, place));
    assertOk(
      await call(app, 'SAVE_PLACE', { place: { ...place, kind: 'work' } }, { token, via: 'get' }),
    );
    await call(
      app,
      'SAVE_PLACE',
      { place: { ...place, name: `${secretName}${'x'.repeat(50)}` } },
      { token },
    );
    assert.doesNotMatch(log.text(), /Kochanka|Zdzis|Tajemnicza/);
  });
});
