"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * A moment in the reader's own locale and time zone, with the exact instant machine-readable in `dateTime`.
 * The server does not know either, so until the page hydrates it shows the instant in UTC: the first client
 * render matches the server's, then switches.
 */
export function LocalTime({ iso }: { iso: string }) {
  const local = useSyncExternalStore(noSubscription, () => true, () => false);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  const text = local
    ? date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
    : date.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
  return (
    <time dateTime={date.toISOString()} title={date.toISOString()}>
      {text}
    </time>
  );
}
