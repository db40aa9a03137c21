// Who may score an evaluator session again. The results link is meant to be shared, so anyone holding it can read
// the results; replacing them is the uploader's alone. The upload answers a random token (`score_token`, shown
// once, stored only as its SHA-256) and sets it as a cookie scoped to POST /evaluate/score, so the browser that
// uploaded sends it by itself and an API client sends it in the body. The first scoring of a session needs no
// token (the session id has not been shown to anyone else yet: the results link exists once it is scored).
import { randomBytes } from "node:crypto";
import { safeEqual, sha256Hex } from "@/lib/auth/secrets";
import { parseCookieHeader } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { SESSION_TTL_HOURS } from "./types";

export const SCORE_PATH = "/evaluate/score";

/** A fresh token and what is stored of it. */
export function newScoreToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: sha256Hex(token) };
}

/** The cookie that carries a session's token: one per session, sent only to the scoring endpoint. */
export const scoreCookieName = (sessionId: string) => `ssc-score-${sessionId}`;

export function scoreCookie(sessionId: string, token: string): string {
  const secure = new URL(env().publicBaseUrl).protocol === "https:" ? "; Secure" : "";
  return `${scoreCookieName(sessionId)}=${token}; Path=${SCORE_PATH}; Max-Age=${SESSION_TTL_HOURS * 3600}; HttpOnly; SameSite=Strict${secure}`;
}

/** Whether the request carries the session's token (in the body, or in the uploader's cookie). */
export function holdsScoreToken(request: Request, sessionId: string, storedHash: string | null, bodyToken: string | undefined): boolean {
  if (!storedHash) return false;
  const candidates = [bodyToken, parseCookieHeader(request.headers.get("cookie"))[scoreCookieName(sessionId)]];
  return candidates.some((token) => typeof token === "string" && token.length > 0 && safeEqual(sha256Hex(token), storedHash));
}
