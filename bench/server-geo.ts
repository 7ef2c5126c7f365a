/**
 * POI_QUERY latency: p50/p99 at a steady 200 requests per second (open loop) against one server
 * process, on the Liechtenstein extract and on a made-up town of 100,000 addresses; plus the
 * index alone (no HTTP) for reference. Prints figures; not a timed test.
 *
 *   node bench/server-geo.ts      (BENCH_RATE=200, BENCH_SECONDS=10, BENCH_ADDRESSES=100000)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmbeddedGeography } from '@taxi/server/geo/embedded';
import { importExtract } from '@taxi/server/geo/importer';
import { type OsmNode, type OsmWay, writeOsmPbf } from '@taxi/server/test-fixtures/osm-writer';
import { benchServer, percentile } from './server-common.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 100_000);
const LIECHTENSTEIN = path.resolve(REPO, '../shared/data/osm/liechtenstein.osm.pbf');

const ADJECTIVES = [
  'Kwiatowa',
  'Polna',
  'Leśna',
  'Słoneczna',
  'Krótka',
  'Długa',
  'Szkolna',
  'Ogrodowa',
  'Lipowa',
  'Brzozowa',
  'Łąkowa',
  'Kościelna',
  'Sportowa',
  'Spacerowa',
  'Wiejska',
  'Górna',
  'Dolna',
  'Cicha',
  'Zielona',
  'Jasna',
  'Wesoła',
  'Parkowa',
  'Rzeczna',
  'Młyńska',
  'Zamkowa',
  'Miodowa',
  'Klonowa',
  'Dębowa',
  'Sosnowa',
  'Jodłowa',
  'Akacjowa',
  'Różana',
  'Wrzosowa',
  'Malinowa',
  'Wiśniowa',
  'Kasztanowa',
  'Jaśminowa',
  'Makowa',
  'Żytnia',
  'Owsiana',
];
const NOUNS = [
  'Mickiewicza',
  'Słowackiego',
  'Kopernika',
  'Chopina',
  'Sienkiewicza',
  'Prusa',
  'Reymonta',
  'Żeromskiego',
  'Konopnickiej',
  'Orzeszkowej',
  'Moniuszki',
  'Kościuszki',
  'Piłsudskiego',
  'Matejki',
  'Wyspiańskiego',
  'Norwida',
  'Fredry',
  'Kochanowskiego',
  'Staszica',
  'Kołłątaja',
  'Traugutta',
  'Pułaskiego',
  'Dąbrowskiego',
  'Sobieskiego',
  'Batorego',
  'Jagiełły',
  'Chrobrego',
  'Mieszka',
  'Kazimierza',
  'Łokietka',
  'Curie',
  'Paderewskiego',
  'Szymanowskiego',
  'Tuwima',
  'Broniewskiego',
  'Gałczyńskiego',
  'Baczyńskiego',
  'Herberta',
  'Miłosza',
  'Szymborskiej',
  'Lema',
  'Kapuścińskiego',
  'Witkacego',
  'Gombrowicza',
  'Schulza',
  'Iwaszkiewicza',
  'Dygasińskiego',
  'Kraszewskiego',
  'Asnyka',
  'Tetmajera',
];

const SYLLABLES = [
  'ka',
  'ro',
  'mi',
  'te',
  'lu',
  'no',
  'sza',
  'przy',
  'wo',
  'den',
  'gor',
  'bia',
  'lek',
  'stra',
  'zim',
  'pol',
];

function madeUpWord(n: number): string {
  let word = '';
  for (let k = n + 1; k > 0; k = Math.floor(k / SYLLABLES.length))
    word += SYLLABLES[k % SYLLABLES.length];
  return word[0]!.toUpperCase() + word.slice(1);
}

/** A town of ADDRESSES houses on streets of 50 numbers each, with two named POIs a street. */
function syntheticTown(file: string): void {
  const nodes: OsmNode[] = [];
  const ways: OsmWay[] = [];
  const streets = Math.ceil(ADDRESSES / 50);
  let nodeId = 1;
  // Unique names: one word, then two, then two with an ordinal (as in "Polna II").
  const names: string[] = [...ADJECTIVES, ...NOUNS];
  for (const noun of NOUNS) for (const adjective of ADJECTIVES) names.push(`${adjective} ${noun}`);
  for (let round = 2; names.length < streets; round++)
    for (const noun of NOUNS)
      names.push(`${ADJECTIVES[round % ADJECTIVES.length]} ${noun} ${'I'.repeat(round)}`);
  const perRow = Math.ceil(Math.sqrt(streets));
  for (let s = 0; s < streets; s++) {
    const lat = 50 + Math.floor(s / perRow) * 0.002;
    const lng = 19.5 + (s % perRow) * 0.004;
    const start = nodeId++;
    const end = nodeId++;
    nodes.push({ id: start, lat, lon: lng }, { id: end, lat, lon: lng + 0.0035 });
    ways.push({ id: s + 1, refs: [start, end], tags: { highway: 'residential', name: names[s]! } });
    for (let n = 1; n <= 50 && s * 50 + n <= ADDRESSES; n++) {
      nodes.push({
        id: nodeId++,
        lat: lat + (n % 2 ? 0.0002 : -0.0002),
        lon: lng + (n / 50) * 0.0035,
        tags: { 'addr:street': names[s]!, 'addr:housenumber': String(n), 'addr:city': 'Benchowo' },
      });
    }
    // Two POIs a street, named with made-up words, so that the vocabulary is a city's (thousands of words).
    nodes.push({
      id: nodeId++,
      lat: lat + 0.0004,
      lon: lng + 0.001,
      tags: {
        amenity: s % 2 ? 'pharmacy' : 'restaurant',
        name: `${s % 2 ? 'Apteka' : 'Restauracja'} ${madeUpWord(s)}`,
      },
    });
    nodes.push({
      id: nodeId++,
      lat: lat - 0.0004,
      lon: lng + 0.002,
      tags: { shop: 'convenience', name: `${madeUpWord(s + 7000)} ${madeUpWord(s + 13000)}` },
    });
  }
  nodes.push({ id: nodeId, lat: 50.1, lon: 19.7, tags: { place: 'city', name: 'Benchowo' } });
  fs.writeFileSync(file, writeOsmPbf(nodes, ways));
}

