// What the ordering screens' tests start from: addresses, a draft, the features of a corporation.
import { act } from '@testing-library/react';
import {
  emptyDraft,
  emptyPoint,
  orderDraftAtom,
  sessionStore,
  type AddressPoint,
  type OrderDraft,
} from '@taxi/shared';
import { resetSession } from '@taxi/shared/testing';
import { dismissedOrdersAtom } from '../home/ActiveOrdersDialog';

export function point(fields: Partial<AddressPoint>): AddressPoint {
  return { ...emptyPoint(), ...fields };
}

export const FLORIANSKA = point({
  lat: 50.0625,
  lng: 19.9397,
  city: 'Kraków',
  street: 'Floriańska',
  number: '1',
});
export const AIRPORT = point({
  lat: 50.0777,
  lng: 19.7848,
  city: 'Balice',
  poi_name: 'Kraków Airport',
});

/** Puts a draft in the store, as if the passenger had been choosing. */
export function setDraft(change: Partial<OrderDraft>) {
  act(() => sessionStore.set(orderDraftAtom, { ...emptyDraft(), ...change }));
}

export function draft(): OrderDraft {
  return sessionStore.get(orderDraftAtom);
}

/** A clean session between tests, with no active order dismissed. */
export function resetOrdering() {
  resetSession();
  sessionStore.set(dismissedOrdersAtom, []);
}

export const FEATURES = {
  categories: [
    { id: 1, name: 'Vehicle' },
    { id: 2, name: 'Extras' },
  ],
  features: [
    {
      id: 1,
      name: 'Estate car',
      category_id: 1,
      surcharge_enabled: true,
      surcharge_t1: 5,
      surcharge_t2: 7,
    },
    {
      id: 3,
      name: 'Pet',
      category_id: 2,
      surcharge_enabled: true,
      surcharge_t1: 10,
      surcharge_t2: 10,
    },
    {
      id: 4,
      name: 'Child seat',
      category_id: 2,
      surcharge_enabled: false,
      surcharge_t1: 0,
      surcharge_t2: 0,
    },
  ],
};
