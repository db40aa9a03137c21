"use client";

import { useState, type FormEvent } from "react";
import type { SettingsApi } from "./api-client";
import { AttemptResponse, attemptHeadline, attemptSucceeded } from "./attempt-outcome";
import { ConfirmButton } from "./confirm-button";
import { ErrorAlert } from "./error-alert";
import { breakableUrl, installationName } from "./installation-name";
import { Moment } from "./moment";
import { OneTimeSecrets } from "./one-time-secrets";
import type { Delivery, Installation, InstallationSecrets, RotatedInstallation } from "./types";
import { useApiAction } from "./use-api-action";
import { useHydrated } from "@/components/use-hydrated";

/** One installation: its table row, and below it a row for what its actions opened or answered. */
export function InstallationRows({
  api,
  installation,
  deliveriesOpen,
  onUpdated,
  onTested,
  onShowDeliveries,
}: {
  api: SettingsApi;
  installation: Installation;
  deliveriesOpen: boolean;
  onUpdated: (installation: Installation) => void;
  onTested: () => void;
  onShowDeliveries: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draftUrl, setDraftUrl] = useState(installation.callback_url);
  const { pending, error, status, setStatus, run: act } = useApiAction<"save" | "rotate" | "toggle" | "ping">();
  const [secrets, setSecrets] = useState<InstallationSecrets | null>(null);
  const [ping, setPing] = useState<Delivery | null>(null);
  const hydrated = useHydrated();
  // One change at a time, and none before the page's script runs.
  const busy = pending !== null || !hydrated;
  const name = installationName(installation);
  const path = `/api/v1/installations/${encodeURIComponent(installation.installation_id)}`;

  const saveUrl = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void act(
      "save",
      () => api.send<Installation>("PATCH", path, { callback_url: draftUrl.trim() }),
      (next) => {
        onUpdated(next);
        setEditing(false);
        setStatus("Callback URL saved.");
      },
      "Could not change the callback URL.",
    );
  };

  const rotate = () =>
    act(
      "rotate",
      () => api.send<RotatedInstallation>("POST", `${path}/rotate-secrets`),
      (result) => {
        const { secret, webhook_secret, ...next } = result;
        setSecrets({ secret, webhook_secret });
        onUpdated({ ...installation, ...next });
      },
      "Could not rotate the secrets.",
    );

  const toggle = () =>
    act(
      "toggle",
      () => api.send<Installation>("PATCH", path, { enabled: !installation.enabled }),
      (next) => {
        onUpdated(next);
        setStatus(next.enabled ? "Enabled: it may send issues and receives callbacks again." : "Disabled: its calls are refused and no callbacks are sent.");
      },
      installation.enabled ? "Could not disable the integration." : "Could not enable the integration.",
    );

  const sendTest = () =>
    act(
      "ping",
      () => api.send<Delivery>("POST", `${path}/ping`),
      (delivery) => {
        setPing(delivery);
        onTested();
      },
      "Could not send the test event.",
    );

  const lastAttempt = ping?.attempts.at(-1) ?? null;
  const detail = editing || error || secrets || ping || status;

  return (
    <>
      <tr role="row" data-testid="installation-row" className={installation.enabled ? undefined : "inactive-row"}>
        <td role="cell" className="card-title wrap-anywhere">
          <strong>{installation.cloudId}</strong>
        </td>
        <td role="cell" data-label="Source">
          {installation.source}
        </td>
        <td role="cell" data-label="Callback URL" className="url-cell">
          <code>{breakableUrl(installation.callback_url)}</code>
        </td>
        <td role="cell" data-label="Status">
          {installation.enabled ? (
            <span className="status-pill ok">Enabled</span>
          ) : (
            <>
              <span className="status-pill off">Disabled</span>
              {installation.disabled_reason ? <span className="cell-note">{installation.disabled_reason}</span> : null}
            </>
          )}
        </td>
        <td role="cell" data-label="Created">
          <Moment iso={installation.created_at} />
        </td>
        <td role="cell" className="actions-cell">
          <div className="row-actions">
            <button
              type="button"
              className="button secondary small-button"
              aria-expanded={editing}
              disabled={busy}
              onClick={() => {
                setDraftUrl(installation.callback_url);
                setEditing(!editing);
              }}
            >
              Edit URL<span className="sr-only"> of {name}</span>
            </button>
            <button type="button" className="button secondary small-button" disabled={busy} onClick={() => void sendTest()}>
              {pending === "ping" ? "Sending…" : "Send test event"}
              <span className="sr-only"> to {name}</span>
            </button>
            <button
              type="button"
              className="button secondary small-button"
              aria-controls="deliveries"
              aria-expanded={deliveriesOpen}
              disabled={!hydrated}
              onClick={onShowDeliveries}
            >
              Deliveries<span className="sr-only"> of {name}</span>
            </button>
            <ConfirmButton
              label="Rotate secrets"
              target={`of ${name}`}
              confirmLabel="Confirm rotate"
              consequence="Both current secrets stop working at once."
              pending={pending === "rotate"}
              disabled={pending !== null}
              onConfirm={() => void rotate()}
            />
            <button type="button" className="button secondary small-button" disabled={busy} onClick={() => void toggle()}>
              {pending === "toggle" ? "Saving…" : installation.enabled ? "Disable" : "Enable"}
              <span className="sr-only"> {name}</span>
            </button>
          </div>
        </td>
      </tr>
      {detail ? (
        <tr role="row" className="detail-row">
          <td role="cell" colSpan={6}>
            {editing ? (
              <form className="inline-form" method="post" onSubmit={saveUrl}>
                <div className="field grow">
                  <label htmlFor={`callback-${installation.installation_id}`}>New callback URL for {name}</label>
                  <input
                    id={`callback-${installation.installation_id}`}
                    type="url"
                    value={draftUrl}
                    required
                    maxLength={2048}
                    autoComplete="off"
                    autoFocus
                    onChange={(event) => setDraftUrl(event.target.value)}
                  />
                </div>
                <button type="submit" className="button small-button" disabled={busy}>
                  {pending === "save" ? "Saving…" : "Save"}
                </button>
                <button type="button" className="button secondary small-button" disabled={!hydrated} onClick={() => setEditing(false)}>
                  Cancel
                </button>
              </form>
            ) : null}
            <ErrorAlert error={error} />
            {status ? (
              <p className="alert info" role="status">
                {status}
              </p>
            ) : null}
            {ping && lastAttempt ? (
              <div className={`ping-result ${attemptSucceeded(lastAttempt) ? "ok" : "bad"}`} role="status" data-testid="ping-result">
                <p>
                  <strong>Test event {attemptSucceeded(lastAttempt) ? "delivered" : "not delivered"}:</strong>{" "}
                  <span data-testid="ping-outcome">{attemptHeadline(lastAttempt)}</span>.
                </p>
                <p className="small">
                  Receiver’s answer: <AttemptResponse attempt={lastAttempt} />
                </p>
                <button type="button" className="link-button small" disabled={!hydrated} onClick={() => setPing(null)}>
                  Hide<span className="sr-only"> the test event result</span>
                </button>
              </div>
            ) : null}
            {ping && !lastAttempt ? (
              <p className="alert info" role="status" data-testid="ping-result">
                Test event queued: its outcome will be listed under Deliveries.
              </p>
            ) : null}
            {secrets ? (
              <OneTimeSecrets
                key={secrets.secret}
                title={`New secrets for ${name}`}
                note="The previous ones no longer work: update your integration."
                values={[
                  { label: "Secret", value: secrets.secret, testId: "rotated-secret" },
                  { label: "Webhook signing secret", value: secrets.webhook_secret, testId: "rotated-webhook-secret" },
                ]}
                onDismiss={() => setSecrets(null)}
              />
            ) : null}
          </td>
        </tr>
      ) : null}
    </>
  );
}
