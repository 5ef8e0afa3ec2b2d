// My page's passkeys (on /mypage/security): each with the member's name for it, when it was
// added and last used; a new one named and made by the browser, any one removed. Adding and
// removing stand behind a recent check: the server answers 2013 and the "confirm it's you"
// dialog (lib/api) asks for the password or a passkey, then sends the call again.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormAlert, TextField, useFailureMessage } from "../../components/form";
import { api, type Answer } from "../../lib/api";
import { formatDate } from "../../lib/core";
import { createPasskey, onDomainName, passkeyCancelled, passkeysSupported, type PasskeyOptions } from "../../lib/passkey";
import { OWN_FAILURE } from "../../lib/queries";
import { mypageKeys } from "./api";
import { fill, useMyPageTexts } from "./texts";

type Passkey = Answer<"/mypage/v1/passkeys">[number];

export function Passkeys() {
  const tx = useMyPageTexts();
  const client = useQueryClient();
  const failure = useFailureMessage();
  const list = useQuery({ queryKey: mypageKeys.passkeys, queryFn: ({ signal }) => api<Passkey[]>("/mypage/v1/passkeys", { signal }) });
  const [name, setName] = useState("");
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const settle = () => client.invalidateQueries({ queryKey: mypageKeys.passkeys });
  const add = useMutation({
    mutationFn: async (named: string) => {
      const options = await api<PasskeyOptions>("/mypage/v1/passkeys/options", { method: "POST" });
      const credential = await createPasskey(options);
      return api<Passkey>("/mypage/v1/passkeys", { method: "POST", body: { name: named, credential } });
    },
    onSettled: settle,
    meta: OWN_FAILURE,
  });
  const remove = useMutation({ mutationFn: (id: number) => api<unknown>(`/mypage/v1/passkeys/${id}`, { method: "DELETE" }), onSettled: settle, meta: OWN_FAILURE });

  const run = async (call: () => Promise<unknown>, done: string) => {
    setOutcome(null);
    try {
      await call();
      setOutcome({ ok: true, text: done });
      return true;
    } catch (error) {
      if (!passkeyCancelled(error)) setOutcome({ ok: false, text: failure(error) });
      return false;
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const named = name.trim();
    if (!named) return setNameProblem(tx.passkeyNameMissing);
    setNameProblem(null);
    if (await run(() => add.mutateAsync(named), tx.passkeyAdded)) setName("");
  };

  const passkeys = list.data ?? [];
  return (
    <section className="mypage-passkeys" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{tx.passkeysTitle}</h2>
      <p className="form-hint">{tx.passkeysLead}</p>
      {list.isPending ? <p role="status">{tx.loading}</p> : null}
      {list.isError ? <FormAlert problem={failure(list.error)} /> : null}
      {list.isSuccess && passkeys.length === 0 ? <p>{tx.passkeysNone}</p> : null}
      <ul className="mypage-session-list">
        {passkeys.map((passkey) => (
          <li key={passkey.id} className="mypage-session">
            <p className="mypage-session-device">
              <strong>{passkey.name}</strong>
            </p>
            <p className="mypage-session-times">
              {fill(tx.passkeyAddedAt, { date: formatDate(passkey.addedAt, "yyyy.MM.dd HH:mm") })}
              <br />
              {passkey.lastUsedAt ? fill(tx.passkeyUsedAt, { date: formatDate(passkey.lastUsedAt, "yyyy.MM.dd HH:mm") }) : tx.passkeyNeverUsed}
            </p>
            <button
              type="button"
              className="button button-small"
              aria-label={`${tx.passkeyRemove}: ${passkey.name}`}
              disabled={remove.isPending}
              onClick={() => void run(() => remove.mutateAsync(passkey.id), tx.passkeyRemoved)}
            >
              {tx.passkeyRemove}
            </button>
          </li>
        ))}
      </ul>
      {passkeysSupported() ? (
        <form className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
          <TextField id="passkey-name" label={tx.passkeyName} hint={tx.passkeyNameHint} maxLength={60} value={name} onChange={setName} problem={nameProblem} />
          <button type="submit" className="button" disabled={add.isPending} aria-busy={add.isPending || undefined}>
            {add.isPending ? tx.passkeyAdding : tx.passkeyAdd}
          </button>
        </form>
      ) : (
        <p className="form-notice">{onDomainName() ? tx.passkeysUnsupported : tx.passkeysNoDomain}</p>
      )}
      {outcome?.ok ? <p role="status">{outcome.text}</p> : <FormAlert problem={outcome?.text ?? null} />}
    </section>
  );
}
