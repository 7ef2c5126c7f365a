// The map as a passenger meets it: pictures first (the lite map), the interactive WebGL map once
// they reach for it.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/** Home's map, named with the single-pointer way to move the pickup (WCAG 2.5.7). */
export const HOME_MAP = 'Map: tap a place to set the pickup there, or search for the address';
export const HOME_MAP_PL =
  'Mapa: stuknij miejsce, aby ustawić tam miejsce odbioru, lub wyszukaj adres';

/**
 * The passenger taps the map (near its left edge, a third of the way down: clear of the pins,
 * the bars, the tools, and the sheet over its bottom half on a short phone):
 * the interactive map starts and comes in sight in the pictures' place. Resolves with it, the
 * region of that name being the library's WebGL canvas. On Home that tap sets the pickup
 * there; `keyboard` reaches the map by focusing it instead, which moves nothing.
 */
export async function reachForMap(
  page: Page,
  name: string,
  library: 'maplibregl' | 'mapboxgl' = 'maplibregl',
  by: 'tap' | 'keyboard' = 'tap',
) {
  const region = page.getByRole('region', { name, exact: true });
  await region.waitFor();
  const box = (await region.boundingBox())!;
  if (by === 'keyboard') await region.focus();
  else await page.mouse.click(box.x + 16, box.y + box.height / 3);
  const canvas = page.locator(`canvas.${library}-canvas`);
  await canvas.waitFor();
  await region.and(canvas).waitFor();
  assert.equal(await region.evaluate((element) => element.className), `${library}-canvas`);
  return region;
}
