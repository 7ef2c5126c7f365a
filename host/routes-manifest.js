// routes.json beside the host's index.html: which layout and remote screen each path shows, so
// that the server can draw the layout's skeleton into the page it serves and preload the
// screen's files (server/src/releases/preload.ts, skeleton.ts).
// Published with the host release, so it always matches the route table the page runs.
import { JsonAsset } from '@taxi/tooling/webpack';
import { ROUTE_TABLE } from './src/routes/routeTable.ts';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The route table's matching (empty segments ignored, `:name` is any one segment) as a regular
 * expression over the pathname.
 */
function pattern(routePath) {
  const parts = routePath.split('/').filter(Boolean);
  const segments = parts.map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)));
  return segments.length === 0 ? '^/*$' : `^/*${segments.join('/+')}/*$`;
}

/** routes.json: each route's pattern, layout and remote screen. */
export const routesManifest = () =>
  new JsonAsset('routes.json', () =>
    ROUTE_TABLE.map((row) => ({
      pattern: pattern(row.path),
      layout: row.layout,
      remote: row.remote,
      module: row.module,
    })),
  );
