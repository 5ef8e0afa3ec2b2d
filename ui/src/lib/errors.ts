import { ApiError } from "./api";

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

/** A refusal the page expects and explains on its own screen (no access, content missing):
 * no application error, so nothing for the browser's console. */
export function isExpectedRefusal(error: unknown): boolean {
  return error instanceof AppError && error.status < 500;
}

/** Status, message and description of anything thrown, for the core's error screen. */
export function describeError(error: unknown): { status: number; message: string | null; description: string | null } {
  if (error instanceof AppError) return { status: error.status, message: error.message, description: error.description };
  if (error instanceof Error) return { status: 500, message: error.message, description: null };
  return { status: 500, message: null, description: null };
}

/** SPEC §8 code 101: the error screen's 'content does not exist'. */
export const NO_CONTENT_STATUS = 101;

/** A page's missing content (a 404, or the API's code 101) is the 'content does not exist'
 * screen, not an application error message: it is raised as an AppError, which the failure
 * reporter leaves to the page's error boundary. Anything else stays as it is. */
export function asMissing(error: unknown): unknown {
  if (error instanceof ApiError && (error.status === 404 || error.code === String(NO_CONTENT_STATUS))) {
    return new AppError(NO_CONTENT_STATUS, error.message);
  }
  return error;
}

/** The retry rule of a page's own data: once more at most, and never for missing content or
 * a refused call, which will not change by asking again. */
export function retryPageData(failures: number, error: unknown): boolean {
  return failures < 2 && !(error instanceof AppError) && !(error instanceof ApiError && error.status < 500);
}
