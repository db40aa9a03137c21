// POST /evaluate/score: scores every row of an uploaded session as one batch, with an optional new mapping.
import { resolveMapping, scoreSessionRows, storedMapping } from "@/lib/csv-flow/score-session";
import { csvScoreRequestSchema } from "@/lib/csv-flow/schemas";
import { holdsScoreToken } from "@/lib/csv-flow/score-token";
import { findSession, saveResults } from "@/lib/csv-flow/sessions";
import type { ScoreResponse } from "@/lib/csv-flow/types";
import { readJsonObject } from "@/lib/http/body";
import { ApiError, zodDetails } from "@/lib/http/errors";
import { detailRoute } from "@/lib/http/route";
import { enforceCsvLimit } from "@/lib/rate-limit";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

const SESSION_GONE = "Session not found: it does not exist or has expired (sessions last 24 hours). Upload the file again.";

export const POST = detailRoute(async ({ request }) => {
  await enforceCsvLimit(request.headers, "score");
  const parsed = csvScoreRequestSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) throw new ApiError("bad_request", `Invalid request: ${zodDetails(parsed.error).join("; ")}.`);
  const session = await findSession({ sessionId: parsed.data.session_id });
  if (!session) throw new ApiError("not_found", SESSION_GONE);
  // The results link is shared; replacing the results is the uploader's alone (lib/csv-flow/score-token.ts).
  if (session.status === "completed" && !holdsScoreToken(request, session.id, session.scoreTokenHash, parsed.data.score_token)) {
    throw new ApiError(
      "forbidden",
      "Only the uploader can score this session again: send the score_token the upload answered (the uploading browser sends it by itself), or upload the file again.",
    );
  }

  const mapping = resolveMapping(session.columns, storedMapping(session), parsed.data.mapping);
  const scored = await scoreSessionRows(session, mapping, parsed.data.preset);
  if (!(await saveResults({ sessionId: session.id, ...scored }))) throw new ApiError("not_found", SESSION_GONE);

  const body: ScoreResponse = {
    session_id: session.id,
    status: "completed",
    row_count: session.rows.length,
    scored_count: scored.results.length,
    skipped_rows: scored.skippedRows,
    summary: scored.summary,
  };
  return Response.json(body);
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"], "detail");
