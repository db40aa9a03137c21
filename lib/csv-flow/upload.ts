import { BacklogError, readBacklog, type Backlog } from "@/lib/backlog";
import { rowsToTickets } from "@/lib/backlog/csv/columns";
import { judgedKind } from "@/lib/scoring/heuristic";
import { WORK_ITEM_KINDS, type WorkItemKind } from "@/lib/scoring/kind";
import { decodeText, type TextEncodingName } from "@/lib/backlog/decode";
import { readBodyBytes } from "@/lib/http/body";
import { ApiError } from "@/lib/http/errors";
import { MAX_FILE_BYTES, MAX_ROWS } from "./types";

/** Room for the multipart envelope (boundaries, part headers) around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const TOO_LARGE = `The file is too large: the limit is 2 MB (${MAX_FILE_BYTES.toLocaleString("en-US")} bytes).`;

export interface UploadedFile {
  filename: string;
  bytes: Uint8Array;
}

/**
 * The `file` part of a multipart upload. A declared Content-Length over the limit is refused before anything
 * is read, and a body without one is cut off while streaming, so nothing unbounded is ever buffered.
 */
export async function readUploadedFile(request: Request): Promise<UploadedFile> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(contentType)) {
    throw new ApiError("bad_request", "Send the file as multipart/form-data in a field named \"file\".");
  }
  let body: Uint8Array;
  try {
    body = await readBodyBytes(request, MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES);
  } catch (error) {
    if (error instanceof ApiError && error.status === 413) throw new ApiError("payload_too_large", TOO_LARGE);
    throw error;
  }
  let form: FormData;
  try {
    form = await new Response(body as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ApiError("bad_request", "The multipart body could not be read; send the file in a field named \"file\".");
  }
  const file = form.get("file");
  if (!file || typeof file === "string") {
    throw new ApiError("bad_request", "No file was sent: attach it in a multipart field named \"file\".");
  }
  if (file.size > MAX_FILE_BYTES) throw new ApiError("payload_too_large", TOO_LARGE);
  // The last path segment, without control characters (PostgreSQL cannot store U+0000; none belong in a name).
  const filename = (file.name || "upload.csv").split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200) || "upload.csv";
  return { filename, bytes: new Uint8Array(await file.arrayBuffer()) };
}

export type ParsedUpload = Backlog & { encoding: TextEncodingName };

/** The file's text: UTF-8, the encoding a byte-order mark names, or Windows-1252 (lib/backlog/decode.ts). */
function decode(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    throw new ApiError("bad_request", "This looks like a spreadsheet workbook (.xlsx), not a CSV file: save it as \"CSV UTF-8\" and upload that.");
  }
  const { text, encoding } = decodeText(bytes);
  if (text.includes("\u0000")) throw new ApiError("bad_request", "The file is not a text file: upload a CSV, JSON or .txt file.");
  return { text, encoding };
}

function tooManyRows(count: number): never {
  throw new ApiError("payload_too_large", `The file has ${count.toLocaleString("en-US")} rows; the limit is ${MAX_ROWS.toLocaleString("en-US")} stories per file.`);
}

/**
 * Parses an uploaded backlog (lib/backlog): a tracker's CSV or JSON export, any CSV with a header row, or text
 * with one story per line, rich text read as plain text. Refused with 400 when it has no summary column or no
 * rows, 413 over the row limit.
 */
export function parseUploadedFile(filename: string, bytes: Uint8Array): ParsedUpload {
  const { text, encoding } = decode(bytes);
  if (text.trim() === "") throw new ApiError("bad_request", "The file is empty.");
  let upload: ParsedUpload;
  try {
    upload = { ...readBacklog(filename, text), encoding };
  } catch (error) {
    if (error instanceof BacklogError) throw new ApiError("bad_request", error.message);
    throw error;
  }
  if (upload.rows.length > MAX_ROWS) tooManyRows(upload.rows.length);
  if (!upload.mapping.summary) {
    throw new ApiError(
      "bad_request",
      `No summary column found: name one of the columns Summary, Title, Story or User story (found: ${upload.columns.join(", ")}).`,
    );
  }
  if (upload.rows.length === 0) throw new ApiError("bad_request", "The file has a header row but no stories.");
  return upload;
}

/** For every column, the rows (1 = first data row) where it is empty: the rows that column would skip as summary. */
export function emptyCellsByColumn({ columns, rows }: Pick<ParsedUpload, "columns" | "rows">): Record<string, number[]> {
  const empty: Record<string, number[]> = Object.fromEntries(columns.map((column) => [column, []]));
  rows.forEach((row, i) => {
    for (const column of columns) if (row[column].trim() === "") empty[column].push(i + 1);
  });
  return empty;
}

/**
 * How many rows of each kind the file holds under its mapping, as the public (heuristic) engine will judge them:
 * the type column's kind, else what the text shows. Rows with an empty summary are not scored and not counted.
 * The evaluator names what it is about to score with it ("Score 8 work items", "Score 40 stories").
 */
export function kindsOfRows({ rows, mapping }: Pick<ParsedUpload, "rows" | "mapping">): Partial<Record<WorkItemKind, number>> {
  const counts = new Map<WorkItemKind, number>();
  for (const ticket of rowsToTickets(rows, mapping)) {
    if (!ticket.summary) continue;
    const kind = judgedKind(ticket);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return Object.fromEntries(WORK_ITEM_KINDS.filter((kind) => counts.has(kind)).map((kind) => [kind, counts.get(kind)!]));
}
