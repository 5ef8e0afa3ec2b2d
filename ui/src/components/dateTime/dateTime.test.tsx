import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../test/render";
import { DateField, readDate, readTime, TimeField } from ".";

describe("readDate and readTime", () => {
  it("read the ways a day and a time are written into one form", () => {
    for (const typed of ["2026-12-31", "2026.12.31", "2026. 12. 31.", "2026/12/31", "20261231", "2026년 12월 31일", " 2026-12-31 "]) {
      expect(readDate(typed), typed).toBe("2026-12-31");
    }
    expect(readDate("2026-3-5")).toBe("2026-03-05");
    expect(readDate("2028-02-29")).toBe("2028-02-29");
    for (const typed of ["2026-02-29", "2026-13-01", "2026-12-32", "12/31/2026", "", "내일"]) {
      expect(readDate(typed), typed).toBeNull();
    }
    for (const [typed, read] of [
      ["14:30", "14:30"],
      ["1430", "14:30"],
      ["9:05", "09:05"],
      ["9", "09:00"],
      ["14시 30분", "14:30"],
      ["14:30:15", "14:30:15"],
      ["00:00", "00:00"],
    ]) {
      expect(readTime(typed), typed).toBe(read);
    }
    for (const typed of ["24:00", "12:60", "2:3", "오후 2시", ""]) {
      expect(readTime(typed), typed).toBeNull();
    }
  });
});

function Day({ seen, min }: { seen: string[]; min?: string }) {
  const [value, setValue] = useState("");
  return (
    <>
      <label htmlFor="day">날짜</label>
      <DateField
        id="day"
        value={value}
        min={min}
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
      />
    </>
  );
}

describe("DateField", () => {
  it("keeps what is typed, composing or not, and writes it in its one form when the field is left", () => {
    const seen: string[] = [];
    renderWithApp(<Day seen={seen} />);
    const field = screen.getByLabelText<HTMLInputElement>("날짜");
    fireEvent.compositionStart(field);
    fireEvent.change(field, { target: { value: "2026년 12월 3" } });
    expect(field.value).toBe("2026년 12월 3");
    fireEvent.change(field, { target: { value: "2026년 12월 31일" } });
    fireEvent.compositionEnd(field, { data: "일" });
    expect(field.value).toBe("2026년 12월 31일");
    fireEvent.blur(field);
    expect(field.value).toBe("2026-12-31");
    // What is no day is left as typed for the person to mend.
    fireEvent.change(field, { target: { value: "2026-02-30" } });
    fireEvent.blur(field);
    expect(field.value).toBe("2026-02-30");
    expect(seen.at(-1)).toBe("2026-02-30");
  });

  it("opens a calendar in the page's language, takes a day from it and gives the focus back", async () => {
    renderWithApp(<Day seen={[]} />, { lang: "ko" });
    const field = screen.getByLabelText<HTMLInputElement>("날짜");
    fireEvent.change(field, { target: { value: "2026-12-05" } });
    const open = screen.getByRole("button", { name: "달력에서 날짜 고르기" });
    expect(open.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(open);
    expect(open.getAttribute("aria-expanded")).toBe("true");
    const calendar = document.getElementById(open.getAttribute("aria-controls") ?? "")!;
    // The calendar's chunk loads when it first opens: a dynamic import, which on a busy
    // machine (the test command compiles beside it) takes longer than findBy's one second.
    expect((await within(calendar).findByRole("grid", {}, { timeout: 15_000 })).getAttribute("aria-label")).toBe("2026년 12월");
    expect([...calendar.querySelectorAll("thead th")].map((cell) => cell.textContent)).toEqual(["일", "월", "화", "수", "목", "금", "토"]);
    // The chosen day has the focus.
    await waitFor(() => expect(document.activeElement?.textContent).toBe("5"));
    fireEvent.click(within(calendar).getByText("24"));
    expect(field.value).toBe("2026-12-24");
    expect(document.activeElement).toBe(field);
    expect(screen.queryByRole("grid")).toBeNull();
  });

  it("closes on Escape, back on its button, and keeps days before the first one out of reach", async () => {
    renderWithApp(<Day seen={[]} min="2026-12-10" />, { lang: "en" });
    const open = screen.getByRole("button", { name: "Pick the day on a calendar" });
    fireEvent.click(open);
    const grid = await screen.findByRole("grid");
    expect(within(grid).getByText("9").closest("button")?.disabled).toBe(true);
    expect(within(grid).getByText("10").closest("button")?.disabled).toBe(false);
    await waitFor(() => expect(grid.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("grid")).toBeNull();
    expect(document.activeElement).toBe(open);
  });
});

describe("TimeField", () => {
  it("says it takes the 24-hour clock and writes what is typed as HH:mm when left", () => {
    function Time() {
      const [value, setValue] = useState("");
      return (
        <>
          <label htmlFor="time">시각</label>
          <TimeField id="time" value={value} onChange={setValue} />
        </>
      );
    }
    renderWithApp(<Time />, { lang: "ko" });
    const field = screen.getByLabelText<HTMLInputElement>("시각");
    expect(field.getAttribute("aria-describedby")).toBe("time-hint");
    expect(document.getElementById("time-hint")?.textContent).toBe("24시간제, 예: 14:30");
    fireEvent.change(field, { target: { value: "930" } });
    fireEvent.blur(field);
    expect(field.value).toBe("09:30");
  });
});
