import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../test/render";
import { ErrorView } from "./ErrorView";

function renderError(props: Partial<Parameters<typeof ErrorView>[0]>, lang: "en" | "ko" = "en") {
  const onRetry = vi.fn();
  const onHome = vi.fn();
  renderWithApp(<ErrorView status={500} onRetry={onRetry} onHome={onHome} {...props} />, { lang });
  return { onRetry, onHome };
}

describe("ErrorView", () => {
  it("404: 'page not found', the path line, no retry", () => {
    const { onHome } = renderError({ status: 404, detail: "Page Not Found: /x" });
    expect(screen.getByRole("heading", { name: "page not found" })).toBeTruthy();
    expect(screen.getByText("Page Not Found: /x")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "try again" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "go to home" }));
    expect(onHome).toHaveBeenCalledOnce();
  });

  it("101: 'content does not exist', no retry", () => {
    renderError({ status: 101, message: "ignored" });
    expect(screen.getByRole("heading", { name: "content does not exist" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "try again" })).toBeNull();
  });

  it("other errors: own message and description, retry and home", () => {
    const { onRetry } = renderError({ status: 500, message: "Server exploded", description: "Try later" });
    expect(screen.getByRole("heading", { name: "Server exploded" })).toBeTruthy();
    expect(screen.getByText("Try later")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "try again" }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.getByRole("button", { name: "go to home" })).toBeTruthy();
  });

  it("speaks Korean first", () => {
    renderError({ status: 404 }, "ko");
    expect(screen.getByRole("heading", { name: "페이지를 찾을 수 없습니다" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "홈으로 가기" })).toBeTruthy();
  });
});
