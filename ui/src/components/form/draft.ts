// A form's typed values kept in the tab's session storage until the form is sent or
// abandoned, so a session that ends in the middle of a form (a sign-in on the way, a
// reload) does not lose what was typed. Passwords are never kept.
import { useCallback, useEffect, useState } from "react";

const PREFIX = "tidemark.draft.";

function read<T extends object>(key: string, initial: T): T {
  try {
    const saved = sessionStorage.getItem(PREFIX + key);
    if (saved) return { ...initial, ...(JSON.parse(saved) as Partial<T>) };
  } catch {
    // Storage blocked or a broken value: start afresh.
  }
  return initial;
}

export function useDraft<T extends object>(key: string, initial: T) {
  const [values, setValues] = useState<T>(() => read(key, initial));
  useEffect(() => {
    try {
      sessionStorage.setItem(PREFIX + key, JSON.stringify(values));
    } catch {
      // Not kept: the form still works, it only forgets on reload.
    }
  }, [key, values]);
  const set = useCallback(<F extends keyof T>(field: F, value: T[F]) => setValues((v) => ({ ...v, [field]: value })), []);
  /** Forgets the draft (the form was sent or abandoned). */
  const discard = useCallback(() => {
    try {
      sessionStorage.removeItem(PREFIX + key);
    } catch {
      // Nothing kept.
    }
  }, [key]);
  return { values, set, setValues, discard };
}
