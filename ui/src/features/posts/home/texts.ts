import { defineTexts } from "../../../lib/i18n";
import texts from "./texts.json";

// The home page's own words, in its chunk rather than the app's (a post page does not show
// them). They live in texts.json, which the server's prerendering reads too
// (server/src/prerender/texts.rs): a changed word changes both.
export const useHomeTexts = defineTexts(texts);
