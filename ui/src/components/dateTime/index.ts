// Days and times in the page's language whatever the browser's: a field that takes what a
// person types (a Korean `2026. 12. 31.` as well as `2026-12-31`) and keeps it as typed while
// an input method composes, with a calendar in the page's language beside it. A browser's own
// date and time fields speak the browser's language (mm/dd/yyyy on a Korean page).
import "./dateTime.css";

export { DateField, type DateFieldProps } from "./DateField";
export { TimeField, type TimeFieldProps } from "./TimeField";
export { readDate, readTime } from "./read";
