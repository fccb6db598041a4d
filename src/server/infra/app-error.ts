/** Throw from routes and services: becomes `{ message }` with this status. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}
