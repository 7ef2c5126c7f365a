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
