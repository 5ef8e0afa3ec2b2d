// A typed field's value passes on as typed, and is written in its one form (`readDate`,
// `readTime`) when the person leaves the field: never while an input method is composing,
// which a rewrite would break.
import { useRef, type ChangeEvent, type FocusEvent } from "react";

export function useSettledInput(onChange: (value: string) => void, read: (typed: string) => string | null) {
  const composing = useRef(false);
  return {
    onCompositionStart: () => {
      composing.current = true;
    },
    onCompositionEnd: () => {
      composing.current = false;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      if (composing.current) return;
      const typed = event.target.value;
      const settled = read(typed);
      if (settled && settled !== typed) onChange(settled);
    },
  };
}
