import { createHash } from "node:crypto";
import type { ContextItem, ScoringResult, TicketData } from "../types";

/** Where the engine keeps answers it paid for. Injected: the gateway stores them in the database. */
export interface ScoringCache {
  get(key: string): Promise<ScoringResult | undefined>;
  set(key: string, value: ScoringResult): Promise<void>;
}

/** A bounded in-process LRU (the default when no cache is injected). */
export function createMemoryCache(maxEntries = 1000): ScoringCache {
  const entries = new Map<string, ScoringResult>();
  return {
    async get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    async set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
  };
}

// The same normalization as the billing fingerprint (lib/stories/identity.ts): NFC, CRLF to LF, whitespace
// runs collapsed, trimmed; case and punctuation count. Repeated here because lib/scoring imports nothing
// from the gateway.
function normalize(text: string | undefined): string {
  return (text ?? "").normalize("NFC").replace(/\r\n?/g, "\n").replace(/\s+/gu, " ").trim();
}

export interface CacheKeyParts {
  promptVersion: string;
  promptHash: string;
  /** The kind the item is judged as: the same text as a bug and as a story is asked differently. */
  workItemType?: string;
  model: string;
  temperature: number;
  ticket: TicketData;
  context: ContextItem[];
  /** Findings that depend on the rest of a batch (duplicates, template): they change the prompt. */
  batchFindingCodes?: string[];
}

/**
 * `<prompt_version>:<model>:sha256:<hex>` where the hash covers the normalized ticket (with its key), every
 * context item, the temperature and the exact prompt text: anything that changes the question changes the
 * key, and a whitespace-only edit does not.
 */
export function cacheKey(parts: CacheKeyParts): string {
  const { ticket, context } = parts;
  const content = {
    prompt: parts.promptHash,
    kind: [parts.workItemType ?? "story", normalize(ticket.issue_type)],
    temperature: parts.temperature,
    ticket: [ticket.key, ticket.summary, ticket.description, ticket.acceptance_criteria].map(normalize),
    context: context.map((item) => [item.id, item.type, item.title, item.content, item.url].map(normalize)),
    batch: [...(parts.batchFindingCodes ?? [])].sort(),
  };
  const hash = createHash("sha256").update(JSON.stringify(content), "utf8").digest("hex");
  return `${parts.promptVersion}:${parts.model}:sha256:${hash}`;
}
