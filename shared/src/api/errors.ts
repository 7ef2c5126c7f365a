/** The error codes of spec section 8 ("By error_data"). */
export const ERROR_CODES = [
  'ACCESS_DENIED',
  'ACCESS_NOT_ALLOWED',
  'ACTION_ACCESS_DENIED',
  'ACTION_NOT_ALLOWED',
  'ARG_ERROR',
  'BLOCKED',
  'CONNECTION_ERROR',
  'DOC_ERROR',
  'DOC_MISSING',
  'EXCEPTION',
  'FAILED',
  'INVALID_DATA',
  'NOT_FOUND',
  'ORDER_ACCESS_DENIED',
  'STORAGE_MISSING',
  'TAXI_NOT_CONNECTED',
  'WRONG_DATE_TIME',
  'WRONG_REPEATED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The code of an ERR reply that names no `error_data`: not in the catalogue, so it reads
 * 'Error in execution, try again later' (spec section 8), never EXCEPTION's text.
 */
export const UNKNOWN_ERROR = 'UNKNOWN';

/** An ERR reply, or CONNECTION_ERROR when no usable reply came. */
export class ApiError extends Error {
  readonly code: string;
  readonly statusMesg: string | undefined;

  constructor(code: string, statusMesg?: string) {
    super(statusMesg ? `${code}: ${statusMesg}` : code);
    this.name = 'ApiError';
    this.code = code;
    this.statusMesg = statusMesg;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function connectionError(): ApiError {
  return new ApiError('CONNECTION_ERROR');
}
