// POST /evaluate/score: scores every row of an uploaded session as one batch, with an optional new mapping.
import { csvRoute } from "@/lib/api/route";
import { resolveMapping, scoreSessionRows, storedMapping } from "@/lib/csv-flow/score-session";
import { csvScoreRequestSchema } from "@/lib/csv-flow/schemas";
import { holdsScoreToken } from "@/lib/csv-flow/score-token";
import { findSession, saveResults } from "@/lib/csv-flow/sessions";
import type { ScoreResponse } from "@/lib/csv-flow/types";
import { ApiError } from "@/lib/http/errors";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

const SESSION_GONE = "Session not found: it does not exist or has expired (sessions last 24 hours). Upload the file again.";

export const POST = csvRoute("score")({ body: csvScoreRequestSchema }, async ({ request, body }) => {
  const session = await findSession({ sessionId: body.session_id });
  if (!session) throw new ApiError("not_found", SESSION_GONE);
  // The results link is shared; replacing the results is the uploader's alone (lib/csv-flow/score-token.ts).
  if (session.status === "completed" && !holdsScoreToken(request, session.id, session.scoreTokenHash, body.score_token)) {
    throw new ApiError(
      "forbidden",
      "Only the uploader can score this session again: send the score_token the upload answered (the uploading browser sends it by itself), or upload the file again.",
    );
  }

  const mapping = resolveMapping(session.columns, storedMapping(session), body.mapping);
  const scored = await scoreSessionRows(session, mapping, body.preset);
  if (!(await saveResults({ sessionId: session.id, ...scored }))) throw new ApiError("not_found", SESSION_GONE);

  const answer: ScoreResponse = {
    session_id: session.id,
    status: "completed",
    row_count: session.rows.length,
    scored_count: scored.results.length,
    skipped_rows: scored.skippedRows,
    summary: scored.summary,
  };
  return Response.json(answer);
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"], "detail");
