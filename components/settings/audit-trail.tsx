"use client";

import { useCallback } from "react";
import type { SettingsApi } from "./api-client";
import { ErrorAlert } from "./error-alert";
import { Moment } from "./moment";
import { CardTable } from "@/components/dashboard/card-table";
import { ListRows } from "./settings-table";
import type { AuditEvent, Page } from "./types";
import { useCursorPages } from "./use-cursor-pages";
import { useHydrated } from "@/components/use-hydrated";

const PAGE_SIZE = 20;
const AUDIT_MESSAGES = { load: "Could not load the audit trail.", loadMore: "Could not load more of the audit trail." };

const ACTION_LABELS: Record<string, string> = {
  "key.created": "API key created",
  "key.revoked": "API key revoked",
  "installation.registered": "Integration registered",
  "installation.updated": "Integration updated",
  "installation.secrets_rotated": "Integration secrets rotated",
  "installation.disabled": "Integration disabled",
  "installation.enabled": "Integration enabled",
  "delivery.redelivered": "Delivery sent again",
  "connection.created": "Tracker connected",
  "connection.updated": "Tracker connection changed",
  "connection.deleted": "Tracker disconnected",
  "rules.updated": "Rule settings saved",
  "finding.dismissed": "Finding dismissed",
  "finding.restored": "Dismissal taken back",
};

/** An event's details as short "name: value" pairs (nested values as JSON, long ones cut). */
function detailText(details: Record<string, unknown> | null | undefined): string {
  return Object.entries(details ?? {})
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([name, value]) => {
      const text = typeof value === "string" ? value : JSON.stringify(value);
      return `${name}: ${text.length > 120 ? `${text.slice(0, 119)}…` : text}`;
    })
    .join(" · ");
}

/** Who changed what on this account, newest first. `version` changes after each change made on this page. */
export function AuditTrail({ api, version }: { api: SettingsApi; version: number }) {
  const fetchPage = useCallback((cursor: string | null, signal?: AbortSignal) => api.get<Page<AuditEvent>>("/api/v1/audit-events", { limit: PAGE_SIZE, cursor }, signal), [api]);
  const { items: events, nextCursor, loading, error, loadMore } = useCursorPages(fetchPage, (event) => event.event_id, version, AUDIT_MESSAGES);
  const hydrated = useHydrated();

  return (
    <section className="card settings-section" aria-labelledby="audit-heading" aria-busy={loading}>
      <h2 id="audit-heading">Audit trail</h2>
      <p className="muted small">Every change to keys and integrations, by whom and when, newest first.</p>
      <ErrorAlert error={error} />
      <CardTable
        label="Audit trail table"
        className="settings-table audit-table"
        caption="Audit events, newest first"
        columns={["What", "When", "Who", "Target"]}
      >
        <ListRows
          items={events}
          colSpan={4}
          failed={error ? "The audit trail could not be loaded." : null}
          empty="Nothing has been changed yet."
          row={(event) => {
            const details = detailText(event.details);
            return (
              <tr key={event.event_id} role="row" data-testid="audit-row">
                <td role="cell" className="card-title">
                  <strong>{ACTION_LABELS[event.action] ?? event.action}</strong> <code className="muted small">{event.action}</code>
                  {details ? <span className="cell-note wrap-anywhere">{details}</span> : null}
                </td>
                <td role="cell" data-label="When">
                  <Moment iso={event.created_at} />
                </td>
                <td role="cell" data-label="Who" className="wrap-anywhere">
                  {event.actor}
                </td>
                <td role="cell" data-label="Target" className="wrap-anywhere">
                  <code>{event.target}</code>
                </td>
              </tr>
            );
          }}
        />
      </CardTable>
      {nextCursor ? (
        <button type="button" className="button secondary load-more" disabled={loading || !hydrated} onClick={() => void loadMore()}>
          {loading ? "Loading…" : "Load more"}
        </button>
      ) : null}
    </section>
  );
}
