// The page's script after #root (index.html): the service worker keeps one page for every
// route, so a start may carry the skeleton drawn for another route; its texts are hidden then.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const page = readFileSync(path.join(__dirname, 'index.html'), 'utf8');
const guard = /<div id="root"><\/div>\s*<script>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';

/**
 * Runs the guard at `pathname` over a skeleton drawn for `route` (with texts of the moment when
 * `live`), on a page the service worker answered when `kept`; the skeleton's classes after.
 */
function classesAt(pathname: string, route: string | null, { live = false, kept = false } = {}) {
  window.history.replaceState(null, '', pathname);
  document.body.innerHTML = `<div id="root"><div class="sk sk--map"></div></div>`;
  const skeleton = document.querySelector('.sk')!;
  if (route !== null) skeleton.setAttribute('data-route', route);
  if (live) skeleton.setAttribute('data-live', '');
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: kept ? { controller: {} } : { controller: null },
  });
  new Function(guard)();
  return skeleton.className;
}

test('texts drawn for another route are hidden; those of this route, or of none, stay', () => {
  expect(guard).toContain('sk--elsewhere');
  // Home's skeleton kept by the worker, opened at the login.
  expect(classesAt('/auth/', '^/*$')).toBe('sk sk--map sk--elsewhere');
  expect(classesAt('/', '^/*$')).toBe('sk sk--map');
  expect(classesAt('/t/AB12/s3cret', '^/*t/+[^/]+/+[^/]+/*$')).toBe('sk sk--map');
  expect(classesAt('/auth/', null)).toBe('sk sk--map');
  // A pattern the browser cannot read leaves the page as it is.
  expect(classesAt('/auth/', '(')).toBe('sk sk--map');
});

test("an order's state in a page the service worker kept is hidden; in the server's page it shows", () => {
  const rideLink = '^/*t/+[^/]+/+[^/]+/*$';
  expect(classesAt('/t/AB12/s3cret', rideLink, { live: true })).toBe('sk sk--map');
  expect(classesAt('/t/AB12/s3cret', rideLink, { live: true, kept: true })).toBe(
    'sk sk--map sk--elsewhere',
  );
  // Texts of a screen, not of a moment, show from the kept page too.
  expect(classesAt('/', '^/*$', { kept: true })).toBe('sk sk--map');
});
