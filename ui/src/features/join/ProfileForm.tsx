// The join's last form: the nickname (the core's filter, applied once a Korean syllable is
// composed, and the core's rule) and the interests among the nine categories (names from the
// core), POST /membership/v1/join/profile. What was typed stays in this tab until it is sent.
import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { FormAlert, TextField, useDraft, useFailureMessage, useProblems } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { categories, categoryName, checkNickname, filterNickname, type NicknameProblem } from "../../lib/core";
import { useI18n } from "../../lib/i18n";
import { joinFlow } from "../../lib/joinFlow";
import { useSession } from "../../lib/session";
import { useSaveJoinProfile } from "./api";
import { JoinSteps } from "./parts";
import { useJoinTexts, type JoinTexts } from "./texts";

interface Draft {
  nickname: string;
  interests: number[];
}

const NICKNAME_PROBLEM: Record<NicknameProblem, keyof JoinTexts> = {
  tooShort: "nicknameShort",
  tooLong: "nicknameLong",
  badCharacter: "nicknameChars",
};

export function ProfileForm() {
  const tx = useJoinTexts();
  const { lang } = useI18n();
  const session = useSession();
  const [, navigate] = useLocation();
  const failure = useFailureMessage();
  const { formRef, problems, show, clear } = useProblems();
  // A social provider's display name is offered, as the core's filter keeps it.
  const draft = useDraft<Draft>("join-profile", {
    nickname: filterNickname(joinFlow().nickname ?? session.member?.nickname ?? ""),
    interests: session.member?.interests ?? [],
  });
  const { nickname, interests } = draft.values;
  const [busy, setBusy] = useState(false);
  const saveProfile = useSaveJoinProfile();

  const toggle = (id: number, on: boolean) =>
    draft.set("interests", on ? [...interests.filter((i) => i !== id), id].sort((a, b) => a - b) : interests.filter((i) => i !== id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkNickname(nickname);
    if (!check.ok) return show({ nickname: tx[NICKNAME_PROBLEM[check.problems[0]]] });
    clear();
    setBusy(true);
    try {
      await saveProfile.mutateAsync({ nickname: check.nickname, interests });
    } catch (error) {
      setBusy(false);
      return show({ nickname: failure(error, (e) => (e.status === 400 ? tx.nicknameRefused : undefined)) });
    }
    draft.discard();
    await session.reload();
    navigate("/member/join/complete");
  };

  return (
    <CardPage title={tx.profileTitle} lead={tx.profileLead} wide>
      <JoinSteps current="profile" />
      <form ref={formRef} className="form-stack join-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          id="join-nickname"
          label={tx.nickname}
          autoComplete="nickname"
          value={nickname}
          filter={filterNickname}
          onChange={(value) => draft.set("nickname", value)}
          hint={tx.nicknameHint}
          problem={problems.nickname}
        />
        <fieldset className="join-fieldset" aria-describedby="join-interests-hint">
          <legend>{tx.interests}</legend>
          <p id="join-interests-hint" className="form-hint">
            {tx.interestsHint}
          </p>
          <ul className="join-interests">
            {categories().map((category) => (
              <li key={category.id}>
                <label className="join-interest">
                  <input
                    type="checkbox"
                    name="interests"
                    value={category.id}
                    checked={interests.includes(category.id)}
                    onChange={(event) => toggle(category.id, event.target.checked)}
                  />
                  <span>{categoryName(category.id, lang)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <FormAlert problem={problems.form} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? tx.saving : tx.saveProfile}
        </button>
      </form>
    </CardPage>
  );
}
