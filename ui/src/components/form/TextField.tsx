// One labelled field of a member form: its label, the input, a hint and the field's own
// problem tied to it (`aria-describedby`), and the core's input filter applied so that Korean
// typing survives it: while an input method is composing a syllable the value is passed on
// as typed, and the filter runs once the composition ends (a filter applied to a
// half-composed syllable would eat it).
import { useRef, type InputHTMLAttributes, type ReactNode } from "react";

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange" | "children"> {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The core's filter for this field (`filterInput`, `filterEmail`, `filterPhone`). */
  filter?: (raw: string) => string;
  /** Shown under the field, read with it. */
  hint?: ReactNode;
  /** The field's problem, shown under it and announced with it. */
  problem?: string | null;
  /** Something after the input on the same line (a button). */
  after?: ReactNode;
}

export function TextField({ id, label, value, onChange, filter, hint, problem, after, className, ...input }: TextFieldProps) {
  const composing = useRef(false);
  const pass = (raw: string, settled: boolean) => onChange(settled && filter ? filter(raw) : raw);
  const hintId = hint ? `${id}-hint` : undefined;
  const problemId = problem ? `${id}-problem` : undefined;
  const describedBy = [hintId, problemId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`form-field${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      <div className="form-field-row">
        <input
          id={id}
          name={input.name ?? id}
          {...input}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onCompositionStart={() => {
            composing.current = true;
          }}
          onCompositionEnd={(event) => {
            composing.current = false;
            pass(event.currentTarget.value, true);
          }}
          onChange={(event) => {
            const native = event.nativeEvent as InputEvent;
            pass(event.target.value, !(composing.current || native.isComposing));
          }}
        />
        {after}
      </div>
      {hint ? (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={problemId} className="form-problem">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
