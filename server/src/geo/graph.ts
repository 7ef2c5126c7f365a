import TinyQueue from 'tinyqueue';
import type { RouteEstimate } from './routing.ts';
import { EARTH_RADIUS_M, greatCircleMetres, type LatLng, simplified } from './geometry.ts';
import { PointIndex } from './point-index.ts';
import type { RoadGraphData } from './road-graph-data.ts';

/** How far from the road network a point may be and still be routed from or to. */
const SNAP_METRES = 3_000;
/**
 * Routes remembered per graph (by their two network nodes): quotes ask for the same ones again.
 * At most a few MiB: a node list of a 10 km route is about 1.5 kB.
 */
const ROUTE_CACHE_SIZE = 4096;
/**
 * Whole estimates remembered by their exact two points: a passenger's app asks again for each
 * change of the order form, and snapping both points to the network costs more than the search
 * a cached path saves. About 8 kB each.
 */
const ESTIMATE_CACHE_SIZE = 512;
/**
 * The A* estimate is the flat-earth distance at the goal's latitude, scaled down by this much so
 * that it never exceeds the great-circle distance at city scale (it must not overestimate).
 */
const HEURISTIC_MARGIN = 0.99;
/**
 * A route's drawn line leaves out the nodes that bend it by less than this: invisible on the map
 * (a few pixels at street zoom), two thirds of a city route's points (Monaco 165 -> 48), so a
 * quote is smaller on a slow connection and cheaper to write.
 */
const LINE_TOLERANCE_M = 2;

interface NetworkPath {
  /** The nodes, start first (4 bytes a node, so that the cache stays small). */
  nodes: Int32Array;
  metres: number;
  seconds: number;
}

/** A node waiting in the search, with its estimated arrival at the goal. */
interface Visit {
  node: number;
  priority: number;
}

/** Fastest routes on the imported road graph (A*), one-way streets honoured. */
export class RoadGraph {
  readonly data: RoadGraphData;
  readonly #roadNodes: PointIndex;
  readonly #maxSpeed: number;
  /** The search's working arrays, reused: a node's entries count only where `#visit` is current. */
  readonly #seconds: Float64Array;
  readonly #metres: Float64Array;
  readonly #previous: Int32Array;
  readonly #visit: Uint32Array;
  #generation = 0;
  /** Least recently used first. */
  readonly #routes = new Map<number, NetworkPath | null>();
  /** Least recently used first. */
  readonly #estimates = new Map<string, RouteEstimate | undefined>();

  constructor(data: RoadGraphData) {
    this.data = data;
    const main = largestComponent(data);
    this.#roadNodes = new PointIndex(data.lat, data.lng, (i) => main[i] === 1);
    let max = 1;
    for (const speed of data.speeds) max = Math.max(max, speed);
    this.#maxSpeed = max;
    const n = data.lat.length;
    this.#seconds = new Float64Array(n);
    this.#metres = new Float64Array(n);
    this.#previous = new Int32Array(n);
    // Per node, the search that last reached it: 2g while open in search g, 2g + 1 once closed.
    this.#visit = new Uint32Array(n);
  }

  get size(): number {
    return this.data.lat.length;
  }

  /** The graph node nearest a point, on the main connected network; -1 when none is near. */
  snap(point: LatLng): number {
    return this.#roadNodes.nearest(point.lat, point.lng, SNAP_METRES).index;
  }

  /** The fastest route, or undefined when either point is off the network (do not change it). */
  route(from: LatLng, to: LatLng): RouteEstimate | undefined {
    return remembered(
      this.#estimates,
      `${from.lat},${from.lng};${to.lat},${to.lng}`,
      ESTIMATE_CACHE_SIZE,
      () => this.#route(from, to),
    );
  }

