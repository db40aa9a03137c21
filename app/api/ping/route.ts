// GET|POST /api/ping: constant JSON without touching the database (uptime probes; the API benchmark's
// baseline, which POSTs the same body as a score request so both pay for the same HTTP work).
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ pong: true });
}

export const POST = GET;
