import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, type Routes } from "../../../test/render";
import { SearchBox, SUGGEST_DELAY_MS } from "./SearchBox";

const SUGGESTIONS = [
  { text: "마케팅", kind: "query" },
  { text: "디지털마케팅 전략", kind: "post", postSeq: 4 },
  // The same text as a popular query and as a post title: one choice, shown once.
  { text: "디지털마케팅 전략", kind: "query" },
  { text: "새솔마케팅", kind: "business", businessId: 3 },
];

const SUGGESTIONS_API: Routes = {
  "GET /api/v1/search/suggestions": ({ url }) => ({ items: url.searchParams.get("q") ? SUGGESTIONS : [] }),
};

afterEach(() => {
  vi.useRealTimers();
});

describe("SearchBox", () => {
  it("moves through the suggestions with the arrows and picks one with Enter", async () => {
    const onSearch = vi.fn();
    renderWithApp(<SearchBox keyword="" onSearch={onSearch} />, { fetch: SUGGESTIONS_API });
    const field = screen.getByRole("combobox", { name: "검색어" });
    expect(field.getAttribute("aria-expanded")).toBe("false");

    fireEvent.change(field, { target: { value: "ㅁㅋㅌ" } });
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["마케팅검색어", "디지털마케팅 전략콘텐츠", "새솔마케팅기업"]);
    expect(field.getAttribute("aria-expanded")).toBe("true");
    expect(field.getAttribute("aria-controls")).toBe(screen.getByRole("listbox").id);
    expect(field.hasAttribute("aria-activedescendant")).toBe(false);

    fireEvent.keyDown(field, { key: "ArrowDown" });
    expect(field.getAttribute("aria-activedescendant")).toBe(options[0].id);
    expect(options[0].getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(field, { key: "ArrowDown" });
    fireEvent.keyDown(field, { key: "ArrowDown" });
    expect(field.getAttribute("aria-activedescendant")).toBe(options[2].id);
    // Past the last, back to the first; up from the first, to the last.
    fireEvent.keyDown(field, { key: "ArrowDown" });
    expect(field.getAttribute("aria-activedescendant")).toBe(options[0].id);
    fireEvent.keyDown(field, { key: "ArrowUp" });
    expect(field.getAttribute("aria-activedescendant")).toBe(options[2].id);
    expect(options[0].getAttribute("aria-selected")).toBe("false");
    fireEvent.keyDown(field, { key: "ArrowUp" });

    fireEvent.keyDown(field, { key: "Enter" });
    expect(onSearch).toHaveBeenCalledWith("디지털마케팅 전략");
    expect((field as HTMLInputElement).value).toBe("디지털마케팅 전략");
    expect(field.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryAllByRole("option")).toHaveLength(0);
  });

  it("submits what is typed when no suggestion is chosen, and Escape closes the list", async () => {
    const onSearch = vi.fn();
    renderWithApp(<SearchBox keyword="" onSearch={onSearch} />, { fetch: SUGGESTIONS_API });
    const field = screen.getByRole("combobox");
    fireEvent.change(field, { target: { value: " 마케 " } });
    await screen.findAllByRole("option");

    fireEvent.keyDown(field, { key: "Escape" });
    expect(field.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    // ArrowDown opens it again.
    fireEvent.keyDown(field, { key: "ArrowDown" });
    expect(await screen.findAllByRole("option")).toHaveLength(3);

    fireEvent.submit(field.closest("form")!);
    expect(onSearch).toHaveBeenCalledWith("마케");
  });

  it("leaves the keys to the input method while a syllable is being composed", async () => {
    const onSearch = vi.fn();
    renderWithApp(<SearchBox keyword="" onSearch={onSearch} />, { fetch: SUGGESTIONS_API });
    const field = screen.getByRole("combobox");
    fireEvent.change(field, { target: { value: "맠" } });
    await screen.findAllByRole("option");
    fireEvent.keyDown(field, { key: "ArrowDown" });
    fireEvent.keyDown(field, { key: "Enter", isComposing: true });
    expect(onSearch).not.toHaveBeenCalled();
  });

  it("asks once per pause in typing, with the raw text, after the debounce delay", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { fetch } = renderWithApp(<SearchBox keyword="" onSearch={() => undefined} />, { fetch: SUGGESTIONS_API });
    const field = screen.getByRole("combobox");
    for (const typed of ["ㅁ", "마", "맠", "마케"]) {
      fireEvent.change(field, { target: { value: typed } });
      await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS - 50));
    }
    expect(fetch.callsTo("/api/v1/search/suggestions")).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(49));
    expect(fetch.callsTo("/api/v1/search/suggestions")).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    const calls = fetch.callsTo("/api/v1/search/suggestions").map((call) => call.url);
    expect(calls).toHaveLength(1);
    expect(calls[0].searchParams.get("q")).toBe("마케");
    expect(calls[0].searchParams.get("mode")).toBe("Typing");

    // A half-typed syllable goes as it is: the server matches it.
    fireEvent.change(field, { target: { value: "마케ㅌ" } });
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS));
    expect(fetch.callsTo("/api/v1/search/suggestions").map((call) => call.url.searchParams.get("q"))).toEqual(["마케", "마케ㅌ"]);
  });

  it("aborts the request of a text that has been typed over", async () => {
    const signals: AbortSignal[] = [];
    renderWithApp(<SearchBox keyword="" onSearch={() => undefined} />, {
      fetch: {
        // Never answers: the first request is still running when the text changes.
        "GET /api/v1/search/suggestions": ({ signal }) => {
          signals.push(signal!);
          return new Promise<never>((_resolve, reject) => signal!.addEventListener("abort", () => reject(signal!.reason)));
        },
      },
    });
    const field = screen.getByRole("combobox");
    fireEvent.change(field, { target: { value: "마" } });
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    fireEvent.change(field, { target: { value: "마케" } });
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    expect(signals[0].aborted).toBe(true);
    expect(signals[1].aborted).toBe(false);
  });

  it("follows the keyword of the address", () => {
    const { rerender } = renderWithApp(<SearchBox keyword="마케팅" onSearch={() => undefined} />, { fetch: SUGGESTIONS_API });
    expect((screen.getByRole("combobox") as HTMLInputElement).value).toBe("마케팅");
    rerender(<SearchBox keyword="핀테크" onSearch={() => undefined} />);
    expect((screen.getByRole("combobox") as HTMLInputElement).value).toBe("핀테크");
  });
});
