import { emptyAddressPoint } from '@taxi/contract';
import { normaliseSettings } from '../model/settings';
import { sessionStore, settingsAtom } from '../session/store';
import {
  clearDraftAtom,
  DRAFT_KEY,
  emptyDraft,
  orderDraftAtom,
  orderPayload,
  pointFromSearch,
  readDraft,
} from './draft';
import {
  addressLine,
  canUseCashFree,
  canUseDiscount,
  checkScheduledTime,
  checkSubscription,
  isPickupValid,
  needsQuote,
  stepTaxiCount,
  withScheduledTime,
  withoutScheduledTime,
} from './validation';

const at = (fields: object) => ({ ...emptyAddressPoint(), ...fields });
const NOW = new Date(2026, 4, 10, 12, 0, 0);

describe('pickup validity (spec section 5)', () => {
  it('is valid with coordinates or with a street', () => {
    expect(isPickupValid(at({ lat: 50.06, lng: 19.94 }))).toBe(true);
    expect(isPickupValid(at({ street: 'Floriańska' }))).toBe(true);
  });

  it('is not valid without a point, or with neither coordinates nor a street', () => {
    expect(isPickupValid(null)).toBe(false);
    expect(isPickupValid(at({ city: 'Kraków' }))).toBe(false);
    expect(isPickupValid(at({ street: '   ' }))).toBe(false);
    expect(isPickupValid(at({ lat: 50.06, lng: null }))).toBe(false);
  });

  it('does not take a house number for a street', () => {
    expect(isPickupValid(at({ city: 'Zabierzów', number: '12' }))).toBe(false);
    expect(isPickupValid(at({ city: 'Zabierzów', number: '12', lat: 50.1, lng: 19.8 }))).toBe(true);
  });

  it('asks for a price only with a valid pickup and a destination', () => {
    const pickup = at({ street: 'Floriańska' });
    const destination = at({ lat: 50.07, lng: 19.78 });
    expect(needsQuote({ poi: pickup, dst: destination })).toBe(true);
    expect(needsQuote({ poi: pickup, dst: null })).toBe(false);
    expect(needsQuote({ poi: at({ city: 'Kraków' }), dst: destination })).toBe(false);
  });
});

describe('address lines', () => {
  it('name the place and its street, or the street and number, then the city', () => {
    expect(addressLine(at({ street: 'Floriańska', number: '1', city: 'Kraków' }))).toBe(
      'Floriańska 1, Kraków',
    );
    expect(addressLine(at({ poi_name: 'Kraków Airport', city: 'Balice' }))).toBe(
      'Kraków Airport, Balice',
    );
    expect(
      addressLine(
        at({ poi_name: 'Hotel Pod Różą', street: 'Floriańska', number: '14', city: 'Kraków' }),
      ),
    ).toBe('Hotel Pod Różą, Floriańska 14, Kraków');
    expect(addressLine(at({ lat: 50.0625, lng: 19.9397 }))).toBe('50.06250, 19.93970');
  });

  it('turn a search result into an order point', () => {
    const poi = pointFromSearch({
      id: 7,
      lat: 1,
      lng: 2,
      quality: 'poi',
      name: 'Hotel',
      city: 'X',
    });
    expect(poi).toMatchObject({ id: '7', lat: 1, lng: 2, poi_name: 'Hotel', city: 'X' });
    const house = pointFromSearch({
      id: 'a',
      lat: 1,
      lng: 2,
      quality: 'house',
      street: 'Długa',
      number: '5',
    });
    expect(house).toMatchObject({ street: 'Długa', number: '5', poi_name: '' });
  });
});

describe('scheduled time (spec section 5)', () => {
  it('refuses a time before now as wrong_date', () => {
    expect(checkScheduledTime(new Date(2026, 4, 10, 11, 59), NOW, 5400)).toBe('wrong_date');
    expect(checkScheduledTime(null, NOW, 5400)).toBe('wrong_date');
  });

  it('needs a time later than now plus the advance', () => {
    expect(checkScheduledTime(new Date(2026, 4, 10, 13, 30), NOW, 5400)).toBe('too_soon');
    expect(checkScheduledTime(new Date(2026, 4, 10, 13, 31), NOW, 5400)).toBeNull();
    expect(checkScheduledTime(new Date(2026, 4, 10, 12, 1), NOW, 0)).toBeNull();
  });
});

describe('order types (spec section 4)', () => {
  it('is Z by default, T once a valid time is saved, Z again when it is cleared', () => {
    const draft = emptyDraft();
    expect(draft.order_type).toBe('Z');
    const timed = withScheduledTime(draft, new Date(2026, 4, 10, 15, 5), 5400);
    expect(timed).toMatchObject({
      order_type: 'T',
      date_time: '2026-05-10 15:05:00',
      advance: 5400,
    });
    expect(withoutScheduledTime(timed)).toMatchObject({ order_type: 'Z', date_time: null });
  });
});

