// GET|POST /api/auth/*: next-auth's sign-in, sign-out, session and CSRF endpoints for the dashboard.
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/next-auth";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: NextRequest, context: Context): Promise<Response> {
  return NextAuth(request, context, await authOptions());
}

export { handler as GET, handler as POST };
