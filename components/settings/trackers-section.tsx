"use client";

import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { CardTable } from "@/components/dashboard/card-table";
import { TRACKER_KINDS, TRACKER_LABELS } from "@/lib/trackers/defaults";
import type { TrackerKind } from "@/lib/trackers/types";
import { asApiError, type SettingsApi, type SettingsApiError } from "./api-client";
import { ConnectionRows } from "./connection-rows";
import { ErrorAlert } from "./error-alert";
import { ScheduleField } from "./schedule-field";
import { ACTIONS_COLUMN, ListRows } from "./settings-table";
import { BASE_URL_PLACEHOLDER, QUERY_HINTS, TOKEN_LABELS, WRITE_BACK_OFF, writeBackBody, writeBackForm } from "./trackers-format";
import type { Connection, ConnectionList, Schedule } from "./trackers-types";
import { useApiAction } from "./use-api-action";
import { replaceById } from "./use-api-list";
import { WriteBackFields } from "./write-back-fields";
import { useHydrated } from "@/components/use-hydrated";

/** The customer's tracker connections: connect Jira, GitHub or Linear, sync (with progress), edit, delete. */
export function TrackersSection({ api, onChange, dashboardHref }: { api: SettingsApi; onChange: () => void; dashboardHref: string }) {
  const [connections, setConnections] = useState<Connection[] | null>(null);
  const [loadError, setLoadError] = useState<SettingsApiError | null>(null);
  const [reloads, setReloads] = useState(0);
  const { pending, error: createError, status, setStatus, run } = useApiAction<"create">();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hydrated = useHydrated();

  const [kind, setKind] = useState<TrackerKind>("jira");
  const [name, setName] = useState("");
  const [baseUrl, setBaseUrl] = useState("");
  const [email, setEmail] = useState("");
  const [token, setToken] = useState("");
  const [query, setQuery] = useState("");
  const [schedule, setSchedule] = useState<Schedule>("manual");
  const [writeBack, setWriteBack] = useState(writeBackForm(WRITE_BACK_OFF));

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<ConnectionList>("/api/v1/connections", {}, controller.signal)
      .then((body) => {
        setConnections(body.data);
        setLoadError(null);
      })
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setLoadError(asApiError(reason, "Could not load the tracker connections."));
      });
    return () => controller.abort();
  }, [api, reloads]);

  const replace = useCallback((next: Connection) => setConnections((list) => replaceById(list, next, (c) => c.id)), []);

  function connect(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      kind,
      name: name.trim(),
      ...(baseUrl.trim() ? { base_url: baseUrl.trim() } : {}),
      credentials: kind === "jira" ? { email: email.trim(), token } : { token },
      query: query.trim(),
      schedule,
      write_back: writeBackBody(writeBack),
    };
    return run(
      "create",
      () => api.send<Connection>("POST", "/api/v1/connections", body),
      (created) => {
        setConnections((list) => [created, ...(list ?? []).filter((c) => c.id !== created.id)]);
        setName("");
        setBaseUrl("");
        setToken("");
        setQuery("");
        setWriteBack(writeBackForm(WRITE_BACK_OFF));
        setStatus(`Connected “${created.name}”. Choose “Sync now” to import its issues.`);
        onChange();
      },
      "Could not connect the tracker.",
    );
  }

  const hint = QUERY_HINTS[kind];
  const creating = pending === "create";

  return (
    <section className="card settings-section" id="trackers" aria-labelledby="trackers-heading" aria-busy={connections === null && !loadError}>
      <h2 id="trackers-heading" ref={headingRef} tabIndex={-1}>
        Trackers
      </h2>
      <p className="muted small">
        Connect Jira Cloud, GitHub or Linear: its issues are imported, scored and kept current on the dashboard. Give a read-only token (Jira: an
        API token of an account that can browse the project; GitHub: a fine-grained token with read-only Issues; Linear: a personal API key), or
        one that may also write to issues if the scores should be written back to them. It is stored encrypted and never shown again.
      </p>

      <form className="tracker-form" method="post" onSubmit={(event) => void connect(event)} aria-describedby="tracker-form-note">
        <div className="field">
          <label htmlFor="tracker-kind">Tracker</label>
          <select id="tracker-kind" value={kind} onChange={(event) => setKind(event.target.value as TrackerKind)}>
            {TRACKER_KINDS.map((k) => (
              <option key={k} value={k}>
                {TRACKER_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="tracker-name">Name</label>
          <input id="tracker-name" value={name} required maxLength={100} placeholder="e.g. Shop backlog" autoComplete="off" onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="field wide">
          <label htmlFor="tracker-base-url">{kind === "jira" ? "Jira site URL" : "API base URL"}</label>
          <input
            id="tracker-base-url"
            type="url"
            value={baseUrl}
            required={kind === "jira"}
            maxLength={2048}
            placeholder={BASE_URL_PLACEHOLDER[kind]}
            aria-describedby="tracker-base-url-hint"
            autoComplete="off"
            onChange={(event) => setBaseUrl(event.target.value)}
          />
          <span id="tracker-base-url-hint" className="field-hint">
            {kind === "jira" ? "Your Jira Cloud site." : kind === "github" ? "Leave empty for github.com; a GitHub Enterprise API URL otherwise." : "Leave empty for Linear's API."}
          </span>
        </div>
        {kind === "jira" ? (
          <div className="field">
            <label htmlFor="tracker-email">Atlassian account email</label>
            <input id="tracker-email" type="email" value={email} required maxLength={320} autoComplete="off" onChange={(event) => setEmail(event.target.value)} />
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="tracker-token">{TOKEN_LABELS[kind]}</label>
          <input
            id="tracker-token"
            type="password"
            value={token}
            required
            maxLength={4096}
            autoComplete="new-password"
            spellCheck={false}
            onChange={(event) => setToken(event.target.value)}
          />
        </div>
        <div className="field wide">
          <label htmlFor="tracker-query">{hint.label}</label>
          <input
            id="tracker-query"
            value={query}
            required
            maxLength={2000}
            placeholder={hint.placeholder}
            aria-describedby="tracker-query-hint"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setQuery(event.target.value)}
          />
          <span id="tracker-query-hint" className="field-hint">
            {hint.hint}
          </span>
        </div>
        <ScheduleField id="tracker-schedule" value={schedule} onChange={setSchedule} />
        <WriteBackFields id="tracker-write-back" value={writeBack} onChange={setWriteBack} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={creating || !hydrated}>
            {creating ? "Connecting…" : "Connect tracker"}
          </button>
          <span id="tracker-form-note" className="field-hint">
            The first sync imports every issue the query finds; new issues count against your quota.
          </span>
        </div>
      </form>
      <ErrorAlert error={createError} />
      <p className="muted small" role="status">
        {status}
      </p>

      <ErrorAlert error={loadError} />
      <CardTable
        label="Tracker connections table"
        className="settings-table trackers-table"
        caption="Connected trackers, newest first"
        columns={["Name", "Tracker", "Query", "Schedule", "Last sync", ACTIONS_COLUMN]}
      >
        <ListRows
          items={connections}
          colSpan={6}
          failed={loadError ? "The tracker connections could not be loaded." : null}
          empty="No trackers connected yet."
          row={(connection) => (
            <ConnectionRows
              key={connection.id}
              api={api}
              connection={connection}
              dashboardHref={dashboardHref}
              onUpdated={replace}
              onChanged={onChange}
              onDeleted={() => {
                setConnections((list) => list?.filter((c) => c.id !== connection.id) ?? null);
                setStatus(`Removed “${connection.name}”. The stories it imported stay on the dashboard.`);
                headingRef.current?.focus();
                onChange();
                // Read the list again in case it changed meanwhile (another tab, a schedule).
                setReloads((n) => n + 1);
              }}
            />
          )}
        />
      </CardTable>
    </section>
  );
}
