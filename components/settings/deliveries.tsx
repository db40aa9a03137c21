"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { SettingsApi } from "./api-client";
import { DeliveryItem } from "./delivery-item";
import { ErrorAlert } from "./error-alert";
import type { Delivery, DeliveryStatus, Installation, Page } from "./types";
import { useCursorPages } from "./use-cursor-pages";
import { useHydrated } from "@/components/use-hydrated";

const PAGE_SIZE = 20;
const DELIVERIES_MESSAGES = { load: "Could not load the deliveries.", loadMore: "Could not load more deliveries." };
const FILTERS: { value: DeliveryStatus | null; label: string }[] = [
  { value: null, label: "All" },
  { value: "pending", label: "Pending" },
  { value: "delivered", label: "Delivered" },
  { value: "failed", label: "Failed" },
];

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
  const hydrated = useHydrated();
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
        <button type="button" className="button secondary small-button" disabled={!hydrated} onClick={onClose}>
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
            disabled={!hydrated}
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
        <button type="button" className="button secondary load-more" disabled={loading || !hydrated} onClick={() => void loadMore()}>
          {loading ? "Loading…" : "Load more"}
        </button>
      ) : null}
    </div>
  );
}
