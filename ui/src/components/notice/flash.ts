// A message for the next page: a page that finishes something and moves on (a withdrawal that
// lands on the home page signed out, a saved profile back on my page) leaves it here, and the
// layout shows it once on the page the browser lands on. Kept in the tab's session storage, so
// it survives the navigation and never reaches another tab.

const KEY = "tidemark.flash";

/** Leaves `message` for the page the browser goes to next. */
export function flash(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // Storage blocked: the page lands without its message; what was done is done.
  }
}

/** The message left for this page, taken once. */
export function takeFlash(): string | null {
  try {
    const message = sessionStorage.getItem(KEY);
    if (message !== null) sessionStorage.removeItem(KEY);
    return message;
  } catch {
    return null;
  }
}
