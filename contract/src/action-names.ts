// Every action's name, apart from the rest of the contract: the server's registries and the
// API reference are checked against it, while no screen needs it, so the shared package (which
// every first screen loads whole) does not carry it.
import type { ApiPath, Apis, ClientAction, RatingAction } from './actions.ts';
import type { DriverActions } from './driver.ts';

/** Every action's name, per API: the server's registries are checked against these, and the docs list them. */
export const ACTION_NAMES = {
  '/api/2/': Object.keys({
    GET_AUTH_PHONE_SEND_SECRET: true,
    GET_AUTH_PHONE: true,
    GET_AUTH: true,
    GET_CLIENT: true,
    GET_PHONE: true,
    GET_PHONE_SEND_SECRET: true,
    SET_PHONE_SECRET: true,
    CHANGE_PHONE_SEND_SECRET: true,
    CHANGE_PHONE: true,
    DELETE_REQUEST: true,
    LOGOUT: true,
    ORDER_SIM: true,
    ORDER_SAVE: true,
    GET_CURRENT_ORDERS: true,
    GET_CLIENT_ORDER_HISTORY: true,
    IGNORE_CLIENT_ORDER_HISTORY: true,
    POI_QUERY: true,
    GET_ADDRESS: true,
    GET_SAVED_PLACES: true,
    SAVE_PLACE: true,
    DELETE_PLACE: true,
    GET_PUSH_KEY: true,
    PUSH_SUBSCRIBE: true,
    PUSH_UNSUBSCRIBE: true,
    GET_RECEIPT: true,
    GET_FAVOURITE_TAXIS: true,
    SAVE_FAVOURITE_TAXI: true,
    DELETE_FAVOURITE_TAXI: true,
    GET_COMPANY_PROFILES: true,
    SAVE_COMPANY_PROFILE: true,
    DELETE_COMPANY_PROFILE: true,
    GET_INVOICE: true,
  } satisfies Record<ClientAction, true>) as ClientAction[],
  '/rate/api/1/': Object.keys({
    GET_RATE: true,
    SET_RATE: true,
  } satisfies Record<RatingAction, true>) as RatingAction[],
  '/driver/api/1/': Object.keys({
    LOGIN: true,
    LOGOUT: true,
    TAXI_POSITION: true,
    TAXI_STATE: true,
    GET_OFFERS: true,
    OFFER_ACCEPT: true,
    OFFER_REJECT: true,
    ORDER_ARRIVED: true,
    ORDER_CLIENT_IN: true,
    ORDER_CLIENT_ABSENT: true,
    ORDER_DROP: true,
    RIDE_END: true,
  } satisfies Record<keyof DriverActions, true>) as (keyof DriverActions)[],
} as const satisfies { [Path in ApiPath]: readonly (keyof Apis[Path])[] };
