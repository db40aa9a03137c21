// GET|POST /api/auth/*: next-auth's sign-in, sign-out, session and CSRF endpoints for the dashboard.
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/next-auth";
import { ApiError, gatewayErrorBody } from "@/lib/http/errors";
import { requestIdFor } from "@/lib/http/route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

/** A query value next-auth would copy into a Location header, where a control character is a 500 (TypeError). */
const CONTROL = /[\u0000-\u001f\u007f]/;

async function handler(request: NextRequest, context: Context): Promise<Response> {
  const bad = [...request.nextUrl.searchParams].find(([, value]) => CONTROL.test(value));
  if (bad) {
    const error = new ApiError("bad_request", "A query value holds a control character.", [`${bad[0].slice(0, 40)}: must not contain control characters`]);
    return Response.json(gatewayErrorBody(error), { status: error.status, headers: { "X-Request-Id": requestIdFor(request) } });
  }
  return NextAuth(request, context, await authOptions());
}

export { handler as GET, handler as POST };
