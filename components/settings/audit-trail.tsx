"use client";

import { useCallback, useEffect, useState } from "react";
import { ScrollRegion } from "@/components/dashboard/scroll-region";
import { asApiError, type SettingsApi, type SettingsApiError } from "./api-client";
import { ErrorAlert } from "./error-alert";
import { LocalTime } from "./local-time";
import type { AuditEvent, Page } from "./types";

const PAGE_SIZE = 20;

const ACTION_LABELS: Record<string, string> = {
  "key.created": "API key created",
  "key.revoked": "API key revoked",
  "installation.registered": "Integration registered",
  "installation.updated": "Integration updated",
  "installation.secrets_rotated": "Integration secrets rotated",
  "installation.disabled": "Integration disabled",
  "installation.enabled": "Integration enabled",
  "delivery.redelivered": "Delivery sent again",
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
  const [events, setEvents] = useState<AuditEvent[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<SettingsApiError | null>(null);

  const fetchPage = useCallback((cursor: string | null, signal?: AbortSignal) => api.get<Page<AuditEvent>>("/api/v1/audit-events", { limit: PAGE_SIZE, cursor }, signal), [api]);

  useEffect(() => {
    const controller = new AbortController();
    fetchPage(null, controller.signal)
      .then((page) => {
        setEvents(page.data);
        setNextCursor(page.next_cursor);
        setError(null);
      })
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setError(asApiError(reason, "Could not load the audit trail."));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [fetchPage, version]);

  async function loadMore() {
    if (!nextCursor) return;
    setLoading(true);
    try {
      const page = await fetchPage(nextCursor);
      setEvents((list) => {
        const seen = new Set((list ?? []).map((event) => event.event_id));
        return [...(list ?? []), ...page.data.filter((event) => !seen.has(event.event_id))];
      });
      setNextCursor(page.next_cursor);
      setError(null);
    } catch (reason) {
      setError(asApiError(reason, "Could not load more of the audit trail."));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="card settings-section" aria-labelledby="audit-heading" aria-busy={loading}>
      <h2 id="audit-heading">Audit trail</h2>
      <p className="muted small">Every change to keys and integrations, by whom and when, newest first.</p>
      <ErrorAlert error={error} />
      <ScrollRegion label="Audit trail table">
        <table className="settings-table audit-table card-table" role="table">
          <caption className="sr-only">Audit events, newest first</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">What</th>
              <th role="columnheader" scope="col">When</th>
              <th role="columnheader" scope="col">Who</th>
              <th role="columnheader" scope="col">Target</th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {events === null ? (
              <tr role="row">
                <td role="cell" colSpan={4} className="muted card-title">
                  {error ? "The audit trail could not be loaded." : "Loading…"}
                </td>
              </tr>
            ) : events.length === 0 ? (
              <tr role="row">
                <td role="cell" colSpan={4} className="muted card-title">
                  Nothing has been changed yet.
                </td>
              </tr>
            ) : (
              events.map((event) => {
                const details = detailText(event.details);
                return (
                  <tr key={event.event_id} role="row" data-testid="audit-row">
                    <td role="cell" className="card-title">
                      <strong>{ACTION_LABELS[event.action] ?? event.action}</strong> <code className="muted small">{event.action}</code>
                      {details ? <span className="cell-note wrap-anywhere">{details}</span> : null}
                    </td>
                    <td role="cell" data-label="When">
                      <LocalTime iso={event.created_at} />
                    </td>
                    <td role="cell" data-label="Who" className="wrap-anywhere">
                      {event.actor}
                    </td>
                    <td role="cell" data-label="Target" className="wrap-anywhere">
                      <code>{event.target}</code>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </ScrollRegion>
      {nextCursor ? (
        <button type="button" className="button secondary load-more" disabled={loading} onClick={() => void loadMore()}>
          {loading ? "Loading…" : "Load more"}
        </button>
      ) : null}
    </section>
  );
}
