import {
  type AddressPoint,
  emptyAddressPoint,
  ORDER_TYPES,
  type OrderPayload,
  type StreetSearchResult,
  TAXI_COUNT_MAX,
  TAXI_COUNT_MIN,
  type Settings,
} from '@taxi/contract';
import { atom } from 'jotai';
import { deviceStorage } from '../session/storage';
import { numberOf, textOf } from '../model/lenient';
import { settingsAtom } from '../session/store';
import type { OrderDraft } from './types';

/** localStorage key of the draft: it survives a reload. */
export const DRAFT_KEY = 'order_draft';

/** Kept for remote releases built against @taxi/shared 1.2; new code: emptyAddressPoint. */
export const emptyPoint = (): AddressPoint => emptyAddressPoint();

/** A fresh draft: type Z (a taxi now), one taxi, nothing chosen. */
export function emptyDraft(): OrderDraft {
  return {
    id: null,
    order_type: 'Z',
    date_time: null,
    advance: 0,
    poi: null,
    dst: null,
    eta_min: null,
    taxi_count: 1,
    passwd: '',
    info: '',
    phone: '',
    rider_name: '',
    selected_taxies: [],
    taxi_features_list: [],
    gratis: false,
    cash_free: false,
    discount: false,
    invoice: false,
    company_profile_id: null,
    repeated_start: null,
    repeated_stop: null,
    repeated_time_hour: null,
    repeated_time_minute: null,
    repeated_monday: false,
    repeated_tuesday: false,
    repeated_wednesday: false,
    repeated_thursday: false,
    repeated_friday: false,
    repeated_saturday: false,
    repeated_sunday: false,
    call_uniqueid: null,
  };
}

/** Any address-like object (stored draft, history entry) as an address point. */
export function toPoint(raw: unknown): AddressPoint | null {
  if (!raw || typeof raw !== 'object') return null;
  const value = raw as Record<string, unknown>;
  return {
    id: value.id === undefined || value.id === null ? null : textOf(value.id),
    lat: numberOf(value.lat),
    lng: numberOf(value.lng),
    quarter: textOf(value.quarter),
    city: textOf(value.city),
    poi_name: textOf(value.poi_name),
    street: textOf(value.street),
    number: textOf(value.number),
    district: textOf(value.district),
  };
}

/** A POI_QUERY result, read leniently: only the position and quality are sure to be there. */
export type SearchHit = Pick<StreetSearchResult, 'lat' | 'lng' | 'quality'> &
  Partial<Omit<StreetSearchResult, 'id'>> & { id: string | number };

/** A POI_QUERY result as the address point an order carries. */
export function pointFromSearch(result: SearchHit): AddressPoint {
  return {
    id: String(result.id),
    lat: result.lat,
    lng: result.lng,
    quarter: result.quarter ?? '',
    city: result.city ?? '',
    poi_name: result.quality === 'poi' || result.quality === 'internal' ? (result.name ?? '') : '',
    street: result.street ?? (result.quality === 'street' ? (result.name ?? '') : ''),
    number: result.number ?? '',
    district: '',
  };
}

/** A stored draft, checked field by field, so an old or damaged copy cannot break Home. */
export function readDraft(stored: string | null): OrderDraft {
  const draft = emptyDraft();
  if (!stored) return draft;
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return draft;
  }
  if (!raw || typeof raw !== 'object') return draft;
  const value = raw as Record<string, unknown>;
  const out = draft as unknown as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(draft)) {
    const field = value[key];
    if (key === 'poi' || key === 'dst') out[key] = toPoint(field);
    else if (fallback === null) {
      if (typeof field === 'string' || typeof field === 'number') out[key] = field;
    } else if (Array.isArray(fallback)) {
      if (Array.isArray(field)) out[key] = field;
    } else if (typeof field === typeof fallback) out[key] = field;
  }
  if (!(ORDER_TYPES as readonly string[]).includes(draft.order_type)) draft.order_type = 'Z';
  draft.taxi_count = Math.min(TAXI_COUNT_MAX, Math.max(TAXI_COUNT_MIN, draft.taxi_count || 1));
  return draft;
}

const draftValueAtom = atom<OrderDraft>(readDraft(deviceStorage.read(DRAFT_KEY)));

export type DraftUpdate = OrderDraft | ((draft: OrderDraft) => OrderDraft);

/**
 * The draft as the corporation lets it be ordered: while `show_dst` is off it has no
 * destination, whatever brought one (order again, an older draft), so none is quoted, shown
 * or sent (spec section 3, Settings).
 */
export function allowedDraft(draft: OrderDraft, settings: Pick<Settings, 'show_dst'> | null) {
  return settings && !settings.show_dst && draft.dst ? { ...draft, dst: null } : draft;
}

/**
 * The passenger's order draft, persisted on the device (key `order_draft`), as the
 * corporation allows it (`allowedDraft`). Every change starts a new order attempt
 * (call_uniqueid cleared) unless the change sets one itself.
 */
export const orderDraftAtom = atom(
  (get) => allowedDraft(get(draftValueAtom), get(settingsAtom)),
  (get, set, update: DraftUpdate) => {
    const previous = get(orderDraftAtom);
    let next = typeof update === 'function' ? update(previous) : update;
    if (next.call_uniqueid === previous.call_uniqueid && next !== previous) {
      const { call_uniqueid: _dropped, ...before } = previous;
      const { call_uniqueid: _kept, ...after } = next;
      if (JSON.stringify(before) !== JSON.stringify(after)) next = { ...next, call_uniqueid: null };
    }
    deviceStorage.write(DRAFT_KEY, JSON.stringify(next));
    set(draftValueAtom, next);
  },
);

/** Clears the draft (after an order is placed, or when the server says one is in progress). */
export const clearDraftAtom = atom(null, (_get, set) => set(orderDraftAtom, emptyDraft()));

/** A new identifier for one order attempt. */
export function newCallUniqueId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The `order` of ORDER_SIM and ORDER_SAVE: the draft with the corporation's taxi group. */
export function orderPayload(
  draft: OrderDraft,
  settings: Pick<Settings, 'taxi_group_id'>,
): OrderPayload {
  const { eta_min: _eta, ...order } = draft;
  const subscription = draft.order_type === 'R';
  return {
    ...order,
    date_time: draft.order_type === 'T' || draft.order_type === 'W' ? draft.date_time : null,
    repeated_start: subscription ? draft.repeated_start : null,
    repeated_stop: subscription ? draft.repeated_stop : null,
    taxi_group_id: settings.taxi_group_id,
  };
}