describe('subscription (spec section 5)', () => {
  const base = {
    start: '2026-05-11',
    stop: '2026-05-12',
    hour: 7,
    minute: 30,
    days: [true, false, false, false, false, false, false],
  };

  it('accepts a subscription from tomorrow lasting a day', () => {
    expect(checkSubscription(base, NOW)).toBeNull();
  });

  it('starts tomorrow at the earliest', () => {
    expect(checkSubscription({ ...base, start: '2026-05-10' }, NOW)).toBe('start_too_early');
  });

  it('ends at least one day after the start', () => {
    expect(checkSubscription({ ...base, stop: '2026-05-11' }, NOW)).toBe('stop_too_early');
  });

  it('needs a time and a weekday', () => {
    expect(checkSubscription({ ...base, hour: null }, NOW)).toBe('no_time');
    expect(checkSubscription({ ...base, days: base.days.map(() => false) }, NOW)).toBe('no_days');
  });
});

describe('taxi count and perks (spec section 5)', () => {
  it('moves the taxi count by one between 1 and 5', () => {
    expect(stepTaxiCount(1, -1)).toBe(1);
    expect(stepTaxiCount(1, 1)).toBe(2);
    expect(stepTaxiCount(5, 1)).toBe(5);
  });

  it('offers cash-free only when the setting and the client allow it', () => {
    const client = { cash_free: true };
    expect(canUseCashFree({ show_cash_free: true }, client)).toBe(true);
    expect(canUseCashFree({ show_cash_free: false }, client)).toBe(false);
    expect(canUseCashFree({ show_cash_free: true }, { cash_free: false })).toBe(false);
    expect(canUseCashFree({ show_cash_free: true }, null)).toBe(false);
  });

  it('offers a discount only when allowed, held and with some left', () => {
    const client = { discount: 10, count_discount_available: 2 };
    expect(canUseDiscount({ show_discount: true }, client)).toBe(true);
    expect(canUseDiscount({ show_discount: false }, client)).toBe(false);
    expect(canUseDiscount({ show_discount: true }, { ...client, discount: 0 })).toBe(false);
    expect(
      canUseDiscount({ show_discount: true }, { ...client, count_discount_available: 0 }),
    ).toBe(false);
  });
});

describe('the persisted draft', () => {
  afterEach(() => sessionStore.set(clearDraftAtom));

  it('is written to the device and read back field by field', () => {
    const poi = at({ street: 'Floriańska', number: '1', lat: 50.06, lng: 19.94 });
    sessionStore.set(orderDraftAtom, { ...emptyDraft(), poi, taxi_count: 3, info: 'gate 2' });
    const stored = localStorage.getItem(DRAFT_KEY);
    expect(readDraft(stored)).toMatchObject({ poi, taxi_count: 3, info: 'gate 2' });
  });

  it('survives damaged or foreign copies', () => {
    expect(readDraft('{not json')).toEqual(emptyDraft());
    expect(readDraft('{"taxi_count":99,"order_type":"X","poi":"nowhere"}')).toMatchObject({
      taxi_count: 5,
      order_type: 'Z',
      poi: null,
    });
  });

  it('starts a new order attempt whenever the order changes', () => {
    sessionStore.set(orderDraftAtom, { ...emptyDraft(), call_uniqueid: 'attempt-1' });
    expect(sessionStore.get(orderDraftAtom).call_uniqueid).toBe('attempt-1');
    sessionStore.set(orderDraftAtom, (draft) => ({ ...draft, info: 'changed' }));
    expect(sessionStore.get(orderDraftAtom).call_uniqueid).toBeNull();
  });

  it('carries no destination while the corporation has show_dst off', () => {
    const dst = at({ poi_name: 'Kraków Airport', lat: 50.08, lng: 19.78 });
    const poi = at({ street: 'Floriańska', lat: 50.06, lng: 19.94 });
    sessionStore.set(orderDraftAtom, { ...emptyDraft(), poi, dst });
    sessionStore.set(settingsAtom, normaliseSettings({ show_dst: false }));
    try {
      const draft = sessionStore.get(orderDraftAtom);
      expect(draft).toMatchObject({ poi, dst: null });
      expect(needsQuote(draft)).toBe(false);
      expect(orderPayload(draft, { taxi_group_id: 4 }).dst).toBeNull();
      // Any change keeps it out of the stored draft too.
      sessionStore.set(orderDraftAtom, (current) => ({ ...current, info: 'gate 2' }));
      expect(readDraft(localStorage.getItem(DRAFT_KEY)).dst).toBeNull();
    } finally {
      sessionStore.set(settingsAtom, null);
    }
  });

  it('sends the taxi group and drops what the order type does not use', () => {
    const draft = {
      ...emptyDraft(),
      repeated_start: '2026-05-11',
      date_time: '2026-05-10 15:00:00',
    };
    const order = orderPayload(draft, { taxi_group_id: 4 });
    expect(order).toMatchObject({ taxi_group_id: 4, date_time: null, repeated_start: null });
    expect(order).not.toHaveProperty('eta_min');
  });
});
