// What the router's `use-sync-external-store/shim` import resolves to (ui/vite.config.ts):
// React 18 and later have the hook built in, and the shim only chooses it after carrying a
// copy for older Reacts, which every page's first chunk paid for.
export { useSyncExternalStore } from "react";
