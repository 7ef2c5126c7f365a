// The tracking socket client (spec sections 4 and 7) and the tracking record's types.
export * from './types';
export * from './socket';
export { offerEarlySocket, type EarlySocket } from './early';
export { toLiveTaxi, toTaxisData, toTrackingRecord } from './normalise';
