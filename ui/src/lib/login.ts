// The way to the login page and back (SPEC §4): the core builds the login page's address
// with the address to come back to (`loginHref`); the login page reads that address back.
import { useCallback } from "react";
import { useLocation } from "wouter";
import { loginHref } from "./core";

/** The login page, coming back to the address the browser shows (path and query). */
export function loginHere(): string {
  return loginHref(`${window.location.pathname}${window.location.search}`);
}

/** What a guest's click on a member's action does: the login page, coming back here. */
export function useLoginRedirect(): () => void {
  const [, navigate] = useLocation();
  return useCallback(() => navigate(loginHere()), [navigate]);
}

/** The address a login page was asked to bring the reader back to, if any. */
export function savedRedirect(search: string): string | null {
  return new URLSearchParams(search).get("redirectUrl");
}
