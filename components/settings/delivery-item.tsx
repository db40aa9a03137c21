"use client";

import { CardTable } from "@/components/dashboard/card-table";
import type { SettingsApi } from "./api-client";
import { AttemptResponse, attemptHeadline, DELIVERY_STATUS_LABELS } from "./attempt-outcome";
import { ErrorAlert } from "./error-alert";
import { MessageRow } from "./message-row";
import { Moment } from "./moment";
import type { Delivery, DeliveryStatus } from "./types";
import { useApiAction } from "./use-api-action";
import { useHydrated } from "@/components/use-hydrated";

const STATUS_TONE: Record<DeliveryStatus, string> = { pending: "wait", delivered: "ok", failed: "bad" };

/** One callback sent to an installation: its status, its attempts, and "Send again" once it is delivered or failed. */
export function DeliveryItem({
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
  const hydrated = useHydrated();

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
            <button type="button" className="button secondary small-button" disabled={pending !== null || !enabled || !hydrated} onClick={() => void redeliver()}>
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
