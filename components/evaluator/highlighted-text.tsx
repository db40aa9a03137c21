import type { Finding } from "@/lib/csv-flow/types";

interface Segment {
  text: string;
  findings: Finding[];
}

/** Splits `text` where findings start and end, so every offending span can be marked (overlaps included). */
export function segments(text: string, findings: Finding[]): Segment[] {
  const located = findings.filter(
    (f) => f.start !== undefined && f.end !== undefined && f.start >= 0 && f.end > f.start && f.end <= text.length,
  );
  const cuts = [...new Set([0, text.length, ...located.flatMap((f) => [f.start!, f.end!])])].sort((a, b) => a - b);
  const parts: Segment[] = [];
  for (let i = 0; i < cuts.length - 1; i++) {
    const [from, to] = [cuts[i], cuts[i + 1]];
    parts.push({ text: text.slice(from, to), findings: located.filter((f) => f.start! <= from && f.end! >= to) });
  }
  return parts;
}

/** The text with each span a finding points at marked, its messages in the tooltip. */
export function HighlightedText({ text, findings }: { text: string; findings: Finding[] }) {
  return (
    <>
      {segments(text, findings).map((part, i) =>
        part.findings.length === 0 ? (
          <span key={i}>{part.text}</span>
        ) : (
          <mark key={i} className={`finding-mark severity-${part.findings[0].severity}`} title={part.findings.map((f) => f.message).join("\n")}>
            {part.text}
          </mark>
        ),
      )}
    </>
  );
}
