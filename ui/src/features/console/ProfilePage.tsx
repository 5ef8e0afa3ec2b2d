// /mypage/business/profile (the master): the public profile's fields, the logo and cover
// cropped to the ratios the profile shows, and a live preview of the profile's head.
import { useState, type FormEvent } from "react";
import { ConsoleCard, ConsoleShell, useConsoleAccess } from "../../components/console";
import { FormAlert, TextField, useFailureMessage, useProblems } from "../../components/form";
import { EMPLOYEE_BANDS, type Business, type MyBusiness } from "../../lib/business";
import { filterInput, formatNumber } from "../../lib/core";
import { LoadFailed, Loading } from "../../lib/status";
import { useSaveProfile, type ProfileInput } from "./api";
import { COVER_CROP, ImageCrop, LOGO_CROP } from "./ImageCrop";
import { FlashLine, type Flash } from "./parts";
import { useBusinessTexts } from "./texts";

export default function ProfilePage() {
  const tx = useBusinessTexts();
  const access = useConsoleAccess("master");
  if (access.state === "loading") return <Loading text={tx.loading} />;
  if (access.state === "failed") return <LoadFailed text={tx.loadFailed} />;
  return (
    <ConsoleShell mine={access.mine} section="profile" title={tx.profileTitle}>
      <ProfileForm key={access.mine.business.id} mine={access.mine} />
    </ConsoleShell>
  );
}

interface Fields {
  name: string;
  industry: string;
  description: string;
  homepage: string;
  location: string;
  foundedYear: string;
  employeeBand: string;
}

function fieldsOf(business: Business): Fields {
  return {
    name: business.name,
    industry: business.industry,
    description: business.description,
    homepage: business.homepage ?? "",
    location: business.location ?? "",
    foundedYear: business.foundedYear ? String(business.foundedYear) : "",
    employeeBand: business.employeeBand ?? "",
  };
}

function ProfileForm({ mine }: { mine: MyBusiness }) {
  const tx = useBusinessTexts();
  const save = useSaveProfile(mine.business.id);
  const failure = useFailureMessage();
  const { formRef, problems, show, clear } = useProblems();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(mine.business));
  const [logo, setLogo] = useState<{ id: number; url: string } | null>(null);
  const [cover, setCover] = useState<{ id: number; url: string } | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { "profile-name": fields.name.trim() ? undefined : tx.nameRequired, "profile-industry": fields.industry.trim() ? undefined : tx.industryRequired };
    if (Object.values(found).some(Boolean)) return show(found);
    const input: ProfileInput = {
      name: fields.name.trim(),
      industry: fields.industry.trim(),
      description: fields.description.trim(),
      homepage: fields.homepage.trim() || null,
      location: fields.location.trim() || null,
      foundedYear: fields.foundedYear ? Number(fields.foundedYear) : null,
      employeeBand: fields.employeeBand || null,
      ...(logo ? { logoUploadId: logo.id } : {}),
      ...(cover ? { coverUploadId: cover.id } : {}),
    };
    setBusy(true);
    try {
      await save.mutateAsync(input);
      clear();
      setFlash({ key: "saved" });
    } catch (error) {
      show({ form: failure(error, (e) => (e.status === 400 ? e.message : undefined)) });
    } finally {
      setBusy(false);
    }
  }

  const preview: Business = {
    ...mine.business,
    name: fields.name || mine.business.name,
    industry: fields.industry,
    description: fields.description,
    location: fields.location || null,
    logoUrl: logo?.url ?? mine.business.logoUrl,
    coverUrl: cover?.url ?? mine.business.coverUrl,
  };
  return (
    <div className="console-grid console-grid-2">
      <ConsoleCard title={tx.profileFormTitle} id="profile-form">
        <p className="console-muted">{tx.profileLead}</p>
        <FlashLine flash={flash} />
        <form ref={formRef} className="form-stack" noValidate onSubmit={(event) => void submit(event)}>
          <div className="form-field">
            <span className="form-label">{tx.logo}</span>
            <ImageCrop spec={LOGO_CROP} label={tx.logo} current={logo?.url ?? mine.business.logoUrl} onUploaded={(upload) => setLogo({ id: upload.id, url: upload.url })} />
          </div>
          <div className="form-field">
            <span className="form-label">{tx.cover}</span>
            <ImageCrop spec={COVER_CROP} label={tx.cover} current={cover?.url ?? mine.business.coverUrl} onUploaded={(upload) => setCover({ id: upload.id, url: upload.url })} />
          </div>
          <TextField id="profile-name" label={tx.name} value={fields.name} onChange={set("name")} maxLength={100} required problem={problems["profile-name"]} />
          <TextField id="profile-industry" label={tx.industry} value={fields.industry} onChange={set("industry")} maxLength={100} required problem={problems["profile-industry"]} />
          <div className="form-field">
            <label htmlFor="profile-description">{tx.description}</label>
            <textarea id="profile-description" rows={5} maxLength={2000} value={fields.description} onChange={(event) => set("description")(event.target.value)} />
          </div>
          <TextField id="profile-homepage" label={`${tx.homepage} ${tx.optional}`} type="url" inputMode="url" autoComplete="url" value={fields.homepage} onChange={set("homepage")} hint={tx.homepageHint} />
          <TextField id="profile-location" label={`${tx.location} ${tx.optional}`} value={fields.location} onChange={set("location")} maxLength={100} />
          <TextField id="profile-founded" label={`${tx.foundedYear} ${tx.optional}`} inputMode="numeric" maxLength={4} value={fields.foundedYear} onChange={set("foundedYear")} filter={(raw) => filterInput(raw, { numbers: true })} />
          <div className="form-field">
            <label htmlFor="profile-employees">{tx.employeeBand}</label>
            <select id="profile-employees" value={fields.employeeBand} onChange={(event) => set("employeeBand")(event.target.value)}>
              <option value="">{tx.employeeNone}</option>
              {EMPLOYEE_BANDS.map((band) => (
                <option key={band} value={band}>
                  {band}
                </option>
              ))}
            </select>
          </div>
          <FormAlert problem={problems.form} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {tx.save}
          </button>
        </form>
      </ConsoleCard>
      <ConsoleCard title={tx.preview} id="profile-preview">
        <ProfilePreview business={preview} />
      </ConsoleCard>
    </div>
  );
}

/** The head of the public profile as it will look (the same ratios as the profile page). */
function ProfilePreview({ business }: { business: Business }) {
  const tx = useBusinessTexts();
  return (
    <div className="profile-preview" aria-live="polite">
      <div className="profile-preview-cover">{business.coverUrl ? <img src={business.coverUrl} alt="" /> : null}</div>
      <div className="profile-preview-head">
        <div className="profile-preview-logo">{business.logoUrl ? <img src={business.logoUrl} alt="" /> : <span aria-hidden="true">{business.name.slice(0, 1)}</span>}</div>
        <div>
          <p className="profile-preview-name">{business.name}</p>
          <p className="console-muted console-small">
            {[business.industry, business.location].filter(Boolean).join(" · ")} · {tx.followers} {formatNumber(business.followerCount)}
          </p>
        </div>
      </div>
      <p className="profile-preview-description">{business.description}</p>
    </div>
  );
}
