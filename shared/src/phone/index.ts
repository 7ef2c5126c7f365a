// The phone-number rules of the login, the change of phone and the rider of an order for someone
// else: one module, loaded on demand (libphonenumber-js weighs more than the forms using it).
export * from './phoneNumber';
export type * from './types';
export type { CountryCode } from 'libphonenumber-js/core';
