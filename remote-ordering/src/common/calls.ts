// The calls of the ordering screens (spec section 7), typed.
import {
  api,
  orderPayload,
  toPoint,
  type AddressPoint,
  type HistoryEntry,
  type OrderDraft,
  type Quote,
  type Settings,
  type StreetSearchResult,
  ACCEPT_MISSING_TAXI_ETA_GT_DEFAULT,
  type TrackLink,
} from '@taxi/shared';

export async function fetchHistory(): Promise<HistoryEntry[]> {
  const reply = await api.get('GET_CLIENT_ORDER_HISTORY', { taxi_group_id: null });
  // Read leniently: an entry without its pickup or id is left out.
  const list: unknown[] = Array.isArray(reply.history) ? reply.history : [];
  return list.flatMap((raw) => {
    const entry = raw as Record<string, unknown>;
    const poi = toPoint(entry.poi);
    if (!poi || typeof entry.id !== 'number') return [];
    return [
      {
        ...(entry as unknown as HistoryEntry),
        poi,
        dst: toPoint(entry.dst),
        date_time: typeof entry.date_time === 'string' ? entry.date_time : '',
      },
    ];
  });
}

export async function deleteHistoryEntry(orderId: number): Promise<void> {
  await api.get('IGNORE_CLIENT_ORDER_HISTORY', { order_id: orderId });
}

export async function simulateOrder(draft: OrderDraft, settings: Settings): Promise<Quote> {
  const reply = await api.action('ORDER_SIM', {
    order: orderPayload(draft, settings),
    taxi_group_id: settings.taxi_group_id,
  });
  const number = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : null;
  return {
    dst_price: number(reply.dst_price),
    eta_min: number(reply.eta_min),
    dst_map_points: Array.isArray(reply.dst_map_points) ? reply.dst_map_points : [],
    accept_missing_taxi_eta_gt:
      number(reply.accept_missing_taxi_eta_gt) ?? ACCEPT_MISSING_TAXI_ETA_GT_DEFAULT,
  };
}

export async function saveOrder(draft: OrderDraft, settings: Settings): Promise<TrackLink> {
  const reply = await api.get('ORDER_SAVE', {
    order: orderPayload(draft, settings),
    taxi_group_id: settings.taxi_group_id,
  });
  // The typed reply still may lack its track when another server answers.
  const { track } = reply;
  if (!track?.order_short_id || !track.secret) throw new Error('ORDER_SAVE without track');
  return { order_short_id: track.order_short_id, secret: track.secret };
}

/** POI_QUERY: results come as `result` or `data_list` (spec section 7). */
export async function searchAddresses(
  query: string,
  signal?: AbortSignal,
): Promise<StreetSearchResult[]> {
  const reply = await api.action('POI_QUERY', { query });
  signal?.throwIfAborted();
  const list = Array.isArray(reply.result)
    ? reply.result
    : Array.isArray(reply.data_list)
      ? reply.data_list
      : [];
  return (list as StreetSearchResult[]).filter(
    (item) => item && typeof item.lat === 'number' && typeof item.lng === 'number',
  );
}

/** GET_ADDRESS: the address at a point, as a pickup keeping the very coordinates. */
export async function addressAt(lat: number, lng: number): Promise<AddressPoint> {
  const reply = await api.action('GET_ADDRESS', { lat, lng });
  const found = toPoint(reply.result) ?? toPoint({});
  return { ...found!, id: null, lat, lng };
}
