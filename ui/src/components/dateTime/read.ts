// A day or a time as a person types it, read into the one form the fields keep (`yyyy-MM-dd`,
// `HH:mm`); whether the day is on the calendar is the core's rule (kstLocalToEpochMs).
import { kstLocalToEpochMs } from "../../lib/core";

const two = (n: string) => n.padStart(2, "0");

/** A typed day (`2026-12-31`, `2026.12.31`, `2026. 12. 31.`, `2026/12/31`, `20261231`,
 * `2026년 12월 31일`) as `yyyy-MM-dd`, or null when it is not a day of the calendar. */
export function readDate(typed: string): string | null {
  const parts = /^\s*(\d{4})\s*[-./년]?\s*(\d{1,2})\s*[-./월]?\s*(\d{1,2})\s*[.일]?\s*$/.exec(typed);
  if (!parts) return null;
  const day = `${parts[1]}-${two(parts[2])}-${two(parts[3])}`;
  return kstLocalToEpochMs(`${day}T00:00`) === undefined ? null : day;
}

/** A typed time of day on the 24-hour clock (`14:30`, `1430`, `9:05`, `9`, `14시 30분`, and
 * seconds when they are typed: `14:30:15`) as `HH:mm` or `HH:mm:ss`, or null when it is no
 * time of day. */
export function readTime(typed: string): string | null {
  const parts = /^\s*(\d{1,2})\s*[:시.]?\s*(?:(\d{2})\s*분?\s*(?::?\s*(\d{2})\s*초?)?)?\s*$/.exec(typed);
  if (!parts) return null;
  const time = `${two(parts[1])}:${parts[2] ?? "00"}${parts[3] ? `:${parts[3]}` : ""}`;
  return kstLocalToEpochMs(`2000-01-01T${time}`) === undefined ? null : time;
}

/** `yyyy-MM-dd` as a calendar day (midnight in the browser's zone, which only carries the
 * day's numbers to the calendar). */
export function dayOf(date: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(year, month - 1, day);
}

/** A calendar day back as `yyyy-MM-dd`. */
export function dateOf(day: Date): string {
  return `${day.getFullYear()}-${two(String(day.getMonth() + 1))}-${two(String(day.getDate()))}`;
}