/** Queries as people type them: streets, street and number, POIs, prefixes, typos. */
function queries(geography: EmbeddedGeography): string[] {
  const { streets, pois, addresses } = geography.data;
  const out: string[] = [];
  const swap = (s: string) => (s.length > 5 ? s.slice(0, 2) + s[3] + s[2] + s.slice(4) : s);
  for (let i = 0; out.length < 2000; i++) {
    const street = streets[(i * 7919) % streets.length]!.name;
    const poi = pois.length ? pois[(i * 104729) % pois.length]!.name : street;
    const house = addresses.number.length
      ? addresses.number[(i * 31) % addresses.number.length]!
      : '1';
    out.push(
      street,
      `${street} ${house}`,
      poi,
      street.slice(0, Math.max(3, Math.floor(street.length / 2))),
      swap(street),
    );
  }
  return out;
}

async function openLoop(base: string, list: string[]) {
  const latencies: number[] = [];
  const serverTimes: number[] = [];
  let failures = 0;
  const total = RATE * SECONDS;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const query = list[i % list.length]!;
    pending.push(
      (async () => {
        const sent = performance.now();
        try {
          const response = await fetch(`${base}/api/2/`, {
            method: 'POST',
            body: new URLSearchParams({ cmd: JSON.stringify({ action_id: 'POI_QUERY', query }) }),
          });
          const reply = (await response.json()) as { status: string };
          if (reply.status !== 'OK') throw new Error(JSON.stringify(reply));
          latencies.push(performance.now() - sent);
          const timing = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
          if (timing) serverTimes.push(Number(timing[1]));
        } catch {
          failures++;
        }
      })(),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  serverTimes.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failures,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    serverP50: percentile(serverTimes, 50),
    serverP99: percentile(serverTimes, 99),
  };
}

function inProcess(geography: EmbeddedGeography, list: string[]) {
  const times: number[] = [];
  for (const query of list.slice(0, 200)) geography.index.search(query, 10);
  for (const query of list) {
    const t = performance.now();
    geography.index.search(query, 10);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1)! };
}

/** Imports the extract here, for the query list and the index's own figures. */
async function study(extract: string) {
  const importStarted = performance.now();
  const geography = new EmbeddedGeography(await importExtract(extract));
  const importMs = performance.now() - importStarted;
  const list = queries(geography);
  const { data } = geography;
  return {
    list,
    index: inProcess(geography, list),
    summary: `${data.addresses.street.length} addresses, ${data.streets.length} streets, ${data.pois.length} POIs, ${geography.index.termCount} terms; import ${importMs.toFixed(0)} ms`,
  };
}

async function run(label: string, extract: string) {
  // The load below measures the server; this process keeps nothing big meanwhile.
  const { list, index, summary } = await study(extract);
  const { server, stop } = await benchServer(
    { geo: { extract } },
    { GEO_PER_IP_PER_MINUTE: '1000000' },
  );
  try {
    // The first search waits for the server's import of the extract.
    await fetch(`${server.base}/api/2/`, {
      method: 'POST',
      body: new URLSearchParams({
        cmd: JSON.stringify({ action_id: 'POI_QUERY', query: list[0] }),
      }),
    });
    await openLoop(server.base, list.slice(0, 200));
    const http = await openLoop(server.base, list);
    console.log(`${label}: ${summary}`);
    console.log(
      `  POI_QUERY over HTTP at ${RATE} req/s for ${SECONDS} s: ${http.requests} answered (${http.failures} failed), ${http.rps.toFixed(0)} req/s; ` +
        `seen by the client p50 ${http.p50.toFixed(2)} ms, p99 ${http.p99.toFixed(2)} ms; in the server (Server-Timing) p50 ${http.serverP50.toFixed(2)} ms, p99 ${http.serverP99.toFixed(2)} ms`,
    );
    console.log(
      `  the index alone (${list.length} queries): p50 ${index.p50.toFixed(3)} ms, p99 ${index.p99.toFixed(3)} ms, max ${index.max.toFixed(2)} ms`,
    );
  } finally {
    await stop();
  }
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'taxi-bench-town-'));
try {
  if (fs.existsSync(LIECHTENSTEIN)) await run('Liechtenstein extract', LIECHTENSTEIN);
  else console.log(`Liechtenstein extract not found at ${LIECHTENSTEIN}: skipped`);
  const town = path.join(work, 'benchowo.osm.pbf');
  syntheticTown(town);
  await run(`Synthetic town (${ADDRESSES} addresses)`, town);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
