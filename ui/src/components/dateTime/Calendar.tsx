// The calendar a date field opens, in its own chunk: DayPicker and its date library load when a
// person first opens a calendar, not with the pages that have a date field.
import { DayPicker, type Matcher } from "@daypicker/react";
import { enUS, ko } from "@daypicker/react/locale";
import "@daypicker/react/style.css";
import type { Lang } from "../../lib/core";

export interface CalendarProps {
  lang: Lang;
  today: Date;
  chosen: Date | undefined;
  /** The month shown first. */
  month: Date;
  outside: Matcher[];
  onChoose: (day: Date | undefined) => void;
}

export default function Calendar({ lang, today, chosen, month, outside, onChoose }: CalendarProps) {
  return (
    <DayPicker
      mode="single"
      autoFocus
      locale={lang === "ko" ? ko : enUS}
      today={today}
      selected={chosen}
      defaultMonth={month}
      disabled={outside}
      onSelect={onChoose}
    />
  );
}
