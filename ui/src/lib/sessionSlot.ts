// One value kept in the tab's session storage under a key: what a flow that leaves the site
// (a certification, a social sign-in) needs when the browser comes back. Storage may be
// blocked; then nothing is kept and the flow says so where it needs the value.

export interface SessionSlot<T> {
  read: () => T | null;
  write: (value: T) => void;
  clear: () => void;
}

export function sessionSlot<T>(key: string): SessionSlot<T> {
  return {
    read() {
      try {
        const saved = sessionStorage.getItem(key);
        return saved ? (JSON.parse(saved) as T) : null;
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        sessionStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Blocked storage: the flow cannot be matched when the browser returns.
      }
    },
    clear() {
      try {
        sessionStorage.removeItem(key);
      } catch {
        // Nothing kept.
      }
    },
  };
}
