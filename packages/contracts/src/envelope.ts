/** The response envelope of DESIGN §6. */
export interface ApiSuccess<T> {
  status: true;
  data: T;
  message?: string;
}

export interface ApiFailure {
  status: false;
  statusCode: number;
  error: ErrorCode;
  message: string;
  /** Per-field or per-item details, when the failure concerns several. */
  details?: unknown;
}

export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'INVALID_CREDENTIALS'
  | 'FORBIDDEN'
  | 'PLATFORM_FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'INVALID_RESET_TOKEN'
  | 'PAYLOAD_TOO_LARGE'
  /** An external service the server relies on (ROUTING_URL) did not answer. */
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_ERROR';
