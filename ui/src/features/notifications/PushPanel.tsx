// The settings page's web push part: turn notifications on or off in this browser, and the
// night-time consent (정보통신망법 Art. 50) with the date of the member's answer.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { formatDate, offsetMinutes } from "../../lib/core";
import { fill } from "../../lib/i18n";
import { answerNight, here, pushKey, pushSettingsQuery, supported, turnOff, turnOn } from "./push";
import { useTexts } from "./texts";

export function PushPanel() {
  const tx = useTexts();
  const client = useQueryClient();
  const settings = useQuery(pushSettingsQuery());
  const browsers = settings.data?.browsers;
  const state = useQuery({
    queryKey: [...pushKey, "here", browsers?.map((browser) => browser.endpoint).join(" ") ?? ""],
    queryFn: () => here(browsers ?? []),
    enabled: browsers !== undefined,
  });
  const toggle = useMutation({
    mutationFn: (on: boolean) => (on ? turnOn(settings.data?.publicKey ?? "") : turnOff()),
    onSettled: () => client.invalidateQueries({ queryKey: pushKey }),
  });
  const night = useMutation({
    mutationFn: answerNight,
    onSuccess: (answer) => client.setQueryData(pushKey, answer),
  });
  const nightId = useId();
  const shown = toggle.isSuccess ? toggle.data : state.data;
  const answer = settings.data?.night ?? null;
  return (
    <section className="push-panel" aria-labelledby={`${nightId}-title`}>
      <h2 id={`${nightId}-title`} className="push-panel-title">
        {tx.pushTitle}
      </h2>
      <p className="push-panel-lead">{tx.pushLead}</p>
      {!supported() ? (
        <p className="form-notice">{tx.pushUnsupported}</p>
      ) : shown === "blocked" ? (
        <p className="form-notice">{tx.pushBlocked}</p>
      ) : (
        <p className="push-panel-row">
          <span className="push-panel-state" role="status">
            {shown === "on" ? tx.pushOnHere : tx.pushOffHere}
          </span>
          <button
            type="button"
            className="button"
            disabled={settings.data === undefined || shown === undefined || toggle.isPending}
            onClick={() => toggle.mutate(shown !== "on")}
          >
            {shown === "on" ? tx.pushTurnOff : tx.pushTurnOn}
          </button>
        </p>
      )}
      {toggle.isError ? (
        <p className="form-error" role="alert">
          {tx.pushFailed}
        </p>
      ) : null}
      {browsers && browsers.length > 0 ? <p className="push-panel-count">{fill(tx.pushBrowsers, { count: String(browsers.length) })}</p> : null}
      <p className="push-panel-night">
        <input
          id={nightId}
          type="checkbox"
          checked={night.isPending ? night.variables : (answer?.granted ?? false)}
          disabled={settings.data === undefined || night.isPending}
          onChange={(event) => night.mutate(event.target.checked)}
        />
        <label htmlFor={nightId}>{tx.nightConsent}</label>
      </p>
      <p className="push-panel-note">
        {answer
          ? fill(answer.granted ? tx.nightGranted : tx.nightWithdrawn, { date: formatDate(answer.at, "yyyy-MM-dd HH:mm", offsetMinutes()) })
          : tx.nightNever}
      </p>
      {night.isError ? (
        <p className="form-error" role="alert">
          {tx.saveFailed}
        </p>
      ) : null}
    </section>
  );
}
