/**
 * The error catalogue of spec section 8, plus IN_PROGRESS which the spec names for quotes and
 * orders. Every API failure travels as `{status: "ERR", status_mesg, error_data}`.
 */
export const ERROR_MESSAGES = {
  ACCESS_DENIED: 'Access denied',
  ACCESS_NOT_ALLOWED: 'Missing permission to execute action',
  ACTION_ACCESS_DENIED: 'You cannot perform this action',
  ACTION_NOT_ALLOWED: 'Action not allowed',
  ARG_ERROR: 'Invalid call parameters',
  BLOCKED: 'Client blocked',
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

export interface ErrorReply {
  status: 'ERR';
  status_mesg: string;
  error_data: ErrorCode;
}

/** Thrown by an action to end it with an ERR reply. */
export class ApiFailure extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string = ERROR_MESSAGES[code]) {
    super(message);
    this.name = 'ApiFailure';
    this.code = code;
  }
}

export function errorReply(code: ErrorCode, message: string = ERROR_MESSAGES[code]): ErrorReply {
  return { status: 'ERR', status_mesg: message, error_data: code };
}
