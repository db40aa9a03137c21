// Dashboard sign-in: next-auth (v4) with a Credentials provider over the dashboard users the admin API creates.
import { createHmac, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { getDb, getDbHandle, type Db, type DbHandle } from "@/db/client";
import { dashboardUsers } from "@/db/schema";
import { env } from "@/lib/env";
import { clientBucket, clientIp } from "@/lib/http/client-ip";
import { logger } from "@/lib/log";
import { encryptionKey } from "@/lib/secrets/secret-box";
import { consumeRateLimit } from "@/lib/rate-limit";
import { safeCallbackPath } from "./callback-url";
import { endSession } from "./session-end";
import { verifyPassword } from "./passwords";

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; customerId: string | null; companyId: string | null };
  }
  interface User {
    id: string;
    email: string;
    customerId: string | null;
    companyId: string | null;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    /** This session's id, given at sign-in: signing out ends it on the server (lib/auth/session-end.ts). */
    sid?: string;
    customerId?: string | null;
    companyId?: string | null;
  }
}

/** Sessions last a week; the user row is re-read on every request, so a deleted login stops at once. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

const cache = globalThis as unknown as { __sscAuthSecret?: Promise<string> };

/**
 * The key that signs (encrypts) session cookies: AUTH_SECRET or NEXTAUTH_SECRET when set. Otherwise one derived
 * from the service's encryption key (lib/secrets/encryption-key.ts), which every instance shares and which is
 * never in the database: sessions survive restarts, and a copy of the database cannot forge one.
 */
export function sessionSecret(db?: Db): Promise<string> {
  const configured = env().authSecret;
  if (configured) return Promise.resolve(configured);
  cache.__sscAuthSecret ??= (async () => {
    const key = await encryptionKey(db ?? (await getDb()));
    return createHmac("sha256", key).update("story-scoring-service session secret v1").digest("base64url");
  })();
  cache.__sscAuthSecret.catch(() => {
    cache.__sscAuthSecret = undefined;
  });
  return cache.__sscAuthSecret;
}

/** Tests switch databases and secrets between files. */
export function resetSessionSecretCache(): void {
  cache.__sscAuthSecret = undefined;
}

// No U+0000: PostgreSQL cannot compare it, and no email or password of ours holds one.
const noNul = (value: string) => !value.includes("\u0000");
const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254).refine(noNul),
  password: z.string().min(1).max(200).refine(noNul),
});

/** Check an email and password; unknown emails cost the same time as wrong passwords. */
export async function authorizeCredentials(db: Db, input: unknown) {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) {
    await verifyPassword("", null);
    return null;
  }
  const [user] = await db
    .select({ id: dashboardUsers.id, email: dashboardUsers.email, passwordHash: dashboardUsers.passwordHash, customerId: dashboardUsers.customerId, companyId: dashboardUsers.companyId })
    .from(dashboardUsers)
    .where(eq(dashboardUsers.email, parsed.data.email))
    .limit(1);
  const ok = await verifyPassword(parsed.data.password, user?.passwordHash ?? null);
  if (!user || !ok) return null;
  return { id: user.id, email: user.email, customerId: user.customerId, companyId: user.companyId };
}

/** Sign-in attempts allowed per client address and per email, in a 15-minute window (password guessing). */
export const SIGN_IN_LIMITS = { perAddress: 30, perEmail: 10, windowSeconds: 15 * 60 } as const;
export const TOO_MANY_ATTEMPTS = "too_many_attempts";

/** Count a sign-in attempt; false when this address or this email has made too many lately. */
export async function allowSignInAttempt(handle: DbHandle, headers: Headers, email: unknown): Promise<boolean> {
  const window = { windowSeconds: SIGN_IN_LIMITS.windowSeconds };
  const address = await consumeRateLimit(handle, `sign-in:ip:${clientBucket(clientIp(headers))}`, { ...window, limit: SIGN_IN_LIMITS.perAddress });
  if (!address.allowed) return false;
  if (typeof email !== "string" || !email.trim()) return true;
  const bucket = email.trim().toLowerCase().replaceAll("\u0000", "").slice(0, 254);
  const account = await consumeRateLimit(handle, `sign-in:email:${bucket}`, { ...window, limit: SIGN_IN_LIMITS.perEmail });
  return account.allowed;
}

/**
 * next-auth's options, built per request because the secret may come from the database. next-auth v4 reads
 * NEXTAUTH_URL from the environment; it defaults to PUBLIC_BASE_URL here.
 */
export async function authOptions(): Promise<AuthOptions> {
  process.env.NEXTAUTH_URL ??= env().publicBaseUrl;
  return {
    secret: await sessionSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        authorize: async (credentials, request) => {
          const handle = await getDbHandle();
          const headers = new Headers(Object.entries(request?.headers ?? {}).map(([name, value]) => [name, String(value)] as [string, string]));
          if (!(await allowSignInAttempt(handle, headers, credentials?.email))) throw new Error(TOO_MANY_ATTEMPTS);
          return authorizeCredentials(handle.db, credentials);
        },
      }),
    ],
    callbacks: {
      // next-auth's own check lets "/\t/evil.example" through (it only looks for a leading "/"); ours reads it as a browser.
      redirect: ({ url, baseUrl }) => `${baseUrl}${safeCallbackPath(url.startsWith(baseUrl) ? url.slice(baseUrl.length) || "/" : url)}`,
      jwt: ({ token, user }) => {
        if (user) {
          token.sid = randomUUID();
          token.sub = user.id;
          token.email = user.email;
          token.customerId = user.customerId;
          token.companyId = user.companyId;
        }
        return token;
      },
      session: ({ session, token }) => ({
        ...session,
        user: { id: token.sub ?? "", email: token.email ?? "", customerId: token.customerId ?? null, companyId: token.companyId ?? null },
      }),
    },
    events: {
      signOut: async ({ token }) => {
        const expires = typeof token?.exp === "number" ? new Date(token.exp * 1000) : new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
        await endSession(await getDb(), token, expires);
      },
    },
    logger: {
      error: (code, metadata) => logger().error({ code, metadata }, "next-auth error"),
      warn: (code) => logger().warn({ code }, "next-auth warning"),
      debug: () => {},
    },
  };
}
