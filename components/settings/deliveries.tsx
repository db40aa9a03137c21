"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { SettingsApi } from "./api-client";
import { AttemptResponse, attemptHeadline, DELIVERY_STATUS_LABELS } from "./attempt-outcome";
import { ErrorAlert } from "./error-alert";
import { Moment } from "./moment";
import { CardTable } from "@/components/dashboard/card-table";
import { MessageRow } from "./settings-table";
import type { Delivery, DeliveryStatus, Installation, Page } from "./types";
import { useApiAction } from "./use-api-action";
import { useCursorPages } from "./use-cursor-pages";

const PAGE_SIZE = 20;
const DELIVERIES_MESSAGES = { load: "Could not load the deliveries.", loadMore: "Could not load more deliveries." };
const FILTERS: { value: DeliveryStatus | null; label: string }[] = [
  { value: null, label: "All" },
  { value: "pending", label: "Pending" },
  { value: "delivered", label: "Delivered" },
  { value: "failed", label: "Failed" },
];

const STATUS_TONE: Record<DeliveryStatus, string> = { pending: "wait", delivered: "ok", failed: "bad" };

/** The callbacks sent to one installation, newest first, with their attempts; delivered or failed ones can be sent again. */
export function DeliveriesPanel({
  api,
  installation,
  headingId,
  version,
  focusRequest,
  onChange,
  onClose,
}: {
  api: SettingsApi;
  installation: Installation;
  headingId: string;
  /** Changes when a delivery was added elsewhere (a test event): the first page is read again. */
  version: number;
  /** Changes when the user asks for this panel: the heading takes focus and comes into view. */
  focusRequest: number;
  onChange: () => void;
  onClose: () => void;
}) {
  const [status, setStatus] = useState<DeliveryStatus | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const path = `/api/v1/installations/${encodeURIComponent(installation.installation_id)}/deliveries`;

  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: "start" });
  }, [focusRequest]);

  const fetchPage = useCallback(
    (cursor: string | null, signal?: AbortSignal) => api.get<Page<Delivery>>(path, { status, limit: PAGE_SIZE, cursor }, signal),
    [api, path, status],
  );
  const { items, nextCursor, loading, error, loadMore, showLoading, replace } = useCursorPages(
    fetchPage,
    (delivery) => delivery.delivery_id,
    version,
    DELIVERIES_MESSAGES,
  );

  const choose = (value: DeliveryStatus | null) => {
    if (value === status) return;
    showLoading();
    setStatus(value);
  };

  const filterLabel = FILTERS.find((filter) => filter.value === status)?.label ?? "All";

  return (
    <div className="deliveries" aria-busy={loading}>
      <div className="chart-header">
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          Deliveries <span className="heading-note">for {installation.cloudId} ({installation.source})</span>
        </h2>
        <button type="button" className="button secondary small-button" onClick={onClose}>
          Close<span className="sr-only"> the deliveries</span>
        </button>
      </div>
      {!installation.enabled ? (
        <p className="alert info">This integration is disabled: nothing is delivered to it, and its deliveries cannot be sent again until it is enabled.</p>
      ) : null}
      <div className="segmented" role="group" aria-label="Delivery status">
        {FILTERS.map((filter) => (
          <button
            key={filter.label}
            type="button"
            aria-pressed={status === filter.value}
            className={status === filter.value ? "active" : ""}
            onClick={() => choose(filter.value)}
          >
            {filter.label}
          </button>
        ))}
      </div>
      <p className="muted small" aria-live="polite" data-testid="deliveries-status">
        {loading
          ? "Loading…"
          : items
            ? `${items.length}${nextCursor ? "+" : ""} ${status ? `${filterLabel.toLowerCase()} ` : ""}deliver${items.length === 1 && !nextCursor ? "y" : "ies"}, newest first.`
            : ""}
      </p>
      <ErrorAlert error={error} />
      {items && items.length === 0 ? <p className="muted">{status ? `No ${filterLabel.toLowerCase()} deliveries.` : "Nothing was sent to this integration yet."}</p> : null}
      {items && items.length ? (
        <ul className="delivery-list">
          {items.map((delivery) => (
            <DeliveryItem key={delivery.delivery_id} api={api} path={path} delivery={delivery} enabled={installation.enabled} onRedelivered={replace} onChange={onChange} />
          ))}
        </ul>
      ) : null}
      {nextCursor ? (
        <button type="button" className="button secondary load-more" disabled={loading} onClick={() => void loadMore()}>
          {loading ? "Loading…" : "Load more"}
        </button>
      ) : null}
    </div>
  );
}

