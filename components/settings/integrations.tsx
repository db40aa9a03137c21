"use client";

import { useState, type FormEvent } from "react";
import type { SettingsApi } from "./api-client";
import { AttemptResponse, attemptHeadline, attemptSucceeded } from "./attempt-outcome";
import { ConfirmButton } from "./confirm-button";
import { DeliveriesPanel } from "./deliveries";
import { ErrorAlert } from "./error-alert";
import { Moment } from "./moment";
import { OneTimeSecrets } from "./one-time-secrets";
import { CardTable } from "@/components/dashboard/card-table";
import { ACTIONS_COLUMN, ListRows } from "./settings-table";
import type { Delivery, Installation, InstallationSecrets, RegisteredInstallation, RotatedInstallation } from "./types";
import { useApiAction } from "./use-api-action";
import { useApiList } from "./use-api-list";

/** A registration's answer, and whether the installation was listed already (registered again). */
type Registered = RegisteredInstallation & { again: boolean };

/** A URL that may wrap after its slashes and dots rather than anywhere (a narrow column stays readable). */
function breakableUrl(url: string): React.ReactNode[] {
  return url.split(/(?<=[/.?&])/).flatMap((part, index) => (index ? [<wbr key={index} />, part] : [part]));
}

const installationName = (installation: Pick<Installation, "cloudId" | "source">) => `${installation.cloudId} (${installation.source})`;

