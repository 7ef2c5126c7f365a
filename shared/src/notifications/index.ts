export { RideNotifyQuestion, type RideNotifyQuestionProps } from './RideNotifyQuestion';
export { newestOrder } from './rideNotifications';
