// A member without a business registers one: the registration number is checked by the core's
// checksum as it is typed, the rest is the profile's first version. The member becomes the
// business's master.
import { useState, type FormEvent } from "react";
import { FormAlert, TextField, useDraft, useFailureMessage, useProblems } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { filterPhone, isValidBusinessNumber } from "../../lib/core";
import { useRegister } from "./api";
import { useBusinessTexts } from "./texts";

const DIGITS = /\d/g;

/** What the registration number field says while it is typed: nothing until 10 digits are
 * there, then the core's checksum decides. */
export function numberState(value: string): "typing" | "valid" | "invalid" {
  const digits = value.match(DIGITS)?.length ?? 0;
  if (digits < 10) return "typing";
  return isValidBusinessNumber(value) ? "valid" : "invalid";
}

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const tx = useBusinessTexts();
  const register = useRegister();
  const failure = useFailureMessage();
  const { formRef, problems, show } = useProblems();
  const { values, set, discard } = useDraft("business-register", { registrationNumber: "", name: "", industry: "", description: "" });
  const [busy, setBusy] = useState(false);
  const state = numberState(values.registrationNumber);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      registrationNumber: state === "valid" ? undefined : tx.registrationNumberBad,
      name: values.name.trim() ? undefined : tx.nameRequired,
      industry: values.industry.trim() ? undefined : tx.industryRequired,
      description: values.description.trim() ? undefined : tx.descriptionRequired,
    };
    if (Object.values(found).some(Boolean)) return show(found);
    setBusy(true);
    try {
      await register.mutateAsync({ ...values, name: values.name.trim(), industry: values.industry.trim(), description: values.description.trim() });
      discard();
      onRegistered();
    } catch (error) {
      const taken = error instanceof ApiError && error.status === 409;
      show(taken ? { registrationNumber: tx.registrationTaken } : { form: failure(error) });
    } finally {
      setBusy(false);
    }
  }

  const numberProblem = problems.registrationNumber ?? (state === "invalid" ? tx.registrationNumberBad : undefined);
  return (
    <CardPage title={tx.registerTitle} lead={tx.registerLead} wide>
      <form ref={formRef} className="form-stack" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="registration-number"
          label={tx.registrationNumber}
          value={values.registrationNumber}
          onChange={(value) => set("registrationNumber", value)}
          filter={filterPhone}
          inputMode="tel"
          autoComplete="off"
          maxLength={12}
          required
          hint={state === "valid" ? <span className="console-ok">✓ {tx.registrationNumberOk}</span> : tx.registrationNumberHint}
          problem={numberProblem}
        />
        <TextField id="business-name" label={tx.name} value={values.name} onChange={(value) => set("name", value)} autoComplete="organization" maxLength={100} required problem={problems.name} />
        <TextField id="business-industry" label={tx.industry} value={values.industry} onChange={(value) => set("industry", value)} maxLength={100} required problem={problems.industry} />
        <div className="form-field">
          <label htmlFor="business-description">{tx.description}</label>
          <textarea
            id="business-description"
            rows={4}
            maxLength={2000}
            value={values.description}
            onChange={(event) => set("description", event.target.value)}
            aria-invalid={problems.description ? true : undefined}
            aria-describedby={problems.description ? "business-description-problem" : undefined}
          />
          {problems.description ? (
            <p id="business-description-problem" className="form-problem">
              {problems.description}
            </p>
          ) : null}
        </div>
        <FormAlert problem={problems.form} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {tx.register}
        </button>
      </form>
    </CardPage>
  );
}
