"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { CardTable } from "@/components/dashboard/card-table";
import { DEFAULT_BASE_URLS, TRACKER_KINDS, TRACKER_LABELS } from "@/lib/trackers/defaults";
import type { TrackerKind } from "@/lib/trackers/types";
import { asApiError, type SettingsApi, type SettingsApiError } from "./api-client";
import { ConfirmButton } from "./confirm-button";
import { ErrorAlert } from "./error-alert";
import { Moment } from "./moment";
import { ACTIONS_COLUMN, ListRows } from "./settings-table";
import type { Connection, ConnectionList, LastSync, Schedule, WriteBack } from "./trackers-types";
import { useApiAction } from "./use-api-action";
import { replaceById } from "./use-api-list";

/** How often a running sync is read again. */
const POLL_MS = 1000;

const SCHEDULES: { value: Schedule; label: string }[] = [
  { value: "manual", label: "Manual (Sync now only)" },
  { value: "hourly", label: "Every hour" },
  { value: "daily", label: "Every day" },
];
const scheduleLabel = (schedule: Schedule) => SCHEDULES.find((s) => s.value === schedule)?.label ?? schedule;

/** What each kind's query is, shown under the field. */
const QUERY_HINTS: Record<TrackerKind, { label: string; placeholder: string; hint: string }> = {
  jira: { label: "JQL query", placeholder: "project = ACME AND type in (Story, Bug)", hint: "Any JQL; its ORDER BY is kept." },
  github: { label: "Repository", placeholder: "acme/shop labels=bug,ui", hint: "owner/repo, optionally followed by labels=a,b" },
  linear: { label: "Team key", placeholder: "ENG", hint: "The key in the team's issue ids (ENG-12 → ENG)." },
};
const TOKEN_LABELS: Record<TrackerKind, string> = { jira: "API token", github: "Access token", linear: "API key" };
const BASE_URL_PLACEHOLDER: Record<TrackerKind, string> = {
  jira: "https://acme.atlassian.net",
  github: DEFAULT_BASE_URLS.github ?? "",
  linear: DEFAULT_BASE_URLS.linear ?? "",
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "fetched 12, scored 10, skipped 2, failed 0" in words people read. */
function syncCounts(sync: LastSync): string {
  const parts = [`${sync.fetched} fetched`, `${sync.scored} scored`];
  if (sync.skipped) parts.push(`${sync.skipped} skipped`);
  if (sync.failed) parts.push(`${sync.failed} failed`);
  if (sync.written !== undefined) parts.push(`${sync.written} written back`);
  if (sync.write_failed) parts.push(`${sync.write_failed} not written`);
  return parts.join(", ");
}

const WRITE_BACK_OFF: WriteBack = { comment: false, label: null, below: 80 };

/** "Comment; label not-ready below 80%", or "Off". */
function writeBackSummary(settings: WriteBack): string {
  const parts: string[] = [];
  if (settings.comment) parts.push("comment");
  if (settings.label) parts.push(`label “${settings.label}” below ${settings.below}%`);
  if (parts.length === 0) return "Write-back off";
  const text = parts.join("; ");
  return `Writes back: ${text}`;
}

/** The write-back controls of the connect form and of a connection's edit form; `value.label` "" means no label. */
function WriteBackFields({ id, value, onChange }: { id: string; value: { comment: boolean; label: string; below: string }; onChange: (next: { comment: boolean; label: string; below: string }) => void }) {
  return (
    <fieldset className="write-back-fields" aria-describedby={`${id}-hint`}>
      <legend>Write back to the tracker</legend>
      <label className="checkbox-field" htmlFor={`${id}-comment`}>
        <input id={`${id}-comment`} type="checkbox" checked={value.comment} onChange={(event) => onChange({ ...value, comment: event.target.checked })} />
        Comment the score and findings on each issue
      </label>
      <div className="field">
        <label htmlFor={`${id}-label`}>Label issues below the threshold</label>
        <input
          id={`${id}-label`}
          value={value.label}
          maxLength={50}
          pattern="[\p{L}\p{N}][\p{L}\p{N}._:\-]*"
          title="Letters, digits, '.', '_', ':' and '-'; no spaces"
          placeholder="e.g. not-ready (empty: no label)"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange({ ...value, label: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-below`}>Ready threshold (%)</label>
        <input id={`${id}-below`} type="number" min={0} max={100} step={1} required value={value.below} onChange={(event) => onChange({ ...value, below: event.target.value })} />
      </div>
      <span id={`${id}-hint`} className="field-hint">
        One comment per issue, edited when its score changes; the label is added to issues scoring below the threshold and removed when they reach it
        (Jira also gets a “storyScoring” issue property). The token must be allowed to write. Turning it off, or deleting the connection, leaves
        what was written on the issues.
      </span>
    </fieldset>
  );
}

/** The form's write-back fields as the API takes them. */
const writeBackBody = (value: { comment: boolean; label: string; below: string }): WriteBack => ({
  comment: value.comment,
  label: value.label.trim() || null,
  below: Number(value.below),
});

const writeBackForm = (settings: WriteBack) => ({ comment: settings.comment, label: settings.label ?? "", below: String(settings.below) });

/** The customer's tracker connections: connect Jira, GitHub or Linear, sync (with progress), edit, delete. */
export function TrackersSection({ api, onChange, dashboardHref }: { api: SettingsApi; onChange: () => void; dashboardHref: string }) {
  const [connections, setConnections] = useState<Connection[] | null>(null);
  const [loadError, setLoadError] = useState<SettingsApiError | null>(null);
  const [reloads, setReloads] = useState(0);
  const { pending, error: createError, status, setStatus, run } = useApiAction<"create">();
  const headingRef = useRef<HTMLHeadingElement>(null);

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

      <form className="tracker-form" onSubmit={(event) => void connect(event)} aria-describedby="tracker-form-note">
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
          <button type="submit" className="button" disabled={creating}>
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

/** The schedule picker of the connect form and of a connection's edit form. */
function ScheduleField({ id, value, onChange }: { id: string; value: Schedule; onChange: (schedule: Schedule) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>Schedule</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Schedule)}>
        {SCHEDULES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A sync's progress: the items dealt with (scored, skipped as pull requests or unchanged, or failed) of those
 * fetched so far; indeterminate until the first page arrives. The total is not known before the last page.
 */
function SyncProgress({ sync, name }: { sync: LastSync; name: string }) {
  const done = sync.scored + sync.skipped + sync.failed;
  const determinate = sync.fetched > 0;
  return (
    <div className="sync-progress">
      <progress
        aria-label={`Sync of ${name}`}
        max={determinate ? sync.fetched : undefined}
        value={determinate ? Math.min(done, sync.fetched) : undefined}
        aria-valuetext={determinate ? `${done} of ${sync.fetched} fetched items done` : "Fetching the first issues"}
      />
    </div>
  );
}

/** `errorBelow`: the failure is said in the alert under the row, so the cell does not say it a second time. */
function LastSyncCell({ sync, errorBelow }: { sync: LastSync | null; errorBelow: boolean }) {
  if (!sync) return <span className="muted">Never</span>;
  const when = sync.finished_at ?? sync.started_at;
  return (
    <>
      {sync.status === "running" ? (
        <span className="status-pill wait">Running</span>
      ) : sync.status === "completed" ? (
        <span className="status-pill ok">Completed</span>
      ) : (
        <span className="status-pill bad">Failed</span>
      )}
      <span className="cell-note">{syncCounts(sync)}</span>
      <span className="cell-note">
        <Moment iso={when} />
      </span>
      {sync.status === "failed" && sync.error && !errorBelow ? <span className="cell-note sync-error">{sync.error}</span> : null}
      {sync.write_error ? (
        <span className="cell-note sync-error" data-testid="write-error">
          {sync.write_error}
        </span>
      ) : null}
    </>
  );
}

/** One connection: its row, and below it a row for its sync's progress, its outcome and the edit form. */
function ConnectionRows({
  api,
  connection,
  dashboardHref,
  onUpdated,
  onChanged,
  onDeleted,
}: {
  api: SettingsApi;
  connection: Connection;
  dashboardHref: string;
  onUpdated: (connection: Connection) => void;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const { pending, error, status, setStatus, run: act } = useApiAction<"sync" | "save" | "delete">();
  const [editing, setEditing] = useState(false);
  const [pollError, setPollError] = useState<SettingsApiError | null>(null);
  // Set while a sync this page started runs: its outcome is then announced, with the link to the stories.
  const watching = useRef(false);
  // How the sync started here ended: announced once (a failure loaded with the page is shown in its cell only).
  const [outcome, setOutcome] = useState<"completed" | "failed" | null>(null);
  const path = `/api/v1/connections/${encodeURIComponent(connection.id)}`;
  const sync = connection.last_sync;
  const running = sync?.status === "running";
  const label = `${connection.name} (${TRACKER_LABELS[connection.kind]})`;

  /** A newer state of the connection (a poll, the sync's answer): shown, and a sync started here announced when it ends. */
  const settle = useCallback(
    (next: Connection) => {
      onUpdated(next);
      const done = next.last_sync;
      if (!watching.current || !done || done.status === "running") return;
      watching.current = false;
      setOutcome(done.status);
      setStatus(done.status === "completed" ? `Sync of “${next.name}” completed: ${syncCounts(done)}.` : "");
      onChanged();
    },
    [onUpdated, onChanged, setStatus],
  );

  // While a sync runs (started here, by a schedule or in another tab), read the connection every second.
  useEffect(() => {
    if (!running) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<Connection>(path, {}, controller.signal)
        .then((next) => {
          setPollError(null);
          settle(next);
        })
        .catch((reason: unknown) => {
          if (controller.signal.aborted) return;
          setPollError(asApiError(reason, "Could not read the sync's progress."));
          // Try again: a dropped request should not freeze the bar. The same connection object re-arms the timer.
          onUpdated({ ...connection });
        });
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, path, running, connection, onUpdated, settle]);

  const syncNow = () =>
    act(
      "sync",
      // 202 with the connection and its running sync (or, for a sync that was quick, already its outcome).
      () => api.send<Connection>("POST", `${path}/sync`),
      (answer) => {
        watching.current = true;
        setOutcome(null);
        settle(answer);
      },
      "Could not start the sync.",
    );

  const remove = () => act("delete", () => api.send<void>("DELETE", path), onDeleted, "Could not delete the connection.");

  const completedHere = outcome === "completed" && sync?.status === "completed";
  const failedHere = outcome === "failed" && sync?.status === "failed";
  const detail = editing || error || pollError || status || running || failedHere;

  return (
    <>
      <tr role="row" data-testid="connection-row">
        <td role="cell" className="card-title wrap-anywhere">
          <strong>{connection.name}</strong>
        </td>
        <td role="cell" data-label="Tracker">
          {TRACKER_LABELS[connection.kind]}
          <span className="cell-note wrap-anywhere">{connection.base_url}</span>
          {connection.credentials ? (
            <span className="cell-note wrap-anywhere">
              {connection.credentials.email ? `${connection.credentials.email}, ` : ""}token …{connection.credentials.token_last4}
            </span>
          ) : null}
        </td>
        <td role="cell" data-label="Query" className="url-cell">
          <code>{connection.query}</code>
        </td>
        <td role="cell" data-label="Schedule">
          {scheduleLabel(connection.schedule)}
          <span className="cell-note" data-testid="write-back-summary">
            {writeBackSummary(connection.write_back)}
          </span>
        </td>
        <td role="cell" data-label="Last sync" data-testid="last-sync">
          <LastSyncCell sync={sync} errorBelow={failedHere} />
        </td>
        <td role="cell" className="actions-cell">
          <div className="row-actions">
            <button type="button" className="button small-button" disabled={pending !== null || running} onClick={() => void syncNow()}>
              {pending === "sync" ? "Starting…" : running ? "Syncing…" : "Sync now"}
              <span className="sr-only"> {label}</span>
            </button>
            <button type="button" className="button secondary small-button" aria-expanded={editing} disabled={pending !== null} onClick={() => setEditing(!editing)}>
              Edit<span className="sr-only"> {label}</span>
            </button>
            <ConfirmButton
              label="Delete"
              target={label}
              confirmLabel="Confirm delete"
              consequence={
                connection.write_back.comment || connection.write_back.label
                  ? "Syncs stop and the token is deleted; imported stories stay, and so do the comments and labels written to the issues."
                  : "Syncs stop and the token is deleted; imported stories stay."
              }
              pending={pending === "delete"}
              disabled={pending !== null || running}
              onConfirm={() => void remove()}
            />
          </div>
        </td>
      </tr>
      {detail ? (
        <tr role="row" className="detail-row">
          <td role="cell" colSpan={6}>
            {running && sync ? (
              <div className="sync-running" data-testid="sync-progress">
                <SyncProgress sync={sync} name={connection.name} />
                <p className="small" role="status">
                  Syncing “{connection.name}”: {syncCounts(sync)}…
                </p>
              </div>
            ) : null}
            {failedHere && sync ? (
              <div className="alert error settings-error" role="alert" data-testid="sync-error">
                <p>
                  The last sync failed{sync.error ? `: ${sync.error}` : "."} {sync.scored ? `It kept the ${plural(sync.scored, "issue")} it scored.` : ""}
                </p>
              </div>
            ) : null}
            {editing ? (
              <EditConnection
                api={api}
                connection={connection}
                onSaved={(next) => {
                  onUpdated(next);
                  setEditing(false);
                  setOutcome(null);
                  setStatus(`Saved “${next.name}”.`);
                  onChanged();
                }}
                onCancel={() => setEditing(false)}
              />
            ) : null}
            <ErrorAlert error={error ?? pollError} />
            {status ? (
              <p className="alert info" role="status">
                {status}{" "}
                {completedHere ? <Link href={dashboardHref}>See the imported stories on the dashboard</Link> : null}
              </p>
            ) : null}
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** Change a connection's name, query, schedule and write-back, and optionally replace its token. */
function EditConnection({
  api,
  connection,
  onSaved,
  onCancel,
}: {
  api: SettingsApi;
  connection: Connection;
  onSaved: (connection: Connection) => void;
  onCancel: () => void;
}) {
  const { pending, error, run } = useApiAction<"save">();
  const [name, setName] = useState(connection.name);
  const [query, setQuery] = useState(connection.query);
  const [schedule, setSchedule] = useState<Schedule>(connection.schedule);
  const [email, setEmail] = useState("");
  const [token, setToken] = useState("");
  const [writeBack, setWriteBack] = useState(writeBackForm(connection.write_back));
  const id = connection.id;
  const hint = QUERY_HINTS[connection.kind];

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    if (name.trim() !== connection.name) body.name = name.trim();
    if (query.trim() !== connection.query) body.query = query.trim();
    if (schedule !== connection.schedule) body.schedule = schedule;
    if (token) body.credentials = connection.kind === "jira" && email.trim() ? { email: email.trim(), token } : { token };
    const nextWriteBack = writeBackBody(writeBack);
    if (JSON.stringify(nextWriteBack) !== JSON.stringify(connection.write_back)) body.write_back = nextWriteBack;
    if (Object.keys(body).length === 0) return onCancel();
    void run("save", () => api.send<Connection>("PATCH", `/api/v1/connections/${encodeURIComponent(id)}`, body), onSaved, "Could not save the connection.");
  };

  return (
    <form className="tracker-form edit" onSubmit={save}>
      <div className="field">
        <label htmlFor={`tracker-name-${id}`}>Name</label>
        <input id={`tracker-name-${id}`} value={name} required maxLength={100} autoComplete="off" autoFocus onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="field wide">
        <label htmlFor={`tracker-query-${id}`}>{hint.label}</label>
        <input
          id={`tracker-query-${id}`}
          value={query}
          required
          maxLength={2000}
          aria-describedby={`tracker-query-hint-${id}`}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setQuery(event.target.value)}
        />
        <span id={`tracker-query-hint-${id}`} className="field-hint">
          {hint.hint}
        </span>
      </div>
      <ScheduleField id={`tracker-schedule-${id}`} value={schedule} onChange={setSchedule} />
      {connection.kind === "jira" ? (
        <div className="field">
          <label htmlFor={`tracker-email-${id}`}>New account email</label>
          <input id={`tracker-email-${id}`} type="email" value={email} maxLength={320} autoComplete="off" placeholder="unchanged" onChange={(event) => setEmail(event.target.value)} />
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={`tracker-token-${id}`}>New {TOKEN_LABELS[connection.kind].toLowerCase()}</label>
        <input
          id={`tracker-token-${id}`}
          type="password"
          value={token}
          maxLength={4096}
          autoComplete="new-password"
          placeholder="unchanged"
          onChange={(event) => setToken(event.target.value)}
        />
      </div>
      <WriteBackFields id={`tracker-write-back-${id}`} value={writeBack} onChange={setWriteBack} />
      <div className="form-actions">
        <button type="submit" className="button small-button" disabled={pending !== null}>
          {pending === "save" ? "Saving…" : "Save"}
        </button>
        <button type="button" className="button secondary small-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <ErrorAlert error={error} />
    </form>
  );
}
