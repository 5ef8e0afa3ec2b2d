import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { APP_ERROR_EVENT } from "../lib/api";
import { renderWithApp } from "../test/render";
import { AppErrorMessage } from "./AppErrorMessage";

function raise(status: number, message: string) {
  act(() => {
    window.dispatchEvent(new CustomEvent(APP_ERROR_EVENT, { detail: { status, code: "999", message } }));
  });
}

describe("AppErrorMessage", () => {
  it("shows the message of a failed call and closes on request", () => {
    renderWithApp(<AppErrorMessage />, { lang: "en" });
    raise(500, "the server could not answer");
    expect(screen.getByRole("status").textContent).toContain("the server could not answer");
    act(() => screen.getByRole("button", { name: "Close" }).click());
    expect(screen.queryByText(/the server could not answer/)).toBeNull();
  });

  it("leaves a missing page to its error screen", () => {
    renderWithApp(<AppErrorMessage />);
    raise(404, "content does not exist");
    expect(screen.queryByText(/content does not exist/)).toBeNull();
  });
});
