import type { VectorSourceSpecification } from 'maplibre-gl';
import { absoluteRequest, isStyleUrl, mapStyle, rasterStyle, tileArea } from './style';

describe('map style from the settings', () => {
  it('tells a style document from a raster template', () => {
    expect(isStyleUrl('/tiles/style.json')).toBe(true);
    expect(isStyleUrl('https://tiles.example.com/styles/basic.json?key=abc')).toBe(true);
    expect(isStyleUrl('mapbox://styles/acme/ck123')).toBe(true);
    expect(isStyleUrl('https://tile.example.com/{z}/{x}/{y}.png')).toBe(false);
    expect(isStyleUrl('')).toBe(false);
  });

  it('wraps a raster template in a style over the background', () => {
    const style = mapStyle('https://tile.example.com/{z}/{x}/{y}.png', {
      dark: false,
      mapbox: false,
    });
    expect(style).toEqual(rasterStyle('https://tile.example.com/{z}/{x}/{y}.png', false));
    expect(typeof style === 'object' && style.sources.tiles).toMatchObject({
      type: 'raster',
      maxzoom: 18,
    });
  });

  it('draws a raster map at once: no transitions, tiles not faded in', () => {
    const style = rasterStyle('https://tile.example.com/{z}/{x}/{y}.png', false);
    expect(style.transition).toEqual({ duration: 0, delay: 0 });
    expect(style.layers.find((layer) => layer.type === 'raster')).toMatchObject({
      paint: { 'raster-fade-duration': 0 },
    });
  });

  it('draws only a background without tiles on maplibre, Mapbox streets with a token', () => {
    const plain = mapStyle('', { dark: true, mapbox: false });
    expect(typeof plain === 'object' && plain.layers.map((layer) => layer.id)).toEqual([
      'background',
    ]);
    expect(mapStyle('', { dark: false, mapbox: true })).toBe('mapbox://styles/mapbox/streets-v12');
    expect(mapStyle('', { dark: true, mapbox: true })).toBe('mapbox://styles/mapbox/dark-v11');
  });

  it("asks the app's own server for the dark variant of its style, and no one else", () => {
    expect(mapStyle('/tiles/style.json', { dark: false, mapbox: false })).toBe('/tiles/style.json');
    expect(mapStyle('/tiles/style.json', { dark: true, mapbox: false })).toBe(
      '/tiles/style.json?theme=dark',
    );
    expect(mapStyle('/tiles/style.json?v=2', { dark: true, mapbox: true })).toBe(
      '/tiles/style.json?v=2&theme=dark',
    );
    expect(mapStyle('https://maps.example.com/style.json', { dark: true, mapbox: false })).toBe(
      'https://maps.example.com/style.json',
    );
  });

  it("asks the app's own server for labels in the passenger's language, icons on the page's origin", () => {
    expect(mapStyle('/tiles/style.json', { dark: false, mapbox: false, language: 'pl' })).toBe(
      '/tiles/style.json?lang=pl',
    );
    expect(
      mapStyle('/tiles/style.json', {
        dark: true,
        mapbox: false,
        language: 'en',
        origin: 'https://taxi.example.com',
      }),
    ).toBe('/tiles/style.json?theme=dark&lang=en&origin=https%3A%2F%2Ftaxi.example.com');
    expect(
      mapStyle('/tiles/style.json', {
        dark: false,
        mapbox: true,
        language: 'pl',
        origin: 'https://taxi.example.com',
      }),
    ).toBe('/tiles/style.json?lang=pl&origin=https%3A%2F%2Ftaxi.example.com');
    expect(
      mapStyle('https://maps.example.com/style.json', {
        dark: false,
        mapbox: false,
        language: 'pl',
      }),
    ).toBe('https://maps.example.com/style.json');
  });

  it('makes root-relative requests absolute for the web worker, leaves others alone', () => {
    expect(absoluteRequest('/tiles/abc/14/8529/5975.pbf')).toEqual({
      url: `${window.location.origin}/tiles/abc/14/8529/5975.pbf`,
    });
    expect(absoluteRequest('https://tile.example.com/1/2/3.png')).toEqual({
      url: 'https://tile.example.com/1/2/3.png',
    });
  });

  it('takes the area the tiles cover from the sources that declare it', () => {
    const source = (bounds?: [number, number, number, number]): VectorSourceSpecification => ({
      type: 'vector',
      tiles: ['/t/{z}/{x}/{y}.pbf'],
      ...(bounds ? { bounds } : {}),
    });
    expect(
      tileArea({
        sources: { a: source([7.4, 43.72, 7.44, 43.75]), b: source([7.38, 43.73, 7.43, 43.76]) },
      }),
    ).toEqual([
      [7.38, 43.72],
      [7.44, 43.76],
    ]);
    expect(tileArea({ sources: { a: source() } })).toBeNull();
    expect(tileArea(rasterStyle('https://tile.example.com/{z}/{x}/{y}.png', false))).toBeNull();
    expect(tileArea(undefined)).toBeNull();
  });
});
