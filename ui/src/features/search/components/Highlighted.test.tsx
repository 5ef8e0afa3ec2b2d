import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Highlighted, highlightPieces } from "./Highlighted";

describe("Highlighted", () => {
  it("marks the server's ranges (UTF-16 indices)", () => {
    const { container } = render(
      <p>
        <Highlighted text="디지털 마케팅 전략과 마케팅" ranges={[[4, 7], [12, 15]]} />
      </p>,
    );
    const marks = [...container.querySelectorAll("mark")].map((mark) => mark.textContent);
    expect(marks).toEqual(["마케팅", "마케팅"]);
    expect(container.textContent).toBe("디지털 마케팅 전략과 마케팅");
  });

  it("never turns the text into markup", () => {
    const text = '<img src=x onerror="alert(1)"> <b>마케팅</b> &amp;';
    const start = text.indexOf("마케팅");
    const { container } = render(
      <p>
        <Highlighted text={text} ranges={[[0, 4], [start, start + 3]]} />
      </p>,
    );
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toBe(text);
    expect([...container.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["<img", "마케팅"]);
  });

  it("survives odd ranges: unordered, overlapping, empty or past the end", () => {
    expect(highlightPieces("abcdef", [[4, 9], [0, 2], [1, 3], [3, 3]])).toEqual([
      { text: "ab", marked: true },
      { text: "c", marked: true },
      { text: "d", marked: false },
      { text: "ef", marked: true },
    ]);
    expect(highlightPieces("마케팅", [])).toEqual([{ text: "마케팅", marked: false }]);
    expect(highlightPieces("", [[0, 3]])).toEqual([]);
  });

  it("keeps astral characters whole (indices count UTF-16 units, as the server sends)", () => {
    const text = "🚀 AI 마케팅";
    expect(highlightPieces(text, [[3, 5]])).toEqual([
      { text: "🚀 ", marked: false },
      { text: "AI", marked: true },
      { text: " 마케팅", marked: false },
    ]);
  });
});
