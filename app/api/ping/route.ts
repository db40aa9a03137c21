// GET /api/ping: constant JSON without touching the database (uptime probes; the API benchmark's baseline).
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ pong: true });
}