/** Registered integrations: register, edit the callback, rotate secrets, disable/enable, test, and their deliveries. */
export function IntegrationsSection({ api, onChange }: { api: SettingsApi; onChange: () => void }) {
  const {
    items: installations,
    error: loadError,
    reload,
    replace: updated,
  } = useApiList<Installation>(
    api,
    "/api/v1/installations",
    "installations",
    (installation) => installation.installation_id,
    "Could not load the integrations.",
  );
  const { pending, error: registerError, run } = useApiAction<"register">();
  const registering = pending === "register";
  const [registered, setRegistered] = useState<Registered | null>(null);
  const [cloudId, setCloudId] = useState("");
  const [source, setSource] = useState("");
  const [callbackUrl, setCallbackUrl] = useState("");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Bumped when a test event adds a delivery, so an open deliveries panel shows it; and on "Deliveries" to focus it.
  const [deliveriesVersion, setDeliveriesVersion] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);

  function register(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { cloudId: cloudId.trim(), source: source.trim(), callback_url: callbackUrl.trim() };
    return run(
      "register",
      // 201 for a new installation, 200 when it was registered before (re-enabled, secrets rotated).
      () => api.send<RegisteredInstallation>("POST", "/api/v1/installations", body),
      (result) => {
        const again = (installations ?? []).some((item) => item.installation_id === result.installation_id);
        setRegistered({ ...result, again });
        setCloudId("");
        setCallbackUrl("");
        onChange();
        reload();
      },
      "Could not register the integration.",
    );
  }

  const selected = installations?.find((item) => item.installation_id === selectedId) ?? null;

  return (
    <>
      <section className="card settings-section" aria-labelledby="integrations-heading" aria-busy={installations === null && !loadError}>
        <h2 id="integrations-heading">Integrations</h2>
        <p className="muted small">
          An integration sends issues to <code>POST /api/v1/evaluate/&#123;source&#125;</code> with its secret and receives each result as a
          signed callback.
        </p>

        <form className="register-form" onSubmit={(event) => void register(event)}>
          <div className="field">
            <label htmlFor="register-cloud-id">Site id (cloudId)</label>
            <input
              id="register-cloud-id"
              value={cloudId}
              required
              maxLength={256}
              placeholder="acme.atlassian.net"
              autoComplete="off"
              onChange={(event) => setCloudId(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="register-source">Source (the tracker)</label>
            <input
              id="register-source"
              value={source}
              required
              maxLength={64}
              pattern="[A-Za-z0-9][A-Za-z0-9._\-]*"
              placeholder="jira"
              aria-describedby="register-source-hint"
              autoComplete="off"
              onChange={(event) => setSource(event.target.value)}
            />
            <span id="register-source-hint" className="muted small">
              Letters, digits, <code>.</code> <code>_</code> <code>-</code>
            </span>
          </div>
          <div className="field grow">
            <label htmlFor="register-callback">Callback URL</label>
            <input
              id="register-callback"
              type="url"
              value={callbackUrl}
              required
              maxLength={2048}
              placeholder="https://hooks.example.com/stories"
              autoComplete="off"
              onChange={(event) => setCallbackUrl(event.target.value)}
            />
          </div>
          <button type="submit" className="button" disabled={registering}>
            {registering ? "Registering…" : "Register integration"}
          </button>
        </form>
        <ErrorAlert error={registerError} />

        {registered ? (
          <OneTimeSecrets
            key={`${registered.installation_id}-${registered.secret}`}
            title={`Secrets for ${installationName(registered)}`}
            note={
              registered.again
                ? "It was registered already: it is enabled again, and its previous secrets no longer work."
                : "Send the secret as X-Service-Secret; verify our callbacks with the signing secret."
            }
            values={[
              { label: "Secret", value: registered.secret, testId: "new-secret" },
              { label: "Webhook signing secret", value: registered.webhook_secret, testId: "new-webhook-secret" },
            ]}
            onDismiss={() => setRegistered(null)}
          />
        ) : null}

        <ErrorAlert error={loadError} />
        <CardTable
          label="Integrations table"
          className="settings-table installations-table"
          caption="Registered integrations"
          columns={["Site id (cloudId)", "Source", "Callback URL", "Status", "Created", ACTIONS_COLUMN]}
        >
          <ListRows
            items={installations}
            colSpan={6}
            failed={loadError ? "The integrations could not be loaded." : null}
            empty="No integrations yet."
            row={(installation) => (
              <InstallationRows
                key={installation.installation_id}
                api={api}
                installation={installation}
                deliveriesOpen={selectedId === installation.installation_id}
                onUpdated={(next) => {
                  updated(next);
                  onChange();
                }}
                onTested={() => {
                  setDeliveriesVersion((version) => version + 1);
                  // A receiver that answers 410 Gone disables its installation (and the service audits it).
                  reload();
                  onChange();
                }}
                onShowDeliveries={() => {
                  setSelectedId(installation.installation_id);
                  setFocusRequest((count) => count + 1);
                }}
              />
            )}
          />
        </CardTable>
      </section>

      <section className="card settings-section" id="deliveries" aria-labelledby="deliveries-heading">
        {selected ? (
          <DeliveriesPanel
            key={selected.installation_id}
            api={api}
            installation={selected}
            headingId="deliveries-heading"
            version={deliveriesVersion}
            focusRequest={focusRequest}
            onChange={() => {
              // A redelivery may disable the installation too (410 Gone).
              reload();
              onChange();
            }}
            onClose={() => setSelectedId(null)}
          />
        ) : (
          <>
            <h2 id="deliveries-heading">Deliveries</h2>
            <p className="muted">
              {installations?.length
                ? "Choose “Deliveries” on an integration to see the callbacks sent to it, their attempts, and to send one again."
                : "Callbacks sent to an integration are listed here once one is registered."}
            </p>
          </>
        )}
      </section>
    </>
  );
}

/** One installation: its table row, and below it a row for what its actions opened or answered. */
function InstallationRows({
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
              disabled={pending !== null}
              onClick={() => {
                setDraftUrl(installation.callback_url);
                setEditing(!editing);
              }}
            >
              Edit URL<span className="sr-only"> of {name}</span>
            </button>
            <button type="button" className="button secondary small-button" disabled={pending !== null} onClick={() => void sendTest()}>
              {pending === "ping" ? "Sending…" : "Send test event"}
              <span className="sr-only"> to {name}</span>
            </button>
            <button
              type="button"
              className="button secondary small-button"
              aria-controls="deliveries"
              aria-expanded={deliveriesOpen}
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
            <button type="button" className="button secondary small-button" disabled={pending !== null} onClick={() => void toggle()}>
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
              <form className="inline-form" onSubmit={saveUrl}>
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
                <button type="submit" className="button small-button" disabled={pending !== null}>
                  {pending === "save" ? "Saving…" : "Save"}
                </button>
                <button type="button" className="button secondary small-button" onClick={() => setEditing(false)}>
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
                <button type="button" className="link-button small" onClick={() => setPing(null)}>
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
