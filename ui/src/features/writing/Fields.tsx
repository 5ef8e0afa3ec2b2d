// The post's fields around the body: title and summary above it; category, tags, cover, the
// report flag with its PDF, and the series order (categories 8 and 9) beside it.
import { useQuery } from "@tanstack/react-query";
import { useState, type KeyboardEvent } from "react";
import { FilePick, TextField } from "../../components/form";
import { categories, cleanTag, cleanTags, filterInput, tagsProblem, writingLimits } from "../../lib/core";
import { useI18n } from "../../lib/i18n";
import { uploadFile } from "../../lib/upload";
import { tagSuggestionsQuery } from "./api";
import { SERIES_CATEGORIES, type Draft } from "./draft";
import { fill, useWritingTexts } from "./texts";

const LIMITS = writingLimits();

type FieldsProps = { draft: Draft; onChange: (change: Partial<Draft>) => void; problems: Record<string, string | undefined> };

/** Above the body: the title and the summary. */
export function HeadFields({ draft, onChange, problems }: FieldsProps) {
  const tx = useWritingTexts();
  return (
    <div className="form-stack writer-fields">
      <TextField id="post-title" label={tx.title} value={draft.title} onChange={(title) => onChange({ title })} maxLength={LIMITS.titleMaxChars} autoComplete="off" problem={problems["post-title"]} />
      <div className="form-field">
        <label htmlFor="post-summary">{tx.summary}</label>
        <textarea id="post-summary" rows={3} maxLength={LIMITS.summaryMaxChars} value={draft.summary} aria-describedby="post-summary-hint" onChange={(event) => onChange({ summary: event.target.value })} />
        <p id="post-summary-hint" className="form-hint">
          {tx.summaryHint} ({draft.summary.length}/{LIMITS.summaryMaxChars})
        </p>
      </div>
    </div>
  );
}

/** Beside the body: category, tags, cover, the report and the series order. */
export function SettingsFields({ draft, onChange }: Omit<FieldsProps, "problems">) {
  const tx = useWritingTexts();
  const { lang } = useI18n();
  return (
    <div className="form-stack writer-fields">
      <div className="form-field">
        <label htmlFor="post-category">{tx.category}</label>
        <select id="post-category" value={draft.categoryId} onChange={(event) => onChange({ categoryId: Number(event.target.value) })}>
          {categories().map((category) => (
            <option key={category.id} value={category.id}>
              {lang === "ko" ? category.nameKo : category.nameEn}
            </option>
          ))}
        </select>
      </div>
      {SERIES_CATEGORIES.includes(draft.categoryId) ? (
        <TextField id="post-series" label={`${tx.seriesOrder} ${tx.optional}`} inputMode="numeric" maxLength={4} value={draft.seriesOrder} onChange={(seriesOrder) => onChange({ seriesOrder })} filter={(raw) => filterInput(raw, { numbers: true })} autoComplete="off" />
      ) : null}
      <TagInput tags={draft.tags} onChange={(tags) => onChange({ tags })} />
      <UploadField
        id="post-cover"
        label={`${tx.cover} ${tx.optional}`}
        accept="image/jpeg,image/png,image/webp"
        purpose="cover"
        value={draft.cover}
        onChange={(cover) => onChange({ cover })}
        removeLabel={tx.coverRemove}
        preview
      />
      <label className="form-check">
        <input type="checkbox" checked={draft.isReport} onChange={(event) => onChange({ isReport: event.target.checked })} />
        <span>{tx.report}</span>
      </label>
      {draft.isReport ? (
        <UploadField id="post-report" label={`${tx.reportFile} ${tx.optional}`} accept="application/pdf" purpose="report" value={draft.report} onChange={(report) => onChange({ report })} removeLabel={tx.reportRemove} />
      ) : null}
    </div>
  );
}

/** Tags as chips: Enter or a comma adds what is typed (never while a syllable is still
 * being composed), the core keeps each tag as the server will; suggestions come from the
 * tags already in use. */
function TagInput({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const tx = useWritingTexts();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const prefix = cleanTag(text) ?? "";
  const suggestions = useQuery(tagSuggestionsQuery(prefix));
  const add = () => {
    const tag = cleanTag(text);
    if (!tag) return setText("");
    const next = [...tags, tag];
    const why = tagsProblem(next);
    if (why) return setProblem(why === "tooLong" ? fill(tx.tagTooLong, { max: LIMITS.tagMaxChars }) : fill(tx.tagTooMany, { max: LIMITS.tagsMax }));
    setProblem(null);
    onChange(cleanTags(next));
    setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add();
    } else if (event.key === "Backspace" && !text && tags.length) {
      onChange(tags.slice(0, -1));
    }
  };
  return (
    <div className="form-field">
      <label htmlFor="post-tags">{tx.tags}</label>
      <div className="writer-tags">
        {tags.map((tag) => (
          <span key={tag} className="writer-tag">
            #{tag}
            <button type="button" aria-label={fill(tx.tagRemove, { tag })} onClick={() => onChange(tags.filter((t) => t !== tag))}>
              ×
            </button>
          </span>
        ))}
        <input
          id="post-tags"
          list="post-tags-suggestions"
          autoComplete="off"
          value={text}
          aria-describedby={problem ? "post-tags-hint post-tags-problem" : "post-tags-hint"}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setText(event.target.value.replace(/,/g, ""))}
          onKeyDown={onKeyDown}
          onBlur={() => text.trim() && add()}
        />
        <datalist id="post-tags-suggestions">
          {(suggestions.data?.items ?? []).filter((s) => !tags.includes(s)).map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </div>
      <p id="post-tags-hint" className="form-hint">
        {fill(tx.tagsHint, { max: LIMITS.tagsMax })}
      </p>
      {problem ? (
        <p id="post-tags-problem" className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

interface UploadFieldProps {
  id: string;
  label: string;
  accept: string;
  purpose: "cover" | "report";
  value: { id: number; url: string } | null;
  onChange: (value: { id: number; url: string } | null) => void;
  removeLabel: string;
  preview?: boolean;
}

function UploadField({ id, label, accept, purpose, value, onChange, removeLabel, preview }: UploadFieldProps) {
  const tx = useWritingTexts();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const upload = await uploadFile(file, purpose);
      onChange({ id: upload.id, url: upload.url });
    } catch (error) {
      setProblem(fill(tx.uploadFailed, { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {value ? (
        <div className="writer-upload">
          {preview ? (
            <img src={value.url} alt="" className="writer-cover" />
          ) : (
            <a href={value.url} target="_blank" rel="noopener">
              {tx.reportCurrent}
            </a>
          )}
          <button type="button" className="button button-small" onClick={() => onChange(null)}>
            {removeLabel}
          </button>
        </div>
      ) : null}
      <FilePick id={id} accept={accept} disabled={busy} aria-describedby={problem ? `${id}-problem` : undefined} onFiles={(files) => void choose(files?.[0])} />
      {busy ? <p className="form-hint">{tx.coverUploading}</p> : null}
      {problem ? (
        <p id={`${id}-problem`} className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
