// The reset token of a password recovery, kept in the tab's session storage: the mailed
// link's token leaves the address bar as soon as the page has read it (so it is not left in
// the history or shown over a shoulder), and the token a phone certification gave goes from
// the phone page to the reset page without ever being in an address.
export type ResetType = "email" | "phone";

const key = (type: ResetType) => `tidemark.reset.${type}`;

export function keepResetToken(type: ResetType, token: string): void {
  try {
    sessionStorage.setItem(key(type), token);
  } catch {
    // Without storage the reset page cannot find the token after a reload: it offers a new one.
  }
}

export function resetToken(type: ResetType): string | null {
  try {
    return sessionStorage.getItem(key(type));
  } catch {
    return null;
  }
}

export function forgetResetToken(type: ResetType): void {
  try {
    sessionStorage.removeItem(key(type));
  } catch {
    // Nothing kept.
  }
}
