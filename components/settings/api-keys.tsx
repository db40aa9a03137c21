"use client";

import { useState, type FormEvent } from "react";
import type { SettingsApi } from "./api-client";
import { ConfirmButton } from "./confirm-button";
import { ErrorAlert } from "./error-alert";
import { Moment } from "./moment";
import { OneTimeSecrets } from "./one-time-secrets";
import { CardTable } from "@/components/dashboard/card-table";
import { ACTIONS_COLUMN, ListRows } from "./settings-table";
import type { ApiKey, CreatedApiKey } from "./types";
import { useApiAction } from "./use-api-action";
import { useApiList } from "./use-api-list";
import { useHydrated } from "@/components/use-hydrated";

/** The visible start of a key, marked as cut short. */
function shownPrefix(prefix: string): string {
  return prefix.endsWith("…") ? prefix : `${prefix}…`;
}

/** The customer's API keys: list, create (the key is shown once) and revoke. */
export function ApiKeysSection({ api, onChange }: { api: SettingsApi; onChange: () => void }) {
  const {
    items: keys,
    error: loadError,
    reload,
    replace,
  } = useApiList<ApiKey>(api, "/api/v1/keys", "data", (key) => key.key_id, "Could not load the API keys.");
  // One change at a time: creating a key ("create"), or revoking the one with this key_id.
  const { pending, error: actionError, status, setStatus, run } = useApiAction<string>();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const creating = pending === "create";
  const hydrated = useHydrated();

  function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    return run(
      "create",
      () => api.send<CreatedApiKey>("POST", "/api/v1/keys", { name: name.trim() }),
      (key) => {
        setCreated(key);
        setName("");
        onChange();
        reload();
      },
      "Could not create the key.",
    );
  }

  const revoke = (key: ApiKey) =>
    run(
      key.key_id,
      () => api.send<ApiKey>("DELETE", `/api/v1/keys/${encodeURIComponent(key.key_id)}`),
      (revoked) => {
        replace(revoked);
        setStatus(`Key “${key.name}” revoked: calls with it are refused from now on.`);
        onChange();
      },
      "Could not revoke the key.",
    );

  return (
    <section className="card settings-section" aria-labelledby="keys-heading" aria-busy={keys === null && !loadError}>
      <h2 id="keys-heading">API keys</h2>
      <p className="muted small">
        Programs send a key as <code>Authorization: Bearer &lt;key&gt;</code>. Only its first characters are kept in view; revoke a key you no
        longer use or that may have leaked.
      </p>

      <form className="inline-form" method="post" onSubmit={(event) => void create(event)}>
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
        <button type="submit" className="button" disabled={creating || !name.trim() || !hydrated}>
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

      <CardTable
        label="API keys table"
        className="settings-table keys-table"
        caption="API keys, newest first"
        columns={["Name", "Prefix", "Created", "Last used", "Created by", "Status", ACTIONS_COLUMN]}
      >
        <ListRows
          items={keys}
          colSpan={7}
          failed={loadError ? "The keys could not be loaded." : null}
          empty="No API keys yet."
          row={(key) => (
            <tr key={key.key_id} role="row" data-testid="key-row" className={key.status === "revoked" ? "inactive-row" : undefined}>
              <td role="cell" className="card-title wrap-anywhere">
                <strong>{key.name}</strong>
              </td>
              <td role="cell" data-label="Prefix">
                <code>{shownPrefix(key.prefix)}</code>
              </td>
              <td role="cell" data-label="Created">
                <Moment iso={key.created_at} />
              </td>
              <td role="cell" data-label="Last used">
                {key.last_used_at ? <Moment iso={key.last_used_at} /> : <span className="muted">never</span>}
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
                        <Moment iso={key.revoked_at} />
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
                    pending={pending === key.key_id}
                    onConfirm={() => void revoke(key)}
                  />
                ) : null}
              </td>
            </tr>
          )}
        />
      </CardTable>
    </section>
  );
}
