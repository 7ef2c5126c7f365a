import {
  GLYPHS_PATH,
  RASTER_TILE_FILE,
  rasterTemplate,
  SPRITE_PATH,
  VERSIONED_TILE,
} from './tile-paths.ts';

describe('the versioned /tiles/ files', () => {
  it('the addresses the server serves are the ones the service worker keeps', () => {
    const raster = rasterTemplate('monaco-ab12-r3', 'dark-pl', '?hostname=a.example')
      .replace('{z}/{x}/{y}{r}', '15/17063/11916@2x')
      .split('?')[0]!;
    for (const path of [
      raster,
      `${GLYPHS_PATH}/Noto Sans Regular/256-511.pbf`,
      `${SPRITE_PATH}.json`,
      `${SPRITE_PATH}@2x.png`,
      '/tiles/monaco-ab12/14/8531/5958.pbf',
    ])
      expect({ path, kept: VERSIONED_TILE.test(path) }).toEqual({ path, kept: true });
  });

  it('a raster tile is a whole number, at one or two pixels per CSS pixel', () => {
    expect(RASTER_TILE_FILE.exec('11916.webp')?.slice(1)).toEqual(['11916', undefined]);
    expect(RASTER_TILE_FILE.exec('11916@2x.webp')?.slice(1)).toEqual(['11916', '@2x']);
    for (const file of ['x.webp', '11916.png', '11916@3x.webp'])
      expect(RASTER_TILE_FILE.test(file)).toBe(false);
    expect(VERSIONED_TILE.test('/tiles/style.json')).toBe(false);
  });
});
