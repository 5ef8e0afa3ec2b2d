// "Confirm it's you": the page where a member confirms (my page's check page) and what they
// confirm with. The server holds the rule (`auth::session::confirm_it_is`); the address and the
// member's means are written here once for the pages and the dialog that send members there.

/** Whether the member signs in with a password (joined by e-mail); members who joined through a
 * social account have none and confirm by certification or with a passkey. */
export function hasPassword(profile: { channel: string }): boolean {
  return profile.channel.toLowerCase() === "email";
}

/** The check page, coming back to `target` afterwards; `expired` says why the member is there
 * again. */
export function checkHref(target: string, expired = false): string {
  return `/mypage/password/check?redirectUrl=${encodeURIComponent(target)}${expired ? "&expired=1" : ""}`;
}
