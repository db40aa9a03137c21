// POST /evaluate/upload: a public, anonymous backlog upload (a tracker's CSV or JSON export, any CSV, or one story
// per line) -> a scoring session.
import { csvRoute } from "@/lib/api/route";
import { FORMAT_LABELS } from "@/lib/backlog";
import { rowsToTickets } from "@/lib/backlog/csv/columns";
import { newScoreToken, scoreCookie } from "@/lib/csv-flow/score-token";
import { createSession, purgeExpired } from "@/lib/csv-flow/sessions";
import { PREVIEW_ROWS, type UploadResponse } from "@/lib/csv-flow/types";
import { emptyCellsByColumn, kindsOfRows, parseUploadedFile, readUploadedFile } from "@/lib/csv-flow/upload";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const POST = csvRoute("upload")(async ({ request }) => {
  const { filename, bytes } = await readUploadedFile(request);
  const upload = parseUploadedFile(filename, bytes);
  await purgeExpired();
  // Scoring the session again (replacing its results) needs this token: the uploader's browser keeps it as a
  // cookie for POST /evaluate/score, an API client gets it in the answer (lib/csv-flow/score-token.ts).
  const { token, hash } = newScoreToken();
  const session = await createSession({ filename, upload, scoreTokenHash: hash });

  const emptyCells = emptyCellsByColumn(upload);
  const body: UploadResponse = {
    session_id: session.id,
    filename,
    format: upload.format,
    format_label: FORMAT_LABELS[upload.format],
    row_count: upload.rows.length,
    columns: upload.columns,
    mapping: upload.mapping,
    preview: rowsToTickets(upload.rows.slice(0, PREVIEW_ROWS), upload.mapping),
    expires_at: session.expiresAt.toISOString(),
    delimiter: upload.delimiter,
    encoding: upload.encoding,
    sample_rows: upload.rows.slice(0, PREVIEW_ROWS),
    empty_summary_rows: upload.mapping.summary ? emptyCells[upload.mapping.summary] : [],
    empty_cells: emptyCells,
    warnings: upload.warnings,
    by_work_item_type: kindsOfRows(upload),
    score_token: token,
  };
  return Response.json(body, { status: 201, headers: { Location: `/evaluate/results/${session.id}`, "Set-Cookie": scoreCookie(session.id, token) } });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"], "detail");