  #route(from: LatLng, to: LatLng): RouteEstimate | undefined {
    const start = this.snap(from);
    const goal = this.snap(to);
    if (start === -1 || goal === -1) return undefined;
    const path = remembered(this.#routes, start * this.size + goal, ROUTE_CACHE_SIZE, () =>
      this.#astar(start, goal),
    );
    if (!path) return undefined;
    const { lat, lng } = this.data;
    const points: LatLng[] = [from];
    for (const i of path.nodes) points.push({ lat: lat[i]!, lng: lng[i]! });
    points.push(to);
    // The legs between the given points and the network, at a walking-pace-free 15 km/h.
    const approach =
      greatCircleMetres(from, points[1]!) + greatCircleMetres(points[points.length - 2]!, to);
    return {
      distanceM: path.metres + approach,
      durationS: path.seconds + approach / (15 / 3.6),
      points: simplified(dedupe(points), LINE_TOLERANCE_M),
    };
  }

  #astar(start: number, goal: number): NetworkPath | null {
    const { lat, lng, offsets, targets, lengths, speeds } = this.data;
    const seconds = this.#seconds;
    const metres = this.#metres;
    const previous = this.#previous;
    const visit = this.#visit;
    // A new search number; when the numbers wrap round, the stamps start again from zero.
    this.#generation = (this.#generation + 1) % 0x7fff_ffff;
    if (this.#generation === 0) {
      visit.fill(0);
      this.#generation = 1;
    }
    const open = this.#generation * 2;
    const closed = open + 1;
    const rad = Math.PI / 180;
    const goalLat = lat[goal]!;
    const goalLng = lng[goal]!;
    const toMetres = EARTH_RADIUS_M * rad * HEURISTIC_MARGIN;
    const cosGoal = Math.cos(goalLat * rad);
    const heuristic = (i: number) => {
      const dLat = lat[i]! - goalLat;
      const dLng = (lng[i]! - goalLng) * Math.min(cosGoal, Math.cos(lat[i]! * rad));
      return (Math.sqrt(dLat * dLat + dLng * dLng) * toMetres) / this.#maxSpeed;
    };
    // Nodes to visit, the soonest estimated arrival at the goal first.
    const heap = new TinyQueue<Visit>([], (a, b) => a.priority - b.priority);
    seconds[start] = 0;
    metres[start] = 0;
    previous[start] = -1;
    visit[start] = open;
    heap.push({ node: start, priority: heuristic(start) });
    while (heap.length > 0) {
      const { node } = heap.pop()!;
      if (visit[node] === closed) continue;
      if (node === goal) break;
      visit[node] = closed;
      const time = seconds[node]!;
      for (let e = offsets[node]!; e < offsets[node + 1]!; e++) {
        const next = targets[e]!;
        const seen = visit[next] === open;
        if (visit[next] === closed) continue;
        const arrival = time + lengths[e]! / speeds[e]!;
        if (!seen || arrival < seconds[next]!) {
          visit[next] = open;
          seconds[next] = arrival;
          metres[next] = metres[node]! + lengths[e]!;
          previous[next] = node;
          heap.push({ node: next, priority: arrival + heuristic(next) });
        }
      }
    }
    if (visit[goal] !== open) return null;
    let length = 0;
    for (let at = goal; at !== -1; at = previous[at]!) length++;
    const nodes = new Int32Array(length);
    for (let at = goal, k = length - 1; at !== -1; at = previous[at]!) nodes[k--] = at;
    return { nodes, metres: metres[goal]!, seconds: seconds[goal]! };
  }
}

/** `make()` for a key not in `cache`, kept there; the least recently used go past `size`. */
function remembered<K, V>(cache: Map<K, V>, key: K, size: number, make: () => V): V {
  let value: V;
  if (cache.has(key)) {
    value = cache.get(key)!;
    cache.delete(key);
  } else {
    value = make();
    if (cache.size >= size) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, value);
  return value;
}

function dedupe(points: LatLng[]): LatLng[] {
  return points.filter(
    (p, i) => i === 0 || p.lat !== points[i - 1]!.lat || p.lng !== points[i - 1]!.lng,
  );
}

/** Marks (1) the nodes of the largest strongly connected component (Kosaraju, iterative). */
function largestComponent({ offsets, targets, lat }: RoadGraphData): Uint8Array {
  const n = lat.length;
  // Reverse graph.
  const reverseOffsets = new Int32Array(n + 1);
  for (const t of targets) reverseOffsets[t + 1]!++;
  for (let i = 0; i < n; i++) reverseOffsets[i + 1]! += reverseOffsets[i]!;
  const cursor = reverseOffsets.slice(0, n);
  const reverseTargets = new Int32Array(targets.length);
  for (let a = 0; a < n; a++)
    for (let e = offsets[a]!; e < offsets[a + 1]!; e++) reverseTargets[cursor[targets[e]!]!++] = a;

  // First pass: finishing order on the graph.
  const order: number[] = [];
  const seen = new Uint8Array(n);
  const stack: number[] = [];
  const edgeAt = new Int32Array(n);
  for (let root = 0; root < n; root++) {
    if (seen[root]) continue;
    seen[root] = 1;
    stack.push(root);
    edgeAt[root] = offsets[root]!;
    while (stack.length > 0) {
      const node = stack[stack.length - 1]!;
      if (edgeAt[node]! < offsets[node + 1]!) {
        const next = targets[edgeAt[node]!++]!;
        if (!seen[next]) {
          seen[next] = 1;
          edgeAt[next] = offsets[next]!;
          stack.push(next);
        }
      } else {
        stack.pop();
        order.push(node);
      }
    }
  }
  // Second pass: components on the reverse graph, in reverse finishing order.
  const component = new Int32Array(n).fill(-1);
  const sizes: number[] = [];
  for (let k = order.length - 1; k >= 0; k--) {
    const root = order[k]!;
    if (component[root] !== -1) continue;
    const id = sizes.length;
    let size = 0;
    component[root] = id;
    stack.push(root);
    while (stack.length > 0) {
      const node = stack.pop()!;
      size++;
      for (let e = reverseOffsets[node]!; e < reverseOffsets[node + 1]!; e++) {
        const next = reverseTargets[e]!;
        if (component[next] === -1) {
          component[next] = id;
          stack.push(next);
        }
      }
    }
    sizes.push(size);
  }
  const largest = sizes.indexOf(Math.max(...sizes));
  const marks = new Uint8Array(n);
  for (let i = 0; i < n; i++) marks[i] = component[i] === largest ? 1 : 0;
  return marks;
}
