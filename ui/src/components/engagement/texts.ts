import { defineTexts } from "../../lib/i18n";
import texts from "./texts.json";

// The texts live in texts.json, which the server's prerendering reads too
// (server/src/prerender/texts.rs): a changed word changes both.
export const useEngagementTexts = defineTexts(texts);
