import { fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { filterInput } from "../../lib/core";
import { renderWithApp } from "../../test/render";
import { FilePick, PasswordField, TextField } from ".";

const HANGUL_ONLY = { korean: true };

function Nickname({ seen }: { seen: string[] }) {
  const [value, setValue] = useState("");
  return (
    <TextField
      id="nickname"
      label="닉네임"
      value={value}
      filter={(raw) => filterInput(raw, HANGUL_ONLY)}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe("TextField", () => {
  it("passes a value on as typed while a syllable is being composed, and filters once it ends", () => {
    const seen: string[] = [];
    renderWithApp(<Nickname seen={seen} />);
    const field = screen.getByLabelText<HTMLInputElement>("닉네임");
    fireEvent.compositionStart(field);
    // While composing, even what the filter would strip (the x) stays as typed.
    fireEvent.change(field, { target: { value: "김ㅎ" } });
    fireEvent.change(field, { target: { value: "김하x" } });
    expect(field.value).toBe("김하x");
    fireEvent.compositionEnd(field, { data: "하" });
    expect(field.value).toBe("김하");
    // Typing without an input method is filtered at once.
    fireEvent.change(field, { target: { value: "김하1" } });
    expect(field.value).toBe("김하");
    expect(seen).toEqual(["김ㅎ", "김하x", "김하", "김하"]);
  });

  it("ties its problem to the field", () => {
    renderWithApp(<TextField id="email" label="이메일" value="" onChange={() => {}} problem="형식이 올바르지 않습니다." />);
    const field = screen.getByLabelText("이메일");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    const describedBy = field.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy)?.textContent).toBe("형식이 올바르지 않습니다.");
  });
});

describe("PasswordField", () => {
  it("shows which parts of the core's rule a password meets as it is typed", () => {
    function Field() {
      const [value, setValue] = useState("");
      return <PasswordField id="password" label="Password" value={value} onChange={setValue} email="reader@tidemark.test" />;
    }
    renderWithApp(<Field />, { lang: "en" });
    const field = screen.getByLabelText("Password");
    const rule = () => within(document.querySelector(".password-rule") as HTMLElement);
    fireEvent.change(field, { target: { value: "reader12" } });
    expect(rule().getByText(/8–64 characters/).closest("span")?.className).toBe("rule-met");
    expect(rule().getByText(/\(2\/3\)/).closest("span")?.className).toBe("rule-unmet");
    expect(rule().getByText(/e-mail's name/).closest("span")?.className).toBe("rule-unmet");
    fireEvent.change(field, { target: { value: "Tide-mark-26" } });
    expect(document.querySelectorAll(".password-rule .rule-unmet")).toHaveLength(0);
    expect(field.getAttribute("type")).toBe("password");
  });
});

describe("FilePick", () => {
  it("speaks the page's language, and names the file chosen", () => {
    const chosen: string[] = [];
    renderWithApp(
      <>
        <label htmlFor="cover">대표 이미지</label>
        <FilePick id="cover" accept="image/png" onFiles={(files) => chosen.push(...Array.from(files ?? [], (file) => file.name))} />
      </>,
    );
    const input = screen.getByLabelText<HTMLInputElement>(/대표 이미지/);
    expect(input.type).toBe("file");
    expect(input.accept).toBe("image/png");
    expect(screen.getByText("파일 선택")).toBeTruthy();
    expect(screen.getByText("선택한 파일 없음")).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(["x"], "표지.png", { type: "image/png" })] } });
    expect(chosen).toEqual(["표지.png"]);
    expect(screen.getByText("표지.png")).toBeTruthy();
    expect(screen.queryByText("선택한 파일 없음")).toBeNull();
  });
});
