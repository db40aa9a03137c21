"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { TRACKER_LABELS } from "@/lib/trackers/defaults";
import { asApiError, type SettingsApi, type SettingsApiError } from "./api-client";
import { ConfirmButton } from "./confirm-button";
import { EditConnection } from "./edit-connection";
import { ErrorAlert } from "./error-alert";
import { LastSyncCell } from "./last-sync-cell";
import { SyncProgress } from "./sync-progress";
import { plural, scheduleLabel, syncCounts, writeBackSummary } from "./trackers-format";
import type { Connection } from "./trackers-types";
import { useApiAction } from "./use-api-action";
import { useHydrated } from "@/components/use-hydrated";

/** How often a running sync is read again. */
const POLL_MS = 1000;

/** One connection: its row, and below it a row for its sync's progress, its outcome and the edit form. */
export function ConnectionRows({
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
  const hydrated = useHydrated();
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
            <button type="button" className="button small-button" disabled={pending !== null || running || !hydrated} onClick={() => void syncNow()}>
              {pending === "sync" ? "Starting…" : running ? "Syncing…" : "Sync now"}
              <span className="sr-only"> {label}</span>
            </button>
            <button type="button" className="button secondary small-button" aria-expanded={editing} disabled={pending !== null || !hydrated} onClick={() => setEditing(!editing)}>
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

