import { Moment } from "./moment";
import { syncCounts } from "./trackers-format";
import type { LastSync } from "./trackers-types";

/** `errorBelow`: the failure is said in the alert under the row, so the cell does not say it a second time. */
export function LastSyncCell({ sync, errorBelow }: { sync: LastSync | null; errorBelow: boolean }) {
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

