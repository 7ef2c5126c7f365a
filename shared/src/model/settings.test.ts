import { normaliseSettings } from './settings';

describe('normaliseSettings', () => {
  const pictures = {
    template: '/tiles/abc-1-r2/{look}/{z}/{x}/{y}{r}.webp',
    bounds: [7.4, 43.72, 7.44, 43.75],
  };

  it('keeps the tile server’s pictures as sent', () => {
    expect(normaliseSettings({ tile_pictures: pictures }).tile_pictures).toEqual(pictures);
  });

  it('drops pictures of the wrong shape, so a screen asks the style instead', () => {
    for (const wrong of [
      'x',
      7,
      { template: 3, bounds: pictures.bounds },
      { template: pictures.template, bounds: [1, 2, 3] },
      { template: pictures.template, bounds: [1, 2, 3, 'north'] },
    ])
      expect(normaliseSettings({ tile_pictures: wrong }).tile_pictures).toBeNull();
  });

  it('still takes a taxi group as a number or null, and nothing else', () => {
    expect(normaliseSettings({ taxi_group_id: 4 }).taxi_group_id).toBe(4);
    expect(normaliseSettings({ taxi_group_id: '4' }).taxi_group_id).toBeNull();
  });
});
