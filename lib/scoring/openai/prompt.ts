import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ContextItem, Finding, TicketData, WorkItemKind } from "../types";
import type { ResponseFormat } from "./formats";
import { languageName, languageOf } from "../heuristic/language";

export { RESPONSE_FORMATS, type ResponseFormat } from "./formats";

/** The prompt in use. A changed prompt gets a new file and a new version, so old answers stay explained. */
export const PROMPT_VERSION = "invest-v5";

// Read from the repository at run time (the production server runs from the repository root, like the CLI
// and the tests); a static path keeps the file traceable by the Next.js build. Earlier versions stay in
// prompts/ so stored scores of that version stay explained.
const PROMPT_FILE = path.join(process.cwd(), "lib/scoring/openai/prompts/invest-v5.md");

let cached: { text: string; hash: string } | undefined;

/** The system prompt text and a short hash of it (part of the cache key, so an edited file never reuses old answers). */
export function systemPrompt(): { text: string; hash: string } {
  if (!cached) {
    const text = readFileSync(PROMPT_FILE, "utf8").trim();
    cached = { text, hash: createHash("sha256").update(text).digest("hex").slice(0, 12) };
  }
  return cached;
}

// Bounds on what one prompt carries, so a 1 MB request cannot turn into a 250k-token call.
const MAX_FIELD_CHARS = 20_000;
const MAX_CONTEXT_ITEMS = 50;
const MAX_CONTEXT_CHARS = 4_000;

const cut = (text: string | undefined, max: number) =>
  text === undefined ? undefined : text.length > max ? `${text.slice(0, max)} [truncated]` : text;

/** Context items as the model sees them: unique ids, first occurrence kept, long contents shortened. */
export function promptContext(context: ContextItem[]): ContextItem[] {
  const seen = new Set<string>();
  const items: ContextItem[] = [];
  for (const item of context) {
    if (seen.has(item.id) || items.length >= MAX_CONTEXT_ITEMS) continue;
    seen.add(item.id);
    // Undefined fields vanish when the payload is serialized.
    items.push({ id: item.id, type: item.type, title: cut(item.title, 500), content: cut(item.content, MAX_CONTEXT_CHARS), url: item.url });
  }
  return items;
}

/** "Work item type: bug (named "Defect" by the tracker)": the kind, and the tracker's own name when it gave one. */
export function kindStatement(kind: WorkItemKind, trackerTypeName?: string): string {
  const name = trackerTypeName?.trim();
  const named = name && name.toLowerCase() !== kind ? ` (named "${cut(name, 128)}" by the tracker)` : "";
  return `Work item type: ${kind}${named}. Judge it by the evidence a ${kind} has (see "Work item kinds").`;
}

/** What the model is told of the item's language: read it in that language, answer in English. */
export function languageStatement(language: string): string {
  if (language === "en") return "The work item is written in English.";
  return `The work item is written in ${languageName(language)} (${language}). Read it in that language: its own story template, ` +
    "acceptance-criteria keywords and section headings count as the English ones do. Write every reasoning, suggestion and " +
    "recommendation in English; quote the item's words as written.";
}

/**
 * The user message: one JSON object with the kind to judge the item as, the ticket, its context items and the
 * heuristic findings.
 */
export function userMessage(ticket: TicketData, context: ContextItem[], findings: Finding[], kind: WorkItemKind = "story", language = languageOf(ticket)): string {
  const trackerTypeName = ticket.issue_type?.trim() || undefined;
  const payload = {
    work_item_type: { kind, tracker_type_name: cut(trackerTypeName, 128), statement: kindStatement(kind, trackerTypeName) },
    // The language the item is written in; the answer's reasoning stays in English (README "Languages").
    language: { code: language, name: languageName(language), statement: languageStatement(language) },
    ticket: {
      key: ticket.key,
      summary: cut(ticket.summary, MAX_FIELD_CHARS),
      description: cut(ticket.description, MAX_FIELD_CHARS),
      acceptance_criteria: cut(ticket.acceptance_criteria, MAX_FIELD_CHARS),
      issue_type: cut(trackerTypeName, 128),
    },
    context_items: promptContext(context),
    heuristic_findings: findings.map(({ code, dimension, severity, message }) => ({ code, dimension, severity, message })),
  };
  return JSON.stringify(payload, null, 2);
}

/**
 * The system message for a response format: the prompt file as it is with `json_schema`, and with the weaker
 * modes the prompt followed by the answer's JSON schema and how to write the answer (the server will not hold the
 * model to it, so the model is told).
 */
export function systemMessage(format: ResponseFormat, schema: Record<string, unknown>): string {
  const prompt = systemPrompt().text;
  if (format === "json_schema") return prompt;
  return [
    prompt,
    "",
    "# The answer's format",
    "",
    "Reply with one JSON object and nothing else: no Markdown code fence, no text before or after it. The object",
    "must match this JSON schema exactly: every property it lists is required, no other property is allowed, and",
    "each score is an integer from 0 to 10.",
    "",
    JSON.stringify(schema),
  ].join("\n");
}

/** The follow-up asking the model to fix an answer that was not valid JSON or did not match the schema. */
export function repairMessage(errors: string[]): string {
  return [
    "Your previous answer could not be used:",
    ...errors.map((error) => `- ${error}`),
    "Answer again with only the JSON object the schema describes: all six dimensions, each with",
    "an integer score 0-10, reasoning, improvement_suggestions and reference_context, then recommendations, rewrite",
    "(the whole item with its safe fixes, never a part of the split) and split (one item per feature when it asks for more than one; else an empty list).",
  ].join("\n");
}
