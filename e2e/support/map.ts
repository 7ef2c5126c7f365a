// The map as a passenger meets it: pictures first (the lite map), the interactive WebGL map once
// they reach for it.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/**
 * The passenger taps the map (near its left edge, a third of the way down: clear of the pins,
 * the bars, the tools, and the sheet over its bottom half on a short phone):
 * the interactive map starts and comes in sight in the pictures' place. Resolves with it, the
 * region of that name being the library's WebGL canvas.
 */
export async function reachForMap(
  page: Page,
  name: string,
  library: 'maplibregl' | 'mapboxgl' = 'maplibregl',
) {
  const region = page.getByRole('region', { name, exact: true });
  await region.waitFor();
  const box = (await region.boundingBox())!;
  await page.mouse.click(box.x + 16, box.y + box.height / 3);
  const canvas = page.locator(`canvas.${library}-canvas`);
  await canvas.waitFor();
  await region.and(canvas).waitFor();
  assert.equal(await region.evaluate((element) => element.className), `${library}-canvas`);
  return region;
}
