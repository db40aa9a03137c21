"use client";

import { useEffect, useState, type FormEvent } from "react";
import { ScrollRegion } from "@/components/dashboard/scroll-region";
import { asApiError, type SettingsApi, type SettingsApiError } from "./api-client";
import { ConfirmButton } from "./confirm-button";
import { ErrorAlert } from "./error-alert";
import { LocalTime } from "./local-time";
import { OneTimeSecrets } from "./one-time-secrets";
import type { ApiKey, CreatedApiKey } from "./types";

/** The visible start of a key, marked as cut short. */
function shownPrefix(prefix: string): string {
  return prefix.endsWith("…") ? prefix : `${prefix}…`;
}

/** The customer's API keys: list, create (the key is shown once) and revoke. */
export function ApiKeysSection({ api, onChange }: { api: SettingsApi; onChange: () => void }) {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [loadError, setLoadError] = useState<SettingsApiError | null>(null);
  const [actionError, setActionError] = useState<SettingsApiError | null>(null);
  const [name, setName] = useState("");
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [status, setStatus] = useState("");

  // Bumped after a change here, to read the list again.
  const [reloads, setReloads] = useState(0);
  const reload = () => setReloads((count) => count + 1);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<{ data: ApiKey[] }>("/api/v1/keys", {}, controller.signal)
      .then((body) => {
        setKeys(body.data);
        setLoadError(null);
      })
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setLoadError(asApiError(reason, "Could not load the API keys."));
      });
    return () => controller.abort();
  }, [api, reloads]);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCreating(true);
    setActionError(null);
    setStatus("");
    try {
      const key = await api.send<CreatedApiKey>("POST", "/api/v1/keys", { name: name.trim() });
      setCreated(key);
      setName("");
      onChange();
      reload();
    } catch (reason) {
      setActionError(asApiError(reason, "Could not create the key."));
    } finally {
      setCreating(false);
    }
  }

  async function revoke(key: ApiKey) {
    setRevoking(key.key_id);
    setActionError(null);
    setStatus("");
    try {
      const revoked = await api.send<ApiKey>("DELETE", `/api/v1/keys/${encodeURIComponent(key.key_id)}`);
      setKeys((list) => list?.map((item) => (item.key_id === revoked.key_id ? revoked : item)) ?? null);
      setStatus(`Key “${key.name}” revoked: calls with it are refused from now on.`);
      onChange();
    } catch (reason) {
      setActionError(asApiError(reason, "Could not revoke the key."));
    } finally {
      setRevoking(null);
    }
  }

  return (
    <section className="card settings-section" aria-labelledby="keys-heading" aria-busy={keys === null && !loadError}>
      <h2 id="keys-heading">API keys</h2>
      <p className="muted small">
        Programs send a key as <code>Authorization: Bearer &lt;key&gt;</code>. Only its first characters are kept in view; revoke a key you no
        longer use or that may have leaked.
      </p>

      <form className="inline-form" onSubmit={(event) => void create(event)}>
        <div className="field">
          <label htmlFor="key-name">Key name</label>
          <input
            id="key-name"
            name="name"
            value={name}
            required
            maxLength={100}
            placeholder="e.g. CI pipeline"
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={creating || !name.trim()}>
          {creating ? "Creating…" : "Create key"}
        </button>
      </form>

      {created ? (
        <OneTimeSecrets
          key={created.key_id}
          title={`New key “${created.name}”`}
          values={[{ label: "API key", value: created.key, testId: "new-api-key" }]}
          onDismiss={() => setCreated(null)}
        />
      ) : null}

      <ErrorAlert error={actionError} />
      <p className="muted small" role="status">
        {status}
      </p>
      <ErrorAlert error={loadError} />

      <ScrollRegion label="API keys table">
        <table className="settings-table keys-table card-table" role="table">
          <caption className="sr-only">API keys, newest first</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">Name</th>
              <th role="columnheader" scope="col">Prefix</th>
              <th role="columnheader" scope="col">Created</th>
              <th role="columnheader" scope="col">Last used</th>
              <th role="columnheader" scope="col">Created by</th>
              <th role="columnheader" scope="col">Status</th>
              <th role="columnheader" scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {keys === null ? (
              <tr role="row">
                <td role="cell" colSpan={7} className="muted card-title">
                  {loadError ? "The keys could not be loaded." : "Loading…"}
                </td>
              </tr>
            ) : keys.length === 0 ? (
              <tr role="row">
                <td role="cell" colSpan={7} className="muted card-title">
                  No API keys yet.
                </td>
              </tr>
            ) : (
              keys.map((key) => (
                <tr key={key.key_id} role="row" data-testid="key-row" className={key.status === "revoked" ? "inactive-row" : undefined}>
                  <td role="cell" className="card-title wrap-anywhere">
                    <strong>{key.name}</strong>
                  </td>
                  <td role="cell" data-label="Prefix">
                    <code>{shownPrefix(key.prefix)}</code>
                  </td>
                  <td role="cell" data-label="Created">
                    <LocalTime iso={key.created_at} />
                  </td>
                  <td role="cell" data-label="Last used">
                    {key.last_used_at ? <LocalTime iso={key.last_used_at} /> : <span className="muted">never</span>}
                  </td>
                  <td role="cell" data-label="Created by" className="wrap-anywhere">
                    {key.created_by}
                  </td>
                  <td role="cell" data-label="Status">
                    {key.status === "active" ? (
                      <span className="status-pill ok">Active</span>
                    ) : (
                      <>
                        <span className="status-pill off">Revoked</span>
                        {key.revoked_at ? (
                          <span className="cell-note">
                            <LocalTime iso={key.revoked_at} />
                          </span>
                        ) : null}
                      </>
                    )}
                  </td>
                  <td role="cell" className="actions-cell">
                    {key.status === "active" ? (
                      <ConfirmButton
                        label="Revoke"
                        target={`key ${key.name}`}
                        confirmLabel="Confirm revoke"
                        consequence="Calls with this key will be refused."
                        pending={revoking === key.key_id}
                        onConfirm={() => void revoke(key)}
                      />
                    ) : null}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
