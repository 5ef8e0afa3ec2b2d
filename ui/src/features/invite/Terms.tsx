// The terms of joining: "agree to all", then the required items (service, privacy) and the
// optional one (marketing) kept apart, as Korean privacy law asks, each readable in full.
import { useInviteTexts } from "./texts";

export interface TermsChoice {
  service: boolean;
  privacy: boolean;
  marketing: boolean;
}

export const NO_TERMS: TermsChoice = { service: false, privacy: false, marketing: false };

export function requiredAccepted(terms: TermsChoice): boolean {
  return terms.service && terms.privacy;
}

export function Terms({ value, onChange, problem }: { value: TermsChoice; onChange: (next: TermsChoice) => void; problem?: string }) {
  const tx = useInviteTexts();
  const all = value.service && value.privacy && value.marketing;
  const items: { key: keyof TermsChoice; label: string; text: string; required: boolean }[] = [
    { key: "service", label: tx.termsService, text: tx.termsServiceText, required: true },
    { key: "privacy", label: tx.termsPrivacy, text: tx.termsPrivacyText, required: true },
    { key: "marketing", label: tx.termsMarketing, text: tx.termsMarketingText, required: false },
  ];
  return (
    <fieldset className="invite-terms" aria-describedby={problem ? "invite-terms-problem" : undefined}>
      <legend>{tx.terms}</legend>
      <div className="form-check invite-terms-all">
        <input
          id="terms-all"
          type="checkbox"
          checked={all}
          aria-describedby="terms-all-hint"
          onChange={(event) => onChange({ service: event.target.checked, privacy: event.target.checked, marketing: event.target.checked })}
        />
        <div>
          <label htmlFor="terms-all">{tx.agreeAll}</label>
          <p id="terms-all-hint" className="form-hint">
            {tx.agreeAllHint}
          </p>
        </div>
      </div>
      {items.map((item) => (
        <div key={item.key} className="invite-term">
          <div className="form-check">
            <input
              id={`terms-${item.key}`}
              type="checkbox"
              checked={value[item.key]}
              aria-invalid={problem && item.required && !value[item.key] ? true : undefined}
              onChange={(event) => onChange({ ...value, [item.key]: event.target.checked })}
            />
            <label htmlFor={`terms-${item.key}`}>
              <span className={item.required ? "term-required" : "term-optional"}>[{item.required ? tx.required : tx.optional}]</span> {item.label}
            </label>
          </div>
          <details>
            <summary>
              {tx.readFull}
              <span className="visually-hidden">: {item.label}</span>
            </summary>
            <p>{item.text}</p>
          </details>
        </div>
      ))}
      {problem ? (
        <p id="invite-terms-problem" className="form-problem">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
