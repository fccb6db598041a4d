/** Throw from routes and services: becomes `{ message }` with this status. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly issues?: { path: string; message: string }[],
    /** Sent as Retry-After: when a 429 or 503 is worth trying again. */
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
