import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWithApp, sessionOf } from "../../../test/render";
import { FlagButton } from "./FlagButton";

beforeEach(() => {
  window.history.replaceState(null, "", "/post/7");
});

function flagButton() {
  return screen.getByRole("button", { name: "문제 신고" });
}

describe("FlagButton", () => {
  it("says it waits while the session is not known, and a click then goes nowhere", () => {
    renderWithApp(<FlagButton postSeq={7} />, { session: sessionOf("starting") });
    expect(flagButton().getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(flagButton());
    expect(window.location.pathname).toBe("/post/7");
  });

  it("sends a guest to the login page, coming back to the post", () => {
    renderWithApp(<FlagButton postSeq={7} />, { session: sessionOf("guest") });
    expect(flagButton().getAttribute("aria-disabled")).toBeNull();
    fireEvent.click(flagButton());
    expect(window.location.pathname).toBe("/member/login");
    expect(new URLSearchParams(window.location.search).get("redirectUrl")).toBe("/post/7");
  });
});
