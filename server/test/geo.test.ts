import assert from 'node:assert/strict';
import http from 'node:http';
import { after, describe, test } from 'node:test';
import { EmbeddedGeography, loadExtract } from '../src/geo/embedded.ts';
import { decodePolyline, nominatim, osrm, photon, valhalla } from '../src/geo/external.ts';
import { importExtract } from '../src/geo/importer.ts';
import { poiKind } from '../src/geo/poi-kind.ts';
import { buildGraph } from '../src/geo/road-graph-data.ts';
import { editDistance, fold } from '../src/geo/text.ts';
import { greatCircleMetres, METRES_PER_DEGREE, simplified } from '../src/geo/geometry.ts';
import { assertErr, assertOk, call, signIn } from './support/api.ts';
import { gridPoint, TOWN_FILE } from './fixtures/make-town.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { startApp, tempDir } from './support/helpers.ts';

const geography = new EmbeddedGeography(await importExtract(TOWN_FILE));

/** A stub of an external engine on loopback: path -> JSON answer; the requests it saw. */
async function stubServer(answers: Record<string, (url: URL, body: string) => unknown>) {
  const seen: { url: URL; body: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stub');
      seen.push({ url, body });
      const answer = answers[url.pathname];
      response.writeHead(answer ? 200 : 500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer ? answer(url, body) : { error: 'no' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, seen };
}

describe('the importer and the embedded geography (test/fixtures/town.osm.pbf)', () => {
  test('imports places, streets, house numbers, POIs with kinds and the drivable roads', () => {
    const { data } = geography;
    assert.deepEqual(data.places.map((p) => `${p.name}:${p.kind}`).sort(), [
      'Kleparz:suburb',
      'Stare Miasto:suburb',
      'Testowo:town',
      'Wola:village',
    ]);
    assert.ok(data.streets.some((s) => s.name === 'Floriańska' && s.city === 'Testowo'));
    assert.equal(
      data.addresses.street.length,
      12 + 8 + 6 + 1 + 1 + 1,
      'houses, the building at Długa 7, Polna 1 and the hotel at Floriańska 14',
    );
    const kinds = Object.fromEntries(data.pois.map((p) => [p.name, p.kind]));
    assert.deepEqual(kinds, {
      'Hotel Pod Różą': 'hotel',
      'Dworzec Główny': 'railway_station',
      'Apteka Pod Orłem': 'pharmacy',
      'Teatr Bagatela': 'bus_stop',
      'Teatr im. Juliusza Słowackiego': 'theatre',
      'Szpital Miejski': 'hospital',
      'Zamek Królewski': 'monument',
    });
    // 25 grid crossings and the two nodes of Wolska/Polna; the footway adds none.
    assert.equal(geography.graph.size, 27);
  });

  test('search by street, street and number, POI name, with a typo, by prefix; best first', async () => {
    const first = async (query: string) => (await geography.search(query, 5))[0];
    const street = await first('Floriańska');
    assert.equal(street?.quality, 'street');
    assert.equal(street?.label, 'Floriańska, Testowo');
    const house = await first('Floriańska 7');
    assert.deepEqual(
      {
        quality: house?.quality,
        street: house?.street,
        number: house?.number,
        city: house?.city,
        name: house?.name,
        kind: house?.kind,
      },
      {
        quality: 'house',
        street: 'Floriańska',
        number: '7',
        city: 'Testowo',
        name: 'Floriańska 7',
        kind: 'house',
      },
    );
    for (const field of [
      'id',
      'lat',
      'lng',
      'quality',
      'quarter',
      'city',
      'name',
      'street',
      'number',
      'kind',
      'label',
    ])
      assert.ok(field in house!, field);
    const hotel = await first('hotel pod rozą');
    assert.equal(hotel?.name, 'Hotel Pod Różą');
    assert.equal(hotel?.kind, 'hotel');
    assert.equal(hotel?.label, 'Hotel Pod Różą, Floriańska 14, Testowo');
    assert.equal((await first('Flroiańska'))?.name, 'Floriańska', 'swapped letters');
    assert.equal(
      (await first('Florjańska 3'))?.name,
      'Floriańska 3',
      'a wrong letter, with a number',
    );
    assert.equal((await first('grodzk'))?.name, 'Grodzka', 'a prefix');
    assert.equal((await first('ul. Szewska 2'))?.name, 'Szewska 2', 'with the street abbreviation');
    assert.equal((await first('szpital'))?.kind, 'hospital');
    assert.equal((await first('Wola'))?.quality, 'area');
    assert.equal((await first('polna 1'))?.city, 'Wola');
    assert.deepEqual(await geography.search('Xyzzyq', 5), []);
    const teatr = await geography.search('teatr', 5);
    assert.deepEqual(teatr.map((r) => r.kind).sort(), ['bus_stop', 'theatre']);
    assert.ok(teatr[0]!.score >= teatr[1]!.score);
  });

  test('reverse geocoding: the nearest house, else the street, else the town', async () => {
    const house = geography.reverseNow({
      lat: gridPoint(1, 0).lat + 0.0002,
      lng: gridPoint(1, 0).lng + 0.0003,
    });
    assert.deepEqual([house?.street, house?.number, house?.city], ['Floriańska', '1', 'Testowo']);
    const street = geography.reverseNow({ lat: gridPoint(3, 4).lat, lng: gridPoint(3, 4).lng });
    assert.equal(street?.number, '');
    assert.ok(['Karmelicka', 'Basztowa'].includes(street!.street));
    const nowhere = geography.reverseNow({
      lat: gridPoint(2, 2).lat + 0.05,
      lng: gridPoint(2, 2).lng,
    });
    assert.deepEqual([nowhere?.street, nowhere?.city], ['', 'Testowo']);
  });

  test('a route honours the one-way street and keeps off the footway', async () => {
    const east = (await geography.route(gridPoint(1, 1), gridPoint(1, 3)))!;
    const west = (await geography.route(gridPoint(1, 3), gridPoint(1, 1)))!;
    const direct = greatCircleMetres(gridPoint(1, 1), gridPoint(1, 3));
    assert.ok(Math.abs(east.distanceM - direct) < 1, 'eastwards along Floriańska');
    assert.ok(
      west.distanceM > direct + 2 * greatCircleMetres(gridPoint(1, 0), gridPoint(2, 0)) - 1,
      `westwards around the block: ${west.distanceM}`,
    );
    assert.ok(
      !west.points
        .slice(1, -1)
        .some((p) => p.lat === gridPoint(1, 2).lat && p.lng === gridPoint(1, 2).lng),
      'not against the one-way',
    );
    const diagonal = (await geography.route(gridPoint(1, 1), gridPoint(3, 3)))!;
    assert.ok(
      diagonal.distanceM >=
        greatCircleMetres(gridPoint(1, 1), gridPoint(1, 3)) +
          greatCircleMetres(gridPoint(1, 3), gridPoint(3, 3)) -
          1,
      'no footway',
    );
    assert.ok(west.durationS > east.durationS);
  });

  test('the drawn line keeps the corners and leaves out the nodes along a straight street', async () => {
    const west = (await geography.route(gridPoint(1, 3), gridPoint(1, 1)))!;
    const corners = west.points.map(({ lat, lng }) => ({ lat, lng }));
    assert.equal(corners.length, 4, JSON.stringify(corners));
    assert.deepEqual(corners[0], gridPoint(1, 3));
    assert.deepEqual(corners[3], gridPoint(1, 1));
    // Around the block by Grodzka or Szewska: up or down a street, along it, back.
    const row = corners[1]!.lat === gridPoint(2, 3).lat ? 2 : 0;
    assert.deepEqual(corners.slice(1, 3), [gridPoint(row, 3), gridPoint(row, 1)]);
  });

  test('the import is cached by file, size and time: the second load reads the cache', async () => {
    const dir = tempDir();
    const first = await loadExtract(TOWN_FILE, dir);
    const second = await loadExtract(TOWN_FILE, dir);
    assert.equal(first.cached, false);
    assert.equal(second.cached, true);
    assert.deepEqual(second.data.streets, first.data.streets);
  });

  test('folding and edit distance', () => {
    assert.equal(fold('Łódź Świętej Anny ß'), 'lodz swietej anny ss');
    assert.equal(editDistance('florianska', 'flroianska', 2), 1);
    assert.equal(editDistance('abc', 'xyzw', 1), 2);
  });
});

describe('a line simplified for drawing', () => {
  // Points `north` metres off the equator's meridian line, `east` metres along it.
  const at = (east: number, north = 0) => ({
    lat: north / METRES_PER_DEGREE,
    lng: east / METRES_PER_DEGREE,
  });

  test('keeps the ends and every bend past the tolerance, leaves out the rest', () => {
    const line = [at(0), at(10, 0.5), at(20), at(30, 5), at(40), at(50, -1), at(60)];
    assert.deepEqual(simplified(line, 2), [at(0), at(20), at(30, 5), at(40), at(60)]);
    assert.deepEqual(simplified(line, 0.1), line);
    assert.deepEqual(simplified(line, 10), [at(0), at(60)]);
  });

  test('a line that comes back to its start keeps its far point; two points stay two', () => {
    assert.deepEqual(simplified([at(0), at(5, 0.2), at(100), at(0)], 2), [at(0), at(100), at(0)]);
    assert.deepEqual(simplified([at(0), at(100)], 2), [at(0), at(100)]);
  });
});

describe("a POI's kind from its tags", () => {
  test('a palace, museum or monument wins over an amenity attached to it', () => {
    const palace = { historic: 'castle', amenity: 'bicycle_rental', name: 'Palais princier' };
    assert.equal(poiKind(palace), 'monument');
    assert.equal(poiKind({ tourism: 'museum', amenity: 'cafe', shop: 'gift' }), 'museum');
    assert.equal(poiKind({ historic: 'monument', amenity: 'parking' }), 'monument');
    assert.equal(poiKind({ historic: 'palace', tourism: 'hotel' }), 'monument');
  });

  test('transport hubs and hospitals keep their kind; plain amenities stay what they are', () => {
    assert.equal(poiKind({ railway: 'station', historic: 'building' }), 'railway_station');
    assert.equal(poiKind({ amenity: 'hospital', historic: 'castle' }), 'hospital');
    assert.equal(poiKind({ amenity: 'bicycle_rental' }), 'bicycle_rental');
    // A restaurant in an old building is a restaurant, not a monument.
    assert.equal(poiKind({ amenity: 'restaurant', historic: 'building' }), 'restaurant');
    assert.equal(poiKind({ historic: 'wayside_cross' }), 'monument');
    assert.equal(poiKind({ amenity: 'bench' }), undefined);
  });
});

describe('POI_QUERY, GET_ADDRESS and ORDER_SIM on the extract', async () => {
  const { app } = await startApp({
    corporations: [
      taxiCorporation('demo', ['localhost'], {
        geo: {
          extract: TOWN_FILE,
          places: [{ name: 'Postój taksówek Rynek', lat: 50.0031, lng: 20.0051, kind: 'taxi' }],
        },
      }),
      taxiCorporation('nomap', ['nomap.example']),
    ],
  });

  test('POI_QUERY answers data_list with the spec fields; short queries find nothing', async () => {
    const reply = assertOk(await call(app, 'POI_QUERY', { query: 'Floriańska 5' }, { via: 'get' }));
    assert.equal(reply.data_list[0].label, 'Floriańska 5, Testowo');
    assert.ok(!('score' in reply.data_list[0]));
    assert.deepEqual(assertOk(await call(app, 'POI_QUERY', { query: 'Fl' })).data_list, []);
    assertErr(await call(app, 'POI_QUERY', {}), 'ARG_ERROR');
    const internal = assertOk(await call(app, 'POI_QUERY', { query: 'postoj' }));
    assert.equal(internal.data_list[0].quality, 'internal');
    assert.deepEqual(
      assertOk(await call(app, 'POI_QUERY', { query: 'Floriańska' }, { host: 'nomap.example' }))
        .data_list,
      [],
    );
    assert.equal(
      assertOk(await call(app, 'POI_QUERY', { query: 'szewska', limit: 1 })).data_list.length,
      1,
    );
  });

  test('GET_ADDRESS answers result {city, street, number, ...}', async () => {
    const reply = assertOk(
      await call(app, 'GET_ADDRESS', {
        lat: gridPoint(1, 0).lat + 0.0002,
        lng: gridPoint(1, 0).lng + 0.0003,
      }),
    );
    assert.equal(reply.result.city, 'Testowo');
    assert.equal(reply.result.street, 'Floriańska');
    assert.equal(reply.result.number, '1');
    assertErr(await call(app, 'GET_ADDRESS', { lat: 'x', lng: 1 }), 'ARG_ERROR');
    assertErr(
      await call(app, 'GET_ADDRESS', { lat: 1, lng: 1 }, { host: 'nomap.example' }),
      'NOT_FOUND',
    );
  });

  test('ORDER_SIM prices the road route and draws it', async () => {
    const token = await signIn(app, '+48605000001');
    const order = {
      order_type: 'Z',
      poi: { ...gridPoint(1, 3), street: 'Floriańska' },
      dst: { ...gridPoint(1, 1), street: 'Floriańska' },
    };
    const reply = assertOk(await call(app, 'ORDER_SIM', { order }, { token }));
    const straight = greatCircleMetres(gridPoint(1, 3), gridPoint(1, 1)) / 1000;
    assert.ok(
      reply.dst_price > 10 + straight * 3 * 1.5,
      `around the block costs more: ${reply.dst_price}`,
    );
    assert.equal(reply.dst_map_points.length, 4, 'around the block: its corners');
  });
});

describe('external engines, against a stub on loopback', () => {
  test('Photon search and reverse', async () => {
    const stub = await stubServer({
      '/api': () => ({
        features: [
          {
            geometry: { coordinates: [19.94, 50.06] },
            properties: {
              osm_type: 'N',
              osm_id: 1,
              osm_key: 'tourism',
              osm_value: 'hotel',
              name: 'Hotel Pod Różą',
              street: 'Floriańska',
              housenumber: '14',
              city: 'Kraków',
              district: 'Stare Miasto',
            },
          },
          {
            geometry: { coordinates: [19.941, 50.062] },
            properties: {
              osm_type: 'W',
              osm_id: 2,
              osm_key: 'highway',
              osm_value: 'residential',
              name: 'Floriańska',
              city: 'Kraków',
            },
          },
        ],
      }),
      '/reverse': () => ({
        features: [
          {
            geometry: { coordinates: [19.94, 50.06] },
            properties: {
              osm_key: 'building',
              street: 'Floriańska',
              housenumber: '3',
              city: 'Kraków',
            },
          },
        ],
      }),
    });
    const engine = photon({ engine: 'photon', url: stub.url, lang: 'pl' });
    const results = await engine.search('florianska', 5);
    assert.deepEqual(
      results.map((r) => [r.quality, r.name, r.kind, r.label]),
      [
        ['poi', 'Hotel Pod Różą', 'hotel', 'Hotel Pod Różą, Floriańska 14, Kraków'],
        ['street', 'Floriańska', 'street', 'Floriańska, Kraków'],
      ],
    );
    assert.equal(stub.seen[0]!.url.searchParams.get('q'), 'florianska');
    assert.equal(stub.seen[0]!.url.searchParams.get('limit'), '5');
    const address = await engine.reverse({ lat: 50.06, lng: 19.94 });
    assert.deepEqual(
      [address?.street, address?.number, address?.city, address?.lat],
      ['Floriańska', '3', 'Kraków', 50.06],
    );
  });

  test('Nominatim search and reverse', async () => {
    const item = {
      place_id: 9,
      osm_type: 'node',
      osm_id: 5,
      lat: '50.06',
      lon: '19.94',
      category: 'amenity',
      type: 'hospital',
      name: 'Szpital',
      address: { road: 'Kopernika', house_number: '36', city: 'Kraków', suburb: 'Wesoła' },
    };
    const stub = await stubServer({
      '/search': () => [item],
      '/reverse': () => ({ ...item, category: 'building', type: 'yes', name: '' }),
    });
    const engine = nominatim({ engine: 'nominatim', url: stub.url });
    const [found] = await engine.search('szpital', 3);
    assert.deepEqual(
      [found?.quality, found?.kind, found?.quarter, found?.label, found?.id],
      ['poi', 'hospital', 'Wesoła', 'Szpital, Kopernika 36, Kraków', 'n5'],
    );
    assert.equal(stub.seen[0]!.url.searchParams.get('format'), 'jsonv2');
    const address = await engine.reverse({ lat: 50.06, lng: 19.94 });
    assert.deepEqual([address?.street, address?.number], ['Kopernika', '36']);
  });

  test('OSRM and Valhalla routes; a failing engine falls back to the extract', async () => {
    const stub = await stubServer({
      '/route/v1/driving/19.94,50.06;19.95,50.07': () => ({
        code: 'Ok',
        routes: [
          {
            distance: 1234,
            duration: 200,
            geometry: {
              coordinates: [
                [19.94, 50.06],
                [19.945, 50.065],
                [19.95, 50.07],
              ],
            },
          },
        ],
      }),
      // "_p~iF~ps|U_ulLnnqC" is the classic polyline example, here at precision 6.
      '/route': () => ({
        trip: {
          summary: { length: 2.5, time: 300 },
          legs: [{ shape: '_izlhA~rlgdF_{geC~ywl@_kwzCn`{nI' }],
        },
      }),
    });
    const viaOsrm = await osrm({ engine: 'osrm', url: stub.url }).route(
      { lat: 50.06, lng: 19.94 },
      { lat: 50.07, lng: 19.95 },
    );
    assert.deepEqual(
      [viaOsrm?.distanceM, viaOsrm?.durationS, viaOsrm?.points.length],
      [1234, 200, 3],
    );
    const viaValhalla = await valhalla({ engine: 'valhalla', url: stub.url }).route(
      { lat: 38.5, lng: -120.2 },
      { lat: 43.252, lng: -126.453 },
    );
    assert.deepEqual([viaValhalla?.distanceM, viaValhalla?.durationS], [2500, 300]);
    assert.deepEqual(viaValhalla?.points, decodePolyline('_izlhA~rlgdF_{geC~ywl@_kwzCn`{nI'));
    assert.deepEqual(decodePolyline('_izlhA~rlgdF_{geC~ywl@_kwzCn`{nI')[0], {
      lat: 38.5,
      lng: -120.2,
    });
    const body = JSON.parse(stub.seen.at(-1)!.body);
    assert.deepEqual(body.locations[0], { lat: 38.5, lon: -120.2 });

    const broken = await stubServer({});
    const { app } = await startApp({
      corporations: [
        taxiCorporation('demo', ['localhost'], {
          geo: {
            extract: TOWN_FILE,
            search: { engine: 'photon', url: broken.url },
            routing: { engine: 'osrm', url: broken.url },
          },
        }),
      ],
    });
    const reply = assertOk(await call(app, 'POI_QUERY', { query: 'Floriańska' }));
    assert.equal(
      reply.data_list[0].name,
      'Floriańska',
      'the extract answers when the engine fails',
    );
    const route = await app.services.geo.route(
      app.services.corporations.byId('demo')!,
      gridPoint(1, 3),
      gridPoint(1, 1),
    );
    assert.ok(route && route.points.length > 2, 'around the block, not a straight line');
    assert.ok(broken.seen.length >= 2, 'the engines were asked first');
  });
});

describe('the road graph', () => {
  test('a highway tag named like an inherited property is not a road', () => {
    const nodeLat = new Map([
      [1, 52.0],
      [2, 52.001],
    ]);
    const nodeLng = new Map([
      [1, 21.0],
      [2, 21.001],
    ]);
    for (const highway of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const graph = buildGraph([{ refs: [1, 2], tags: { highway } }], nodeLat, nodeLng);
      assert.equal(graph.targets.length, 0, `highway=${highway} made edges`);
    }
    const road = buildGraph([{ refs: [1, 2], tags: { highway: 'residential' } }], nodeLat, nodeLng);
    assert.equal(road.targets.length, 2);
  });
});
