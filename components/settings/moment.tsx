// A moment as every page shows one: "24 Nov 2026, 08:04 UTC" (lib/stats/format.ts), the exact instant in
// `dateTime` and the title. One format with its zone on the dashboard, the story page and the settings.
import { formatDateTime } from "@/lib/stats/format";

export function Moment({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  return (
    <time dateTime={date.toISOString()} title={date.toISOString()}>
      {formatDateTime(iso)}
    </time>
  );
}
