// The road graph of an extract: which ways a car may drive, how fast and in which direction,
// packed as compressed adjacency for the A* search (graph.ts).
import { greatCircleMetres } from './geometry.ts';

/** Compressed adjacency (CSR): the edges leaving node i are offsets[i] .. offsets[i+1]-1. */
export interface RoadGraphData {
  lat: Float64Array;
  lng: Float64Array;
  offsets: Int32Array;
  targets: Int32Array;
  /** Metres. */
  lengths: Float32Array;
  /** Metres per second. */
  speeds: Float32Array;
}

/** A way of the extract with its node references and tags. */
export interface OsmWay {
  refs: number[];
  tags: Record<string, string>;
}

/** Typical city speeds (km/h) per road class, used without a maxspeed tag. */
const ROAD_SPEEDS: Record<string, number> = {
  motorway: 90,
  motorway_link: 50,
  trunk: 70,
  trunk_link: 40,
  primary: 45,
  primary_link: 35,
  secondary: 40,
  secondary_link: 30,
  tertiary: 35,
  tertiary_link: 25,
  unclassified: 30,
  residential: 25,
  living_street: 10,
  service: 15,
  road: 25,
};

function speedOf(tags: Record<string, string>, highway: string): number {
  const match = /^(\d+)\s*(mph)?$/.exec(tags.maxspeed ?? '');
  const kmh = match ? Number(match[1]) * (match[2] ? 1.609 : 1) : ROAD_SPEEDS[highway]!;
  // Traffic, lights and turns: a city car rarely drives at the limit.
  return (Math.min(kmh, ROAD_SPEEDS[highway]! * 1.5) * 0.85) / 3.6;
}

function drivable(tags: Record<string, string>): boolean {
  const highway = tags.highway;
  if (!highway || !Object.hasOwn(ROAD_SPEEDS, highway)) return false;
  if (tags.area === 'yes') return false;
  const access = tags.motor_vehicle ?? tags.motorcar ?? tags.vehicle ?? tags.access;
  return !(
    access === 'no' ||
    access === 'private' ||
    access === 'agricultural' ||
    access === 'forestry'
  );
}

/** +1 one-way along the way, -1 against it, 0 both ways. */
function oneway(tags: Record<string, string>): number {
  const value = tags['oneway:motor_vehicle'] ?? tags.oneway;
  if (value === 'yes' || value === '1' || value === 'true') return 1;
  if (value === '-1' || value === 'reverse') return -1;
  if (value === 'no') return 0;
  if (tags.junction === 'roundabout' || tags.junction === 'circular' || tags.highway === 'motorway')
    return 1;
  return 0;
}

/** The drivable ways as a directed graph (one-way streets honoured). */
export function buildGraph(
  ways: OsmWay[],
  nodeLat: Map<number, number>,
  nodeLng: Map<number, number>,
): RoadGraphData {
  const index = new Map<number, number>();
  const lat: number[] = [];
  const lng: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const length: number[] = [];
  const speed: number[] = [];
  const vertex = (id: number) => {
    let i = index.get(id);
    if (i === undefined) {
      i = lat.length;
      index.set(id, i);
      lat.push(nodeLat.get(id)!);
      lng.push(nodeLng.get(id)!);
    }
    return i;
  };
  for (const way of ways) {
    if (!drivable(way.tags)) continue;
    const direction = oneway(way.tags);
    const metresPerSecond = speedOf(way.tags, way.tags.highway!);
    const refs = way.refs.filter((id) => nodeLat.has(id));
    for (let k = 1; k < refs.length; k++) {
      const a = vertex(refs[k - 1]!);
      const b = vertex(refs[k]!);
      if (a === b) continue;
      const metres = greatCircleMetres(
        { lat: lat[a]!, lng: lng[a]! },
        { lat: lat[b]!, lng: lng[b]! },
      );
      const edge = (start: number, end: number) => {
        from.push(start);
        to.push(end);
        length.push(metres);
        speed.push(metresPerSecond);
      };
      if (direction >= 0) edge(a, b);
      if (direction <= 0) edge(b, a);
    }
  }
  const n = lat.length;
  const offsets = new Int32Array(n + 1);
  for (const a of from) offsets[a + 1]!++;
  for (let i = 0; i < n; i++) offsets[i + 1]! += offsets[i]!;
  const cursor = offsets.slice(0, n);
  const targets = new Int32Array(from.length);
  const lengths = new Float32Array(from.length);
  const speeds = new Float32Array(from.length);
  for (let e = 0; e < from.length; e++) {
    const slot = cursor[from[e]!]!++;
    targets[slot] = to[e]!;
    lengths[slot] = length[e]!;
    speeds[slot] = speed[e]!;
  }
  return {
    lat: Float64Array.from(lat),
    lng: Float64Array.from(lng),
    offsets,
    targets,
    lengths,
    speeds,
  };
}
