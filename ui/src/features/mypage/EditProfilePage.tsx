// /mypage/user/edit: nickname, interests and marketing consent (GET/PUT /mypage/v1/profile).
// What the member changes is kept as a draft in the tab until it is saved or dropped, so a
// session that ends in the middle (a sign-in on the way, a reload) loses nothing.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { FormAlert, TextField, useDraft, useFailureMessage, useProblems, type Problems } from "../../components/form";
import { flash } from "../../components/notice/flash";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { categories, categoryName, checkNickname, filterNickname, formatDate, type Lang, type NicknameProblem } from "../../lib/core";
import { useI18n } from "../../lib/i18n";
import { loginHere } from "../../lib/login";
import { useSession } from "../../lib/session";
import { profileQuery, useSaveProfile, type Profile } from "./api";
import { FormButtons } from "./parts";
import { ProfileState } from "./ProfileState";
import { fill, useMyPageTexts } from "./texts";
import "./mypage.css";

interface EditDraft {
  /** False until the member changes something: the saved profile shows until then. */
  touched: boolean;
  nickname: string;
  interests: number[];
  marketingOptIn: boolean;
}

const UNTOUCHED: EditDraft = { touched: false, nickname: "", interests: [], marketingOptIn: false };

/** Korean law (정보통신망법 §50) has the member told the date a marketing consent was given or
 * withdrawn: said with the saved profile. */
function consentNotice(optIn: boolean, lang: Lang, tx: ReturnType<typeof useMyPageTexts>): string {
  const date = formatDate(Date.now(), lang === "ko" ? "yyyy년 M월 d일" : "yyyy-MM-dd");
  return fill(optIn ? tx.marketingOn : tx.marketingOff, { date });
}

export default function EditProfilePage() {
  const tx = useMyPageTexts();
  const profile = useQuery(profileQuery());
  return (
    <CardPage title={tx.editTitle} lead={tx.editLead}>
      <ProfileState query={profile}>{(data) => <EditForm profile={data} />}</ProfileState>
    </CardPage>
  );
}

function EditForm({ profile }: { profile: Profile }) {
  const tx = useMyPageTexts();
  const { lang } = useI18n();
  const session = useSession();
  const [, navigate] = useLocation();
  const failure = useFailureMessage();
  const save = useSaveProfile();
  const { formRef, problems, show } = useProblems();
  const draft = useDraft<EditDraft>(`mypage.edit.${profile.memberId}`, UNTOUCHED);
  const [restored, setRestored] = useState(draft.values.touched);
  const [busy, setBusy] = useState(false);
  const values: EditDraft = draft.values.touched
    ? draft.values
    : { touched: false, nickname: profile.nickname ?? "", interests: profile.interests, marketingOptIn: profile.marketingOptIn };
  const change = (changes: Partial<EditDraft>) => draft.setValues({ ...values, ...changes, touched: true });

  function nicknameProblem(found: NicknameProblem[]): string | undefined {
    if (found.includes("tooShort")) return tx.nicknameTooShort;
    if (found.includes("tooLong")) return tx.nicknameTooLong;
    if (found.includes("badCharacter")) return tx.nicknameBadCharacter;
    return undefined;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const nickname = checkNickname(values.nickname);
    if (!nickname.ok) return show({ nickname: nicknameProblem(nickname.problems) });
    setBusy(true);
    show({});
    try {
      const saved = await save.mutateAsync({ nickname: nickname.nickname, interests: values.interests, marketingOptIn: values.marketingOptIn });
      draft.discard();
      const notices = [tx.saved];
      if (saved.marketingOptIn !== profile.marketingOptIn) notices.push(consentNotice(saved.marketingOptIn, lang, tx));
      flash(notices.join(" "));
      void session.reload();
      navigate("/mypage");
    } catch (error) {
      setBusy(false);
      // The session ended: sign in again and come back; the draft is still here.
      if (error instanceof ApiError && error.status === 401) return navigate(loginHere());
      show(refusal(error));
    }
  }

  function refusal(error: unknown): Problems {
    if (error instanceof ApiError && error.status === 400) {
      if (/nickname/i.test(error.message)) return { nickname: tx.nicknameBadCharacter };
      if (/interests/i.test(error.message)) return { form: tx.interestsInvalid };
    }
    return { form: failure(error) };
  }

  function forgetDraft() {
    draft.discard();
    draft.setValues(UNTOUCHED);
    setRestored(false);
  }

  function toggleInterest(id: number, on: boolean) {
    const chosen = on ? [...values.interests.filter((x) => x !== id), id] : values.interests.filter((x) => x !== id);
    change({ interests: chosen.sort((a, b) => a - b) });
  }

  return (
    <form ref={formRef} className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
      {restored ? (
        <div className="form-notice mypage-restored">
          <span>{tx.draftRestored}</span>{" "}
          <button type="button" className="link-button" onClick={forgetDraft}>
            {tx.draftDiscard}
          </button>
        </div>
      ) : null}
      <TextField
        id="nickname"
        label={tx.nickname}
        value={values.nickname}
        onChange={(nickname) => change({ nickname })}
        filter={filterNickname}
        hint={tx.nicknameHint}
        problem={problems.nickname}
        autoComplete="nickname"
        spellCheck={false}
      />
      <fieldset className="form-field mypage-fieldset" aria-describedby="interests-hint">
        <legend>{tx.interests}</legend>
        <p id="interests-hint" className="form-hint">
          {tx.interestsHint}
        </p>
        <div className="mypage-interest-grid">
          {categories().map((category) => (
            <label key={category.id} className="form-check">
              <input
                type="checkbox"
                name="interests"
                value={category.id}
                checked={values.interests.includes(category.id)}
                onChange={(event) => toggleInterest(category.id, event.target.checked)}
              />
              <span>{categoryName(category.id, lang)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="form-field mypage-fieldset" aria-describedby="marketing-hint">
        <legend>{tx.marketingLegend}</legend>
        <label className="form-check">
          <input
            type="checkbox"
            name="marketingOptIn"
            checked={values.marketingOptIn}
            onChange={(event) => change({ marketingOptIn: event.target.checked })}
          />
          <span>{tx.marketingLabel}</span>
        </label>
        <p id="marketing-hint" className="form-hint">
          {tx.marketingHint}
        </p>
      </fieldset>
      <FormAlert problem={problems.form} />
      <FormButtons label={tx.save} busyLabel={tx.saving} busy={busy} onCancel={draft.discard} />
    </form>
  );
}
