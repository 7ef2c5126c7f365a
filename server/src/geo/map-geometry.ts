// Lines and rings of the map in lng/lat: joining ways into lines, holes into polygons, and the
// sea from the coastline.

export type Coord = [lng: number, lat: number];

/**
 * Joins ways (node id sequences) that share end nodes into as few lines as possible, closed
 * rings where they close. `directed` keeps every way's direction (coastlines: land on the left).
 */
export function joinWays(ways: number[][], directed: boolean): number[][] {
  const alive = ways.map((way) => way.length >= 2);
  const byEnd = new Map<number, number[]>();
  const touch = (node: number, index: number) => {
    const list = byEnd.get(node);
    if (list) list.push(index);
    else byEnd.set(node, [index]);
  };
  ways.forEach((way, index) => {
    if (!alive[index]) return;
    touch(way[0]!, index);
    touch(way[way.length - 1]!, index);
  });
  /** A live way with an end at `node`; `atStart`: it must start there (else end there). */
  const partner = (node: number, atStart: boolean): number[] | undefined => {
    for (const index of byEnd.get(node) ?? []) {
      if (!alive[index]) continue;
      const way = ways[index]!;
      const starts = way[0] === node;
      const ends = way[way.length - 1] === node;
      if (atStart ? starts || (!directed && ends) : ends || (!directed && starts)) {
        alive[index] = false;
        return (atStart ? starts : ends) ? way : [...way].reverse();
      }
    }
    return undefined;
  };
  const lines: number[][] = [];
  ways.forEach((way, index) => {
    if (!alive[index]) return;
    alive[index] = false;
    let line = [...way];
    const closed = () => line.length > 2 && line[0] === line[line.length - 1];
    for (let next; !closed() && (next = partner(line[line.length - 1]!, true));)
      line = line.concat(next.slice(1));
    for (let previous; !closed() && (previous = partner(line[0]!, false));)
      line = previous.slice(0, -1).concat(line);
    lines.push(line);
  });
  return lines;
}

/** Whether a point is inside a ring (even-odd). */
export function inRing([x, y]: Coord, ring: Coord[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Outer rings with the inner rings inside them as holes; an inner ring in none is dropped. */
export function polygonsOf(outers: Coord[][], inners: Coord[][]): Coord[][][] {
  const polygons = outers.map((outer) => [outer]);
  for (const inner of inners) {
    const polygon = polygons.find(([outer]) => inRing(inner[0]!, outer!));
    polygon?.push(inner);
  }
  return polygons;
}

/**
 * The sea inside a box, from coastline lines (land on their left, sea on their right), as
 * polygons. Each open coastline is extended from its ends to the nearest side of the box (the
 * box grows to hold every coastline point) and the lines are joined along the box's border
 * clockwise; closed coastlines (islands) inside become holes. Empty when there is no open
 * coastline (then the box could be all land or all sea) or when the lines do not pair up.
 */
export function seaPolygons(
  coastlines: Coord[][],
  box: [number, number, number, number],
): Coord[][][] {
  const open = coastlines.filter((line) => {
    const [a, b] = [line[0]!, line[line.length - 1]!];
    return line.length >= 2 && (a[0] !== b[0] || a[1] !== b[1]);
  });
  const islands = coastlines.filter((line) => line.length >= 4 && !open.includes(line));
  if (open.length === 0) return [];
  let [west, south, east, north] = box;
  for (const line of open)
    for (const [lng, lat] of line) {
      west = Math.min(west, lng);
      east = Math.max(east, lng);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  const width = east - west;
  const height = north - south;
  const perimeter = 2 * (width + height);
  // Positions on the border, clockwise from the north-west corner.
  const position = ([lng, lat]: Coord): { at: number; point: Coord } => {
    const sides = [
      { gap: north - lat, at: lng - west, point: [lng, north] as Coord },
      { gap: east - lng, at: width + (north - lat), point: [east, lat] as Coord },
      { gap: lat - south, at: width + height + (east - lng), point: [lng, south] as Coord },
      { gap: lng - west, at: 2 * width + height + (lat - south), point: [west, lat] as Coord },
    ];
    return sides.reduce((best, side) => (side.gap < best.gap ? side : best));
  };
  const corners: { at: number; point: Coord }[] = [
    { at: 0, point: [west, north] },
    { at: width, point: [east, north] },
    { at: width + height, point: [east, south] },
    { at: 2 * width + height, point: [west, south] },
  ];
  const chains = open.map((line) => ({
    line,
    start: position(line[0]!),
    end: position(line[line.length - 1]!),
  }));
  const clockwise = (from: number, to: number) => (to - from + perimeter) % perimeter;
  const used = new Set<number>();
  const rings: Coord[][] = [];
  for (let first = 0; first < chains.length; first++) {
    if (used.has(first)) continue;
    const ring: Coord[] = [];
    let current = first;
    for (let steps = 0; ; steps++) {
      if (steps > chains.length) return [];
      used.add(current);
      const chain = chains[current]!;
      ring.push(chain.start.point, ...chain.line, chain.end.point);
      let next = -1;
      let nearest = Infinity;
      chains.forEach((candidate, index) => {
        const distance = clockwise(chain.end.at, candidate.start.at);
        if (distance < nearest) {
          nearest = distance;
          next = index;
        }
      });
      for (const corner of [...corners].sort(
        (a, b) => clockwise(chain.end.at, a.at) - clockwise(chain.end.at, b.at),
      )) {
        const distance = clockwise(chain.end.at, corner.at);
        if (distance > 0 && distance < nearest) ring.push(corner.point);
      }
      if (next === first) break;
      if (used.has(next)) return [];
      current = next;
    }
    ring.push(ring[0]!);
    rings.push(ring);
  }
  return polygonsOf(rings, islands);
}
