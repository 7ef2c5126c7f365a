/**
 * The error catalogue of spec section 8 with each code's English `status_mesg`, plus
 * IN_PROGRESS, which the spec names for quotes and orders ("Another order is in progress").
 * Every failure travels as `{status: "ERR", status_mesg, error_data}`.
 */
export const ERROR_MESSAGES = {
  ACCESS_DENIED: 'Access denied',
  ACCESS_NOT_ALLOWED: 'Missing permission to execute action',
  ACTION_ACCESS_DENIED: 'You cannot perform this action',
  ACTION_NOT_ALLOWED: 'Action not allowed',
  ARG_ERROR: 'Invalid call parameters',
  BLOCKED: 'Client blocked',
  CONNECTION_ERROR: 'Connection to server error',
  DOC_ERROR: 'File content error',
  DOC_MISSING: 'File missing',
  EXCEPTION: 'Error in execution, returned exception',
  FAILED: 'Operation failed',
  INVALID_DATA: 'Incorrect data provided',
  IN_PROGRESS: 'Another order is in progress',
  NOT_FOUND: 'Object does not exist',
  ORDER_ACCESS_DENIED: 'Order not available',
  STORAGE_MISSING: 'No data storage',
  TAXI_NOT_CONNECTED: 'Taxi is not connected to the system',
  WRONG_DATE_TIME: 'Wrong date of scheduled order',
  WRONG_REPEATED: 'Wrong dates or other error in subscription order',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as readonly ErrorCode[];

/** What an unknown code reads as (spec section 8). */
export const UNKNOWN_ERROR_MESSAGE = 'Error in execution, try again later';

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value);
}

/** Every OK reply; the action's own fields come beside these. */
export interface OkStatus {
  status: 'OK';
  status_mesg: string;
}

export interface ErrorReply {
  status: 'ERR';
  status_mesg: string;
  error_data: ErrorCode;
}
