"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, type DragEvent } from "react";
import { MAPPING_FIELDS, MAX_FILE_BYTES, type ColumnMapping, type MappingField, type UploadResponse } from "@/lib/csv-flow/types";
import { NETWORK_PROBLEM, problemFrom, type ApiProblem } from "./api-error";
import { itemsNoun, type WorkItemKind } from "@/lib/work-items/kinds";
import { FIELD_LABELS, rowList } from "./labels";
import { useHydrated } from "@/components/use-hydrated";

type Phase = "idle" | "uploading" | "ready" | "scoring";

const DELIMITER_NAMES: Record<string, string> = { ",": "comma", ";": "semicolon", "\t": "tab", "|": "pipe" };
/** Row warnings shown in full; the rest are counted and listed by row number. */
const ROW_WARNINGS_SHOWN = 5;

/** The public evaluator: choose or drop a backlog, check the column mapping and preview, score. */
export function Evaluator() {
  const router = useRouter();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [upload, setUpload] = useState<UploadResponse | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [preset, setPreset] = useState<"default" | "strict" | "lenient">("default");
  const hydrated = useHydrated();

  async function send(file: File) {
    setProblem(null);
    if (file.size > MAX_FILE_BYTES) {
      setProblem({ status: 413, message: `“${file.name}” is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 2 MB per file.` });
      return;
    }
    setPhase("uploading");
    const form = new FormData();
    form.set("file", file);
    try {
      const response = await fetch("/evaluate/upload", { method: "POST", body: form });
      if (!response.ok) {
        setProblem(await problemFrom(response, "upload"));
        setPhase(upload ? "ready" : "idle");
        return;
      }
      const body = (await response.json()) as UploadResponse;
      setUpload(body);
      setMapping(body.mapping);
      setPhase("ready");
    } catch {
      setProblem(NETWORK_PROBLEM);
      setPhase(upload ? "ready" : "idle");
    } finally {
      if (input.current) input.current.value = "";
    }
  }

  async function score() {
    if (!upload || !mapping) return;
    setProblem(null);
    setPhase("scoring");
    try {
      const response = await fetch("/evaluate/score", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ session_id: upload.session_id, mapping, preset }),
      });
      if (!response.ok) {
        setProblem(await problemFrom(response, "score"));
        setPhase("ready");
        return;
      }
      router.push(`/results/${upload.session_id}`);
    } catch {
      setProblem(NETWORK_PROBLEM);
      setPhase("ready");
    }
  }

  function choose(field: MappingField, column: string) {
    if (!mapping) return;
    const next: ColumnMapping = { ...mapping, [field]: column || null };
    // One column feeds one field: taking it for this field releases it from any other.
    for (const other of MAPPING_FIELDS) if (other !== field && column && next[other] === column) next[other] = null;
    setMapping(next);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && phase !== "uploading" && phase !== "scoring") void send(file);
  }

  const busy = phase === "uploading" || phase === "scoring";
  // Before the script runs, a file chosen would be read by nobody: the picker waits (and its label looks disabled).
  const fileLocked = busy || !hydrated;
  const skipped = upload && mapping?.summary ? upload.empty_cells[mapping.summary] ?? [] : [];
  const willScore = upload ? upload.row_count - skipped.length : 0;
  // What is about to be scored: "stories" only when every row is one (the upload's count of kinds, under the
  // mapping it detected); "work items" when the kinds are mixed, or once the mapping changed (the kinds may too).
  const asDetected = !!upload && !!mapping && MAPPING_FIELDS.every((field) => field === "key" || mapping[field] === upload.mapping[field]);
  const kinds = asDetected ? (Object.keys(upload.by_work_item_type ?? {}) as WorkItemKind[]) : [];
  const items = itemsNoun(kinds, willScore);

  return (
    <div className="evaluator">
      <div
        className={`dropzone${dragging ? " dragging" : ""}${upload ? " compact" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className="dropzone-title">{upload ? "Upload another backlog" : "Drop your backlog here"}</p>
        <p className="dropzone-hint">
          A CSV with a header row (Summary or Title, and optionally Description, Acceptance criteria, Key), a JSON
          export (Jira, GitHub issues, or a list of tickets), or plain text with one story per line. Up to 1,000
          stories and 2 MB.
        </p>
        <input
          ref={input}
          id={inputId}
          className="visually-hidden"
          type="file"
          accept=".csv,.tsv,.txt,.json,text/csv,text/plain,application/json"
          disabled={fileLocked}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void send(file);
          }}
        />
        <label htmlFor={inputId} className={`button${upload ? " secondary" : ""}${fileLocked ? " disabled" : ""}`}>
          {upload ? "Choose another file" : "Choose a file"}
        </label>
      </div>

      <div aria-live="polite" role="status" className="progress-area">
        {phase === "uploading" && <Progress label="Uploading and reading your file…" />}
        {phase === "scoring" && upload && <Progress label={`Scoring ${willScore.toLocaleString("en-US")} ${items}…`} />}
      </div>

      {problem && (
        <div className="alert error" role="alert">
          <strong>{problem.status === 429 ? "Limit reached. " : problem.status === 0 ? "Connection problem. " : "That did not work. "}</strong>
          {problem.message}
        </div>
      )}

      {upload && mapping && (
        <section aria-labelledby="mapping-heading" className="card evaluator-step">
          <h2 id="mapping-heading">Check the columns</h2>
          <p className="muted">
            <strong>{upload.filename}</strong>: {upload.row_count.toLocaleString("en-US")} {upload.row_count === 1 ? "row" : "rows"}
            {upload.delimiter ? `, ${DELIMITER_NAMES[upload.delimiter] ?? upload.delimiter}-separated` : upload.format === "text" ? ", one story per line" : ""}.
            We matched the columns below; change any that are wrong.
          </p>
          <p data-testid="detected-format">
            Read as <strong>{upload.format_label}</strong>
            {upload.format !== "csv" && upload.format !== "text" && upload.format !== "json"
              ? ": rich text (wiki markup, HTML, Markdown) is read as plain text, and an “Acceptance criteria” section of a description moves to the criteria."
              : "."}
          </p>
          <div className="mapping-grid">
            {MAPPING_FIELDS.map((field) => (
              <div key={field} className="field">
                <label htmlFor={`map-${field}`}>
                  {FIELD_LABELS[field]}
                  {field === "summary" ? <span className="muted"> (required)</span> : null}
                </label>
                <select
                  id={`map-${field}`}
                  value={mapping[field] ?? ""}
                  disabled={busy}
                  onChange={(event) => choose(field, event.target.value)}
                >
                  {field !== "summary" && <option value="">Not used</option>}
                  {field === "summary" && !mapping.summary && <option value="">Choose a column</option>}
                  {upload.columns.map((column) => (
                    <option key={column} value={column}>
                      {column}
                    </option>
                  ))}
                </select>
              </div>
            ))}
            <div className="field">
              <label htmlFor="map-preset">Rules (how stories are read)</label>
              <select id="map-preset" value={preset} disabled={busy} onChange={(event) => setPreset(event.target.value as typeof preset)}>
                <option value="default">Default</option>
                <option value="strict">Strict: every conjunction of two features is two stories (QUS)</option>
                <option value="lenient">Lenient: one user goal is one story</option>
              </select>
            </div>
          </div>

          {skipped.length > 0 && (
            <p className="alert info">
              {skipped.length === upload.row_count
                ? `Column “${mapping.summary}” is empty in every row: choose another summary column.`
                : `${skipped.length} ${skipped.length === 1 ? "row has" : "rows have"} an empty summary and will be listed as not scored: row ${rowList(skipped)}.`}
            </p>
          )}

          {upload.warnings.length > 0 && (
            <div className="alert info" role="note" data-testid="row-warnings">
              <p>
                <strong>
                  {upload.warnings.length} {upload.warnings.length === 1 ? "row has" : "rows have"} more fields than the header
                </strong>
                , so {upload.warnings.length === 1 ? "it was" : "they were"} not read as written: check {upload.warnings.length === 1 ? "it" : "them"} in
                the preview or fix the file and upload it again.
              </p>
              <ul>
                {upload.warnings.slice(0, ROW_WARNINGS_SHOWN).map((warning) => (
                  <li key={warning.row}>{warning.message}</li>
                ))}
              </ul>
              {upload.warnings.length > ROW_WARNINGS_SHOWN && (
                <p>
                  And {upload.warnings.length - ROW_WARNINGS_SHOWN} more: row {rowList(upload.warnings.slice(ROW_WARNINGS_SHOWN).map((w) => w.row))}.
                </p>
              )}
            </div>
          )}

          <div className="actions score-actions">
            <button type="button" className="button" onClick={() => void score()} disabled={busy || !mapping.summary || willScore === 0}>
              {phase === "scoring" ? "Scoring…" : `Score ${willScore.toLocaleString("en-US")} ${items}`}
            </button>
            <span className="muted small">Kept for 24 hours, then deleted.</span>
          </div>

          <h3 id="preview-heading">Preview of the first {Math.min(upload.sample_rows.length, 5)} rows</h3>
          <div className="table-wrap" role="region" aria-labelledby="preview-heading" tabIndex={0}>
            {/* Explicit roles keep the table a table for screen readers when a phone lays it out as cards. */}
            <table className="preview-table" aria-labelledby="preview-heading" role="table">
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">
                    Row
                  </th>
                  {MAPPING_FIELDS.filter((f) => mapping[f]).map((field) => (
                    <th key={field} scope="col" role="columnheader">
                      {FIELD_LABELS[field]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {upload.sample_rows.map((row, i) => (
                  <tr key={i} role="row">
                    <td role="cell" data-label="Row">
                      {i + 1}
                    </td>
                    {MAPPING_FIELDS.filter((f) => mapping[f]).map((field) => {
                      const text = row[mapping[field]!] || <em className="muted">empty</em>;
                      // The whole story, as on the results page: stories often share their first words. The other
                      // fields are there to check the mapping, and a description can run to pages: two lines of it.
                      return field === "summary" ? (
                        <td key={field} role="cell" className="cell-summary">
                          <span className="preview-summary">{text}</span>
                        </td>
                      ) : (
                        <td key={field} role="cell" data-label={FIELD_LABELS[field]} className={field === "key" || field === "type" ? undefined : "cell-text"}>
                          <span className="clamp">{text}</span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}

function Progress({ label }: { label: string }) {
  return (
    <div className="progress">
      <span>{label}</span>
      <progress aria-label={label} />
    </div>
  );
}
