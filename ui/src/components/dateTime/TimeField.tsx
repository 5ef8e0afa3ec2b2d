// A time of day typed on the 24-hour clock (`14:30`, `1430`, `14시 30분`), kept as `HH:mm`.
import { readTime } from "./read";
import { useSettledInput } from "./settle";
import { useDateTimeTexts } from "./texts";

export interface TimeFieldProps {
  id: string;
  /** `HH:mm`, or what is being typed. */
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  /** Ids of the caller's own notes on the field (its problem). */
  describedBy?: string;
}

export function TimeField({ id, value, onChange, invalid, describedBy }: TimeFieldProps) {
  const tx = useDateTimeTexts();
  const hintId = `${id}-hint`;
  return (
    <div className="time-field">
      <input
        id={id}
        name={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        size={8}
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(" ")}
        {...useSettledInput(onChange, readTime)}
      />
      <p id={hintId} className="form-hint">
        {tx.timeHint}
      </p>
    </div>
  );
}
