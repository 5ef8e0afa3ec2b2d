import { Link, useLocation, useSearch } from "wouter";
import { loginHref } from "../../../lib/core";
import { useTexts } from "../texts";

/** What a guest sees instead of a member's list: why, and the way to the login page that
 * brings the reader back here. */
export function SignInPrompt() {
  const tx = useTexts();
  const [path] = useLocation();
  const search = useSearch();
  const here = `${path}${search ? `?${search}` : ""}`;
  return (
    <section className="signin-prompt" aria-labelledby="signin-prompt-title">
      <h2 id="signin-prompt-title">{tx.signInTitle}</h2>
      <p>{tx.signInBody}</p>
      <Link href={loginHref(here)} className="button button-primary">
        {tx.signInAction}
      </Link>
    </section>
  );
}
