// A moment as every page shows one: "24 Nov 2026, 08:04 UTC" (lib/format.ts), the exact instant in
// `dateTime` and the title. One format with its zone on the dashboard, the story page and the settings.
// The day and the time are each kept whole (settings.css), so a narrow column breaks the line after the comma
// rather than widen the table or split "08:04 UTC".
import { formatDateTime } from "@/lib/format";

export function Moment({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  const text = formatDateTime(iso);
  const comma = text.indexOf(", ");
  return (
    <time dateTime={date.toISOString()} title={date.toISOString()}>
      {comma < 0 ? (
        text
      ) : (
        <>
          <span className="moment-part">{text.slice(0, comma + 1)}</span> <span className="moment-part">{text.slice(comma + 2)}</span>
        </>
      )}
    </time>
  );
}
