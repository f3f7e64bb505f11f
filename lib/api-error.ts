// The one error type of the API. Anything thrown that is not an ApiError becomes a 500 that says nothing internal.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
    readonly headers: Record<string, string> = {},
    /** Extra fields of the answer: `code` (a stable name the interface picks its translated title by) and details. */
    readonly details: { code?: string; [field: string]: unknown } = {},
  ) {
    super(messages.join('; '));
    this.name = 'ApiError';
  }

  /** The same error with a stable `code` (and other fields) in its answer. */
  with(details: { code: string; [field: string]: unknown }): ApiError {
    return new ApiError(this.status, this.messages, this.headers, { ...this.details, ...details });
  }

  static badRequest(...messages: string[]) {
    return new ApiError(400, messages);
  }
  static unauthorized(message = 'You are not logged in') {
    return new ApiError(401, [message]);
  }
  static sessionExpired(message = 'Your session has expired. Please log in again') {
    return new ApiError(440, [message]);
  }
  static forbidden(message = 'You do not have access to this') {
    return new ApiError(403, [message]);
  }
  static notFound(what = 'The item') {
    return new ApiError(404, [`${what} was not found`]);
  }
  static conflict(message: string) {
    return new ApiError(409, [message]);
  }
  static tooLarge(message = 'The request is too large') {
    return new ApiError(413, [message]);
  }
  /** The database (or another service the answer needs) cannot be used right now: try again shortly. */
  static unavailable(retryAfterSeconds = 5) {
    return new ApiError(503, ['The service is briefly unavailable. Please try again in a moment'], {
      'Retry-After': String(retryAfterSeconds),
    });
  }
  static tooManyRequests(message: string, retryAfterSeconds?: number) {
    return new ApiError(429, [message], retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {});
  }
}
