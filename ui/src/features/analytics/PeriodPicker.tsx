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
  const go = (next: Period) => navigate(`${location}?${periodQuery(next)}`, { replace: true });
  const value = period.kind === "last" && !custom ? String(period.days) : "custom";

  function apply(event: FormEvent) {
    event.preventDefault();
    const first = readDate(from);
    const last = readDate(to);
    if (first && last && first <= last) go({ kind: "range", from: first, to: last });
  }

  return (
    <form className="period-picker" onSubmit={apply}>
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
          <div className="form-field">
            <label htmlFor="period-from">{tx.from}</label>
            <DateField id="period-from" value={from} max={readDate(to) ?? undefined} onChange={setFrom} required />
          </div>
          <div className="form-field">
            <label htmlFor="period-to">{tx.to}</label>
            <DateField id="period-to" value={to} min={readDate(from) ?? undefined} onChange={setTo} required />
          </div>
          <button type="submit" className="button button-small">
            {tx.apply}
          </button>
        </div>
      ) : null}
    </form>
  );
}
