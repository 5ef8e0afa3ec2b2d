import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "../../lib/api";
import { ok, refused, renderWithApp, sessionOf, type Call } from "../../test/render";
import { useFailureMessage } from "../form";
import { ConfirmItsYou } from "./ConfirmItsYou";

// jsdom has <dialog> without its modal behaviour: showModal and close do what the browser's do
// to the element; the dialog in Chromium is in tests/e2e/console.spec.ts.
beforeAll(() => {
  Object.defineProperty(HTMLDialogElement.prototype, "showModal", {
    value: vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute("open", "");
    }),
    configurable: true,
  });
  Object.defineProperty(HTMLDialogElement.prototype, "close", {
    value: vi.fn(function (this: HTMLDialogElement) {
      if (!this.hasAttribute("open")) return;
      this.removeAttribute("open");
      this.dispatchEvent(new Event("close"));
    }),
    configurable: true,
  });
});

afterAll(() => {
  Reflect.deleteProperty(HTMLDialogElement.prototype, "showModal");
  Reflect.deleteProperty(HTMLDialogElement.prototype, "close");
});

/** A button that removes manager 7, with the outcome under it. */
function Remove() {
  const failure = useFailureMessage();
  const [outcome, setOutcome] = useState("");
  const remove = () =>
    api("/api/v1/businesses/1/managers/7", { method: "DELETE" }).then(
      () => setOutcome("removed"),
      (error: unknown) => setOutcome(failure(error)),
    );
  return (
    <>
      <button type="button" onClick={() => void remove()}>
        remove
      </button>
      <p data-testid="outcome">{outcome}</p>
      <ConfirmItsYou />
    </>
  );
}

/** The removal refused until the password check has been made, as the server does. */
function server(wrongFirst = false) {
  let checked = false;
  let tries = 0;
  return {
    "DELETE /api/v1/businesses/1/managers/7": () => (checked ? ok(null) : refused(403, "2013", "confirm it's you")),
    "POST /mypage/v1/password/check": (call: Call) => {
      tries += 1;
      if (wrongFirst && tries === 1) return refused(401, "1003", "the password is not right");
      checked = (call.body as { password: string }).password === "Tide-mark-26";
      return ok({ validUntil: new Date(Date.now() + 300_000).toISOString() });
    },
  };
}

describe("ConfirmItsYou", () => {
  it("asks for the password when a call is refused with 2013, then sends the call again", async () => {
    const { fetch } = renderWithApp(<Remove />, { fetch: server(true), session: sessionOf("member"), lang: "en" });
    fireEvent.click(screen.getByRole("button", { name: "remove" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm it's you" });
    expect(document.getElementById(dialog.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(/cannot be undone/);
    const password = screen.getByLabelText("Password");
    expect(password.getAttribute("autocomplete")).toBe("current-password");
    expect(document.activeElement).toBe(password);
    fireEvent.change(password, { target: { value: "Wrong-pass-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await screen.findByText("That password is not right.");
    expect(screen.getByTestId("outcome").textContent).toBe("");
    fireEvent.change(password, { target: { value: "Tide-mark-26" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.getByTestId("outcome").textContent).toBe("removed"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fetch.log()).toEqual([
      "DELETE /api/v1/businesses/1/managers/7",
      "POST /mypage/v1/password/check",
      "POST /mypage/v1/password/check",
      "DELETE /api/v1/businesses/1/managers/7",
    ]);
  });

  it("cancelled, changes nothing and says so in the page's language", async () => {
    const { fetch } = renderWithApp(<Remove />, { fetch: server(), session: sessionOf("member") });
    fireEvent.click(screen.getByRole("button", { name: "remove" }));
    await screen.findByRole("dialog", { name: "본인 확인" });
    fireEvent.click(screen.getByRole("button", { name: "취소" }));
    await waitFor(() => expect(screen.getByTestId("outcome").textContent).toBe("본인 확인을 마치지 않아 아무것도 바뀌지 않았습니다."));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fetch.log()).toEqual(["DELETE /api/v1/businesses/1/managers/7"]);
  });

  it("asks once for calls refused together", async () => {
    const { fetch } = renderWithApp(<Remove />, { fetch: server(), session: sessionOf("member") });
    fireEvent.click(screen.getByRole("button", { name: "remove" }));
    fireEvent.click(screen.getByRole("button", { name: "remove" }));
    await waitFor(() => expect(fetch.callsTo("/api/v1/businesses/1/managers/7")).toHaveLength(2));
    expect(await screen.findAllByRole("dialog")).toHaveLength(1);
    fireEvent.change(screen.getByLabelText("비밀번호"), { target: { value: "Tide-mark-26" } });
    fireEvent.click(screen.getByRole("button", { name: "확인" }));
    await waitFor(() => expect(fetch.callsTo("/api/v1/businesses/1/managers/7")).toHaveLength(4));
    expect(fetch.callsTo("/mypage/v1/password/check")).toHaveLength(1);
  });

  it("a member without a password is offered certification on the check page, which comes back here", async () => {
    const kakao = { ...sessionOf("member"), member: { channel: "kakao", email: null } as unknown as ReturnType<typeof sessionOf>["member"] };
    window.history.replaceState(null, "", "/console/team?tab=members");
    const { fetch } = renderWithApp(<Remove />, { fetch: server(), session: kakao, lang: "en" });
    fireEvent.click(screen.getByRole("button", { name: "remove" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm it's you" });
    expect(document.getElementById(dialog.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(/social account/);
    expect(screen.queryByLabelText("Password")).toBeNull();
    const certify = screen.getByRole("link", { name: "Go and confirm with certification" });
    expect(certify.getAttribute("href")).toBe("/mypage/password/check?redirectUrl=%2Fconsole%2Fteam%3Ftab%3Dmembers");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.getByTestId("outcome").textContent).toMatch(/did not confirm/));
    expect(fetch.callsTo("/mypage/v1/password/check")).toHaveLength(0);
  });
});