function DeliveryItem({
  api,
  path,
  delivery,
  enabled,
  onRedelivered,
  onChange,
}: {
  api: SettingsApi;
  path: string;
  delivery: Delivery;
  enabled: boolean;
  onRedelivered: (delivery: Delivery) => void;
  onChange: () => void;
}) {
  const { pending, error, status: message, setStatus: setMessage, run } = useApiAction<"redeliver">();
  const last = delivery.attempts.at(-1) ?? null;

  const redeliver = () =>
    run(
      "redeliver",
      () => api.send<Delivery>("POST", `${path}/${encodeURIComponent(delivery.delivery_id)}/redeliver`),
      (next) => {
        onRedelivered(next);
        const attempt = next.attempts.at(-1);
        setMessage(attempt ? `Sent again: ${attemptHeadline(attempt)}.` : "Sent again.");
        onChange();
      },
      "Could not send the delivery again.",
    );

  return (
    <li className="delivery" data-testid="delivery" data-delivery-id={delivery.delivery_id}>
      <details>
        <summary>
          <span className="delivery-event">
            <code>{delivery.event}</code>
            {delivery.issue_key ? <span className="muted"> · {delivery.issue_key}</span> : null}
          </span>
          <span className={`status-pill ${STATUS_TONE[delivery.status]}`}>{DELIVERY_STATUS_LABELS[delivery.status]}</span>
          <span className="muted small">
            <Moment iso={delivery.created_at} />
          </span>
          <span className="small delivery-last">
            {last ? attemptHeadline(last) : "not attempted yet"} · {delivery.attempts.length} attempt{delivery.attempts.length === 1 ? "" : "s"}
          </span>
        </summary>
        <div className="delivery-body">
          <dl className="delivery-facts">
            <div>
              <dt>Event</dt>
              <dd>
                <code>{delivery.event}</code>
              </dd>
            </div>
            <div>
              <dt>Job id</dt>
              <dd>{delivery.job_id ? <code>{delivery.job_id}</code> : <span className="muted">none</span>}</dd>
            </div>
            <div>
              <dt>Issue key</dt>
              <dd>{delivery.issue_key ?? <span className="muted">none</span>}</dd>
            </div>
            <div>
              <dt>webhook-id</dt>
              <dd>
                <code>{delivery.webhook_id}</code>
              </dd>
            </div>
          </dl>
          <CardTable
            label={`Attempts of the ${delivery.event} delivery`}
            className="settings-table attempts-table"
            caption="Attempts, oldest first"
            columns={["Attempt", "Time", "Status code", "Duration", "Response or error"]}
          >
            {delivery.attempts.map((attempt, index) => (
              <tr key={`${attempt.attempted_at}-${index}`} role="row" data-testid="attempt">
                <td role="cell" className="card-title">
                  <strong>#{index + 1}</strong>
                </td>
                <td role="cell" data-label="Time">
                  <Moment iso={attempt.attempted_at} />
                </td>
                <td role="cell" data-label="Status code" data-testid="attempt-status">
                  {attempt.status_code ?? <span className="muted">none</span>}
                </td>
                <td role="cell" data-label="Duration">
                  {attempt.duration_ms.toLocaleString()} ms
                </td>
                <td role="cell" data-label="Response or error" className="response-cell">
                  <AttemptResponse attempt={attempt} />
                </td>
              </tr>
            ))}
            {delivery.attempts.length === 0 ? <MessageRow colSpan={5}>Not attempted yet.</MessageRow> : null}
          </CardTable>
          {delivery.status === "pending" ? (
            <p className="muted small">Still being delivered: it can be sent again once it is delivered or has failed.</p>
          ) : (
            <button type="button" className="button secondary small-button" disabled={pending !== null || !enabled} onClick={() => void redeliver()}>
              {pending ? "Sending…" : "Redeliver"}
            </button>
          )}
          <ErrorAlert error={error} />
          <p className="small" role="status">
            {message}
          </p>
        </div>
      </details>
    </li>
  );
}
