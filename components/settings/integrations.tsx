"use client";

import { useState, type FormEvent } from "react";
import type { SettingsApi } from "./api-client";
import { DeliveriesPanel } from "./deliveries";
import { ErrorAlert } from "./error-alert";
import { installationName } from "./installation-name";
import { InstallationRows } from "./installation-rows";
import { OneTimeSecrets } from "./one-time-secrets";
import { CardTable } from "@/components/dashboard/card-table";
import { ACTIONS_COLUMN, ListRows } from "./settings-table";
import type { Installation, RegisteredInstallation } from "./types";
import { useApiAction } from "./use-api-action";
import { useApiList } from "./use-api-list";
import { useHydrated } from "@/components/use-hydrated";

/** A registration's answer, and whether the installation was listed already (registered again). */
type Registered = RegisteredInstallation & { again: boolean };

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
  const hydrated = useHydrated();
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

        <form className="register-form" method="post" onSubmit={(event) => void register(event)}>
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
          <button type="submit" className="button" disabled={registering || !hydrated}>
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
