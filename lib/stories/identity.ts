import { createHash } from "node:crypto";
import type { TicketData } from "@/lib/scoring";

export type IdentityResolution = "external_id" | "content_hash";

export interface StoryIdentity {
  storyIdentity: string;
  identityResolution: IdentityResolution;
}

/** NFC, CRLF to LF, whitespace runs collapsed to one space, trimmed. Case and punctuation are kept. */
export function normalizeContent(text: string | null | undefined): string {
  return (text ?? "").normalize("NFC").replace(/\r\n?/g, "\n").replace(/\s+/gu, " ").trim();
}

/**
 * The normalized content fingerprint: summary, description and acceptance criteria, each normalized, joined
 * unambiguously (a JSON array: no field's text can be mistaken for a separator), hashed with SHA-256.
 */
export function contentFingerprint(ticket: Pick<TicketData, "summary" | "description" | "acceptance_criteria">): string {
  const parts = [ticket.summary, ticket.description, ticket.acceptance_criteria].map(normalizeContent);
  return `sha256:${createHash("sha256").update(JSON.stringify(parts), "utf8").digest("hex")}`;
}

/** Percent-encode every byte that is not printable ASCII (and `%` itself), so the id fits an HTTP header. */
export function headerSafeId(value: string): string {
  let out = "";
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e && char !== "%") out += char;
    else for (const byte of Buffer.from(char, "utf8")) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Billing identity: the caller's external_id when given, else the content fingerprint. */
export function resolveStoryIdentity(ticket: TicketData, externalId?: string | null): StoryIdentity {
  if (externalId !== undefined && externalId !== null && externalId !== "") {
    return { storyIdentity: headerSafeId(externalId), identityResolution: "external_id" };
  }
  return { storyIdentity: contentFingerprint(ticket), identityResolution: "content_hash" };
}
