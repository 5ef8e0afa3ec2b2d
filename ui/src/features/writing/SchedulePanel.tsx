// Scheduling in Korean time: the date and time picked are KST whatever the writer's own time
// zone, shown beside it in the writer's local time with a countdown. A scheduled post shows
// its time and can be moved or cancelled.
import { useEffect, useState } from "react";
import { DateField, readDate, readTime, TimeField } from "../../components/dateTime";
import { countdown, epochMsToKstLocal, formatDate, kstLocalToEpochMs } from "../../lib/core";
import { fill, useWritingTexts } from "./texts";

interface Props {
  /** The post's publish time when it is scheduled. */
  scheduledAt: string | null;
  busy: boolean;
  /** `yyyy-MM-ddTHH:mm`, Korean time. */
  onSchedule: (kstLocal: string) => void;
  onCancel: () => void;
}

/** Now, every second (for the countdown). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function SchedulePanel({ scheduledAt, busy, onSchedule, onCancel }: Props) {
  const tx = useWritingTexts();
  const now = useNow();
  const scheduledMs = scheduledAt ? Date.parse(scheduledAt) : null;
  const [date, setDate] = useState(() => (scheduledMs ? epochMsToKstLocal(scheduledMs).slice(0, 10) : ""));
  const [time, setTime] = useState(() => (scheduledMs ? epochMsToKstLocal(scheduledMs).slice(11) : ""));
  const [problem, setProblem] = useState<string | null>(null);
  const day = readDate(date);
  const clock = readTime(time);
  const value = day && clock ? `${day}T${clock}` : null;
  const chosen = value ? kstLocalToEpochMs(value) : undefined;
  const left = (target: number) => {
    const c = countdown(target, now);
    if (c.past) return tx.schedulePast;
    return c.days > 0 ? fill(tx.scheduleCountdown, { d: c.days, h: c.hours, m: c.minutes, s: c.seconds }) : fill(tx.scheduleCountdownShort, { h: c.hours, m: c.minutes, s: c.seconds });
  };
  const submit = () => {
    if (!value || chosen === undefined || chosen <= Date.now()) return setProblem(tx.scheduleRequired);
    setProblem(null);
    onSchedule(value);
  };
  return (
    <div className="writer-schedule">
      {scheduledMs ? (
        <p className="writer-scheduled">
          <strong>{fill(tx.scheduledFor, { kst: formatDate(scheduledMs, "yyyy-MM-dd HH:mm", 540) })}</strong>
          <br />
          <span className="console-muted console-small">{fill(tx.scheduleLocal, { time: formatDate(scheduledMs, "yyyy-MM-dd HH:mm") })}</span>
          <br />
          <span className="writer-countdown" data-testid="schedule-countdown">
            {left(scheduledMs)}
          </span>
        </p>
      ) : null}
      <fieldset className="form-field writer-when" aria-describedby="post-publish-at-local">
        <legend className="form-label">{tx.scheduleAt}</legend>
        <div className="writer-when-fields">
          <div className="form-field">
            <label htmlFor="post-publish-date">{tx.scheduleDate}</label>
            <DateField id="post-publish-date" value={date} onChange={setDate} min={epochMsToKstLocal(now).slice(0, 10)} invalid={Boolean(problem)} />
          </div>
          <div className="form-field">
            <label htmlFor="post-publish-time">{tx.scheduleTime}</label>
            <TimeField id="post-publish-time" value={time} onChange={setTime} invalid={Boolean(problem)} />
          </div>
        </div>
        <p id="post-publish-at-local" className="form-hint">
          {chosen !== undefined ? (
            <>
              {fill(tx.scheduleLocal, { time: formatDate(chosen, "yyyy-MM-dd HH:mm") })} · {left(chosen)}
            </>
          ) : null}
        </p>
        {problem ? (
          <p className="form-problem" role="alert">
            {problem}
          </p>
        ) : null}
      </fieldset>
      <div className="writer-actions">
        <button type="button" className="button" disabled={busy} onClick={submit}>
          {scheduledMs ? tx.scheduleMove : tx.schedule}
        </button>
        {scheduledMs ? (
          <button type="button" className="button" disabled={busy} onClick={onCancel}>
            {tx.scheduleCancel}
          </button>
        ) : null}
      </div>
    </div>
  );
}
