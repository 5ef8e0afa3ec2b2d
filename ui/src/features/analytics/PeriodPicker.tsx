// The period of the analytics pages: the last 7, 30 or 90 days, or two days chosen; the
// choice goes into the address, so every widget, the other analytics page and the CSV follow.
import { useState, type FormEvent } from "react";
import { useLocation, useSearch } from "wouter";
import { DateField, readDate } from "../../components/dateTime";
import { periodQuery, readPeriod, type Period } from "./period";
import { useAnalyticsTexts } from "./texts";

export function usePeriod(): Period {
  return readPeriod(useSearch());
}

export function PeriodPicker({ period }: { period: Period }) {
  const tx = useAnalyticsTexts();
  const [location, navigate] = useLocation();
  const [custom, setCustom] = useState(period.kind === "range");
  const [from, setFrom] = useState(period.kind === "range" ? period.from : "");
  const [to, setTo] = useState(period.kind === "range" ? period.to : "");
  // What Apply found wrong, per field; a field's change clears its own.
  const [problems, setProblems] = useState<{ from?: string; to?: string }>({});
  const go = (next: Period) => navigate(`${location}?${periodQuery(next)}`, { replace: true });
  const value = period.kind === "last" && !custom ? String(period.days) : "custom";

  function apply(event: FormEvent) {
    event.preventDefault();
    const first = readDate(from);
    const last = readDate(to);
    const found = {
      from: first ? undefined : tx.dayUnreadable,
      to: !last ? tx.dayUnreadable : first && first > last ? tx.rangeReversed : undefined,
    };
    setProblems(found);
    if (found.from || found.to) {
      document.getElementById(found.from ? "period-from" : "period-to")?.focus();
      return;
    }
    if (first && last) go({ kind: "range", from: first, to: last });
  }

  const field = (id: "from" | "to", value: string, set: (value: string) => void, bounds: { min?: string; max?: string }) => (
    <div className="form-field">
      <label htmlFor={`period-${id}`}>{tx[id]}</label>
      <DateField
        id={`period-${id}`}
        value={value}
        {...bounds}
        onChange={(next) => {
          set(next);
          setProblems((was) => ({ ...was, [id]: undefined }));
        }}
        required
        invalid={Boolean(problems[id])}
        describedBy={problems[id] ? `period-${id}-problem` : undefined}
      />
      {problems[id] ? (
        <p id={`period-${id}-problem`} className="form-problem">
          {problems[id]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form className="period-picker" onSubmit={apply} noValidate>
      <fieldset>
        <legend>{tx.period}</legend>
        {(["7", "30", "90", "custom"] as const).map((choice) => (
          <label key={choice} className="period-choice">
            <input
              type="radio"
              name="period"
              value={choice}
              checked={value === choice}
              onChange={() => {
                if (choice === "custom") return setCustom(true);
                setCustom(false);
                go({ kind: "last", days: Number(choice) as 7 | 30 | 90 });
              }}
            />
            {choice === "custom" ? tx.custom : tx[`last${choice}`]}
          </label>
        ))}
      </fieldset>
      {custom ? (
        <div className="period-range">
          {field("from", from, setFrom, { max: readDate(to) ?? undefined })}
          {field("to", to, setTo, { min: readDate(from) ?? undefined })}
          <button type="submit" className="button button-small">
            {tx.apply}
          </button>
        </div>
      ) : null}
    </form>
  );
}
