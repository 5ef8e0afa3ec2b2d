import { fireEvent, screen } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../../test/render";
import { ModalSample } from "./ModalSample";

// jsdom has <dialog> without its modal behaviour: showModal and close do what the browser's
// do to the element (open, returnValue, the close event); Escape is tested in Chromium
// (tests/e2e/reader-pages.spec.ts).
const showModal = vi.fn(function (this: HTMLDialogElement) {
  this.setAttribute("open", "");
});
const close = vi.fn(function (this: HTMLDialogElement, value?: string) {
  if (!this.hasAttribute("open")) return;
  if (value !== undefined) this.returnValue = value;
  this.removeAttribute("open");
  this.dispatchEvent(new Event("close"));
});

beforeAll(() => {
  Object.defineProperty(HTMLDialogElement.prototype, "showModal", { value: showModal, configurable: true });
  Object.defineProperty(HTMLDialogElement.prototype, "close", { value: close, configurable: true });
});

afterEach(() => {
  showModal.mockClear();
  close.mockClear();
});

afterAll(() => {
  Reflect.deleteProperty(HTMLDialogElement.prototype, "showModal");
  Reflect.deleteProperty(HTMLDialogElement.prototype, "close");
});

function renderModal() {
  renderWithApp(<ModalSample />, { lang: "en" });
  const opener = screen.getByRole("button", { name: "Open the newsletter dialog" });
  const dialog = document.querySelector("dialog")!;
  return { opener, dialog };
}

describe("ModalSample", () => {
  it("opens as a modal with focus on its field, labelled by its heading", () => {
    const { opener, dialog } = renderModal();
    expect(dialog.open).toBe(false);
    fireEvent.click(opener);
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(true);
    expect(screen.getByRole("dialog", { name: "Subscribe to the weekly newsletter" })).toBe(dialog);
    expect(document.activeElement).toBe(screen.getByLabelText("E-mail"));
  });

  it("closes on Cancel and gives focus back to the opener", () => {
    const { opener, dialog } = renderModal();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
    expect(screen.getByTestId("modal-outcome").textContent).toBe("The dialog was closed. Nothing changed.");
  });

  it("closes on a click on its backdrop, not on a click inside", () => {
    const { opener, dialog } = renderModal();
    fireEvent.click(opener);
    fireEvent.click(screen.getByText("The most read posts of your categories, every Monday morning."));
    expect(dialog.open).toBe(true);
    fireEvent.click(dialog);
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it("keeps the dialog open on a bad e-mail and confirms a good one", () => {
    const { opener, dialog } = renderModal();
    fireEvent.click(opener);
    const field = screen.getByLabelText("E-mail");
    fireEvent.change(field, { target: { value: "not-an-address" } });
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(dialog.open).toBe(true);
    expect(screen.getByRole("alert").textContent).toBe("Please check the e-mail address.");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(field, { target: { value: "reader@tidemark.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(dialog.open).toBe(false);
    expect(screen.getByTestId("modal-outcome").textContent).toBe("Subscription received: reader@tidemark.test");
    expect(document.activeElement).toBe(opener);
  });
});
