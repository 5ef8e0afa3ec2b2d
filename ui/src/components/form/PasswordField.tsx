// A new password with the core's rule shown as the person types: each part of the rule
// (length, three kinds of character, not the e-mail's name) marked met or not, announced
// politely so a screen reader hears the change without losing its place.
import { useMemo } from "react";
import { checkPassword } from "../../lib/core";
import { TextField, type TextFieldProps } from "./TextField";
import { useFormTexts } from "./texts";

export interface PasswordFieldProps extends Omit<TextFieldProps, "type" | "filter" | "hint"> {
  /** The account's e-mail: the password may not contain its name. */
  email?: string | null;
  /** Show the rule live (a new password); off for the current password. */
  showRule?: boolean;
}

export function PasswordField({ email, showRule = true, ...field }: PasswordFieldProps) {
  const tx = useFormTexts();
  const check = useMemo(() => checkPassword(field.value, email ?? undefined), [field.value, email]);
  const kinds = [check.kinds.upper, check.kinds.lower, check.kinds.digit, check.kinds.other].filter(Boolean).length;
  const length = [...field.value].length;
  const parts: [string, boolean][] = [
    [tx.ruleLength, length >= 8 && length <= 64],
    [`${tx.ruleKinds} (${Math.min(kinds, 3)}/3)`, kinds >= 3],
    [tx.ruleNoEmail, !check.problems.includes("containsEmail")],
  ];
  const hint = showRule ? (
    <span className="password-rule" aria-live="polite">
      {parts.map(([text, met]) => (
        <span key={text} className={met ? "rule-met" : "rule-unmet"}>
          <span aria-hidden="true">{met ? "✓ " : "· "}</span>
          {text}
          <span className="visually-hidden">{met ? ` (${tx.met})` : ` (${tx.unmet})`}</span>
        </span>
      ))}
    </span>
  ) : undefined;
  return <TextField {...field} type="password" hint={hint} spellCheck={false} autoCapitalize="off" />;
}

/** Whether a new password passes the core's rule. */
export function passwordOk(password: string, email?: string | null): boolean {
  return checkPassword(password, email ?? undefined).ok;
}
