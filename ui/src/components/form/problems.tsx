// What a member form does with its problems: each field's problem beside the field, the
// form's own problem above the button, focus on the first of them after each attempt, and
// the API's refusals in the visitor's language (a rate limit says when to try again).
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, CONFIRM_ITS_YOU } from "../../lib/api";
import { useFormTexts } from "./texts";

/** Problems by field id; `form` is the form's own. */
export type Problems = Record<string, string | undefined>;

export function useProblems() {
  const formRef = useRef<HTMLFormElement>(null);
  const [problems, setState] = useState<Problems>({});
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (round === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-alert');
    first?.focus();
  }, [round]);
  /** Shows these problems (replacing the last ones) and moves focus to the first. */
  const show = useCallback((next: Problems) => {
    setState(next);
    if (Object.values(next).some(Boolean)) setRound((n) => n + 1);
  }, []);
  const clear = useCallback(() => setState({}), []);
  return { formRef, problems, show, clear };
}

/** A failed call, said in the visitor's language: `known` names the API's refusals the page
 * understands; a rate limit gives its wait; anything else is a plain "did not work". */
export function useFailureMessage() {
  const tx = useFormTexts();
  return useCallback(
    (error: unknown, known?: (error: ApiError) => string | undefined): string => {
      if (error instanceof ApiError) {
        const mine = known?.(error);
        if (mine) return mine;
        if (error.status === 429) {
          return error.retryAfter ? tx.tooManyIn.replace("{s}", String(error.retryAfter)) : tx.tooMany;
        }
        if (error.status === 408) return tx.offline;
        if (error.code === CONFIRM_ITS_YOU) return tx.notConfirmed;
        return tx.failed;
      }
      if (error instanceof TypeError) return tx.offline;
      return tx.failed;
    },
    [tx],
  );
}

/** The form's own problem, above its button; focusable so the first-problem focus can land
 * on it when no field is at fault. */
export function FormAlert({ problem }: { problem?: string | null }) {
  if (!problem) return null;
  return (
    <p className="form-alert" role="alert" tabIndex={-1}>
      {problem}
    </p>
  );
}
