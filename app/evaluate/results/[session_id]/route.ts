// GET /evaluate/results/{session_id}: a session's results as JSON, or as a CSV download with ?format=csv.
import { csvRoute } from "@/lib/api/route";
import { downloadDisposition, resultsToCsv } from "@/lib/csv-flow/export-csv";
import { sessionView } from "@/lib/csv-flow/score-session";
import { findSession } from "@/lib/csv-flow/sessions";
import { ApiError } from "@/lib/http/errors";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const GET = csvRoute("results")<{ session_id: string }>(async ({ request, params }) => {
  const format = new URL(request.url).searchParams.get("format") ?? "json";
  if (format !== "json" && format !== "csv") throw new ApiError("bad_request", `format must be "json" or "csv", not "${format}".`);
  const session = await findSession({ sessionId: params.session_id });
  if (!session) throw new ApiError("not_found", "Session not found: it does not exist or has expired (sessions last 24 hours).");
  const view = sessionView(session);
  if (format === "json") return Response.json(view, { headers: { "Cache-Control": "private, no-store" } });
  if (view.status !== "completed") {
    throw new ApiError("conflict", "This session has not been scored yet: POST /evaluate/score first, then download the results.");
  }
  return new Response(resultsToCsv(view), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": downloadDisposition(session.filename),
      "Cache-Control": "private, no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"], "detail");
