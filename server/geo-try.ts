import { importExtract } from '/work/main/server/src/geo/importer.ts';
import { EmbeddedGeography } from '/work/main/server/src/geo/embedded.ts';
for (const f of [process.argv[2]!]) {
  let t = performance.now();
  const data = await importExtract(f);
  console.log(
    'import',
    (performance.now() - t).toFixed(0),
    'ms',
    data.places.length,
    data.streets.length,
    data.addresses.street.length,
    data.pois.length,
    data.graph.lat.length,
  );
  t = performance.now();
  const geo = new EmbeddedGeography(data);
  console.log('index', (performance.now() - t).toFixed(0), 'ms terms', geo.index.termCount);
  for (const q of process.argv.slice(3)) {
    t = performance.now();
    const r = await geo.search(q, 5);
    console.log(
      JSON.stringify(q),
      (performance.now() - t).toFixed(2),
      'ms',
      r.map((x) => `${x.quality}:${x.label}:${x.kind}:${x.score.toFixed(2)}`).join(' | '),
    );
  }
}
