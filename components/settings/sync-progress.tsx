import type { LastSync } from "./trackers-types";

/**
 * A sync's progress: the items dealt with (scored, skipped as pull requests or unchanged, or failed) of those
 * fetched so far; indeterminate until the first page arrives. The total is not known before the last page.
 */
export function SyncProgress({ sync, name }: { sync: LastSync; name: string }) {
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

