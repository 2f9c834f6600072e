import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@lifequest/proto';

/** An error a caller can act on: a stable code from the one table, mapped once to status and text. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly error: string;
  /** Sent as `Retry-After`: when a refused caller (429, 503) may try again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message?: string, options?: { cause?: unknown; retryAfterSeconds?: number }) {
    const entry = ERROR_CODES[code];
    super(message ?? entry.error, options);
    this.name = 'AppError';
    this.code = code;
    this.status = entry.status;
    this.error = entry.error;
    this.retryAfterSeconds =
      options?.retryAfterSeconds === undefined
        ? undefined
        : Math.max(1, Math.ceil(options.retryAfterSeconds));
  }

  toBody(): ErrorBody {
    return { error: this.error, message: this.message, code: this.code };
  }
}

export function errorBody(code: ErrorCode, message?: string): ErrorBody {
  return new AppError(code, message).toBody();
}
