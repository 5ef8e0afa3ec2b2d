// A day typed (`2026-12-31`, `2026. 12. 31.`) or picked on a calendar in the page's language,
// kept as `yyyy-MM-dd`. The calendar (DayPicker: a grid the arrow keys, Page Up/Down and
// Home/End walk, each day named in full for a screen reader) opens under the field, starts on
// the day chosen or on today in Korea, and gives the focus back to the field when a day is
// chosen or to its button on Escape. The calendar loads when it first opens (./Calendar).
import type { Matcher } from "@daypicker/react";
import { lazy, Suspense, useRef, useState } from "react";
import { epochMsToKstLocal } from "../../lib/core";
import { useI18n } from "../../lib/i18n";
import { dateOf, dayOf, readDate } from "./read";
import { useSettledInput } from "./settle";
import { useDateTimeTexts } from "./texts";

const Calendar = lazy(() => import("./Calendar"));

export interface DateFieldProps {
  id: string;
  /** `yyyy-MM-dd`, or what is being typed. */
  value: string;
  onChange: (value: string) => void;
  /** The first and last days that may be chosen (`yyyy-MM-dd`). */
  min?: string;
  max?: string;
  required?: boolean;
  invalid?: boolean;
  /** Ids of the caller's own notes on the field (its problem). */
  describedBy?: string;
}

export function DateField({ id, value, onChange, min, max, required, invalid, describedBy }: DateFieldProps) {
  const { lang } = useI18n();
  const tx = useDateTimeTexts();
  // Open, with today in Korea as it was when it opened.
  const [today, setToday] = useState<Date | null>(null);
  const open = today !== null;
  const field = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const settled = useSettledInput(onChange, readDate);
  const hintId = `${id}-hint`;
  const calendarId = `${id}-calendar`;
  const chosen = readDate(value);
  const outside: Matcher[] = [];
  if (min) outside.push({ before: dayOf(min) });
  if (max) outside.push({ after: dayOf(max) });
  return (
    <div className="date-field">
      <div className="form-field-row">
        <input
          ref={field}
          id={id}
          name={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          size={11}
          value={value}
          required={required}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={[hintId, describedBy].filter(Boolean).join(" ")}
          {...settled}
        />
        <button
          ref={opener}
          type="button"
          className="date-field-open"
          aria-label={tx.pickDay}
          aria-expanded={open}
          aria-controls={open ? calendarId : undefined}
          onClick={() => setToday(open ? null : dayOf(epochMsToKstLocal(Date.now()).slice(0, 10)))}
        >
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
            <rect x="2.5" y="4" width="15" height="13.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="M2.5 8.5h15M6.5 2v4M13.5 2v4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p id={hintId} className="form-hint">
        {tx.dateHint}
      </p>
      {today ? (
        <div
          id={calendarId}
          className="date-field-calendar"
          onKeyDown={(event) => {
            if (event.key !== "Escape") return;
            event.stopPropagation();
            setToday(null);
            opener.current?.focus();
          }}
        >
          <Suspense fallback={<p className="form-hint">…</p>}>
            <Calendar
              lang={lang}
              today={today}
              chosen={chosen ? dayOf(chosen) : undefined}
              month={chosen ? dayOf(chosen) : min && dayOf(min) > today ? dayOf(min) : today}
              outside={outside}
              onChoose={(day) => {
                if (day) onChange(dateOf(day));
                setToday(null);
                field.current?.focus();
              }}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
