// The period every widget of the analytics pages uses, kept in the address (`?period=30`, or
// `?from=yyyy-MM-dd&to=yyyy-MM-dd`), so the outline, the contents table and the CSV share it
// and a link or a reload keeps it.

export type Period = { kind: "last"; days: 7 | 30 | 90 } | { kind: "range"; from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readPeriod(search: string): Period {
  const params = new URLSearchParams(search);
  const from = params.get("from");
  const to = params.get("to");
  if (from && to && DAY.test(from) && DAY.test(to) && from <= to) return { kind: "range", from, to };
  const days = Number(params.get("period"));
  return { kind: "last", days: days === 30 || days === 90 ? days : 7 };
}

/** The query the API and the address take for a period. */
export function periodQuery(period: Period): string {
  return period.kind === "last" ? `period=${period.days}` : `from=${period.from}&to=${period.to}`;
}
