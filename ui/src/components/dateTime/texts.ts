import { defineTexts } from "../../lib/i18n";

export const useDateTimeTexts = defineTexts({
  ko: {
    pickDay: "달력에서 날짜 고르기",
    dateHint: "예: 2026-12-31",
    timeHint: "24시간제, 예: 14:30",
  },
  en: {
    pickDay: "Pick the day on a calendar",
    dateHint: "e.g. 2026-12-31",
    timeHint: "24-hour clock, e.g. 14:30",
  },
});
