/** An error a page raises on purpose, with the status and texts the error screen shows. */
export class AppError extends Error {
  readonly status: number;
  readonly description: string | null;

  constructor(status: number, message: string, description: string | null = null) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.description = description;
  }
}

/** Status, message and description of anything thrown, for the core's error screen. */
export function describeError(error: unknown): { status: number; message: string | null; description: string | null } {
  if (error instanceof AppError) return { status: error.status, message: error.message, description: error.description };
  if (error instanceof Error) return { status: 500, message: error.message, description: null };
  return { status: 500, message: null, description: null };
}
