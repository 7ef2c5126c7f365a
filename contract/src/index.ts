// @taxi/contract: the wire format both the server and the screens compile against.
export * from './errors.ts';
export * from './constants.ts';
export * from './entities.ts';
export * from './geometry.ts';
export * from './paths.ts';
export * from './first-paint.ts';
export * from './track-view.ts';
export * from './settings.ts';
export * from './call.ts';
export * from './actions.ts';
export * from './driver.ts';
export * from './tracking.ts';
export * from './ride-notifications.ts';
// Business rides' validators and limits are '@taxi/contract/business': kept out of the shared
// package, which every first screen loads whole.
export type * from './business.ts';
// The error report's form and settings.json's query, as the server checks them.
export type { ErrorReportForm, SettingsQuery } from './schemas/other-calls.ts';
