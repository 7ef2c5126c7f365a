// What kind of place a POI is, from its OpenStreetMap tags.

/** `historic` values of landmarks a passenger names (not an old shop's `building`). */
const LANDMARKS = new Set([
  'castle',
  'palace',
  'monument',
  'memorial',
  'fort',
  'city_gate',
  'tower',
  'ruins',
  'archaeological_site',
  'manor',
]);

/**
 * The kind of a POI from its tags (spec section 3: airport, hospital, hotel, bus stop, ...): of
 * the tags, the one that names the place best, so that a transport hub, a hospital, a church or
 * a landmark (palace, museum, monument) wins over an amenity, shop or leisure attached to it.
 */
export function poiKind(tags: Record<string, string>): string | undefined {
  const { amenity, tourism, shop, railway, aeroway, leisure, historic, office, highway } = tags;
  const pt = tags.public_transport;
  if (aeroway === 'aerodrome' || aeroway === 'terminal') return 'airport';
  if (railway === 'station' || railway === 'halt') return 'railway_station';
  if (railway === 'tram_stop') return 'tram_stop';
  if (highway === 'bus_stop' || (pt === 'platform' && tags.bus === 'yes')) return 'bus_stop';
  if (amenity === 'bus_station') return 'bus_station';
  if (pt === 'station') return 'station';
  if (amenity === 'hospital' || amenity === 'clinic') return 'hospital';
  if (amenity === 'university' || amenity === 'college') return 'university';
  if (amenity === 'place_of_worship') return 'church';
  if (historic && LANDMARKS.has(historic)) return 'monument';
  if (tourism === 'museum') return 'museum';
  if (amenity === 'cafe' || amenity === 'fast_food' || amenity === 'bar' || amenity === 'pub')
    return 'restaurant';
  if (amenity)
    return [
      'bench',
      'waste_basket',
      'parking_space',
      'bicycle_parking',
      'vending_machine',
      'toilets',
      'recycling',
    ].includes(amenity)
      ? undefined
      : amenity;
  if (tourism) {
    if (['hotel', 'hostel', 'guest_house', 'motel', 'apartment'].includes(tourism)) return 'hotel';
    return ['information', 'artwork', 'picnic_site'].includes(tourism) ? undefined : tourism;
  }
  if (shop) return shop === 'mall' ? 'mall' : 'shop';
  if (leisure)
    return ['park', 'stadium', 'sports_centre', 'marina', 'garden', 'water_park'].includes(leisure)
      ? leisure
      : undefined;
  if (historic) return 'monument';
  if (office) return 'office';
  return undefined;
}
