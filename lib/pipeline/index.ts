// Scoring a ticket, from request to stored score: ONE pipeline, its steps in the order a score takes them.
//
//   1. identity      which story of the customer this is (billing is per unique story per month)
//   2. kind, language what the ticket says it is and is written in (the engine reads the rest from the text)
//   3. rule settings  the customer's preset and per-code settings, and the findings dismissed for this text
//   4. quota          a new story over this month's quota is refused, before paying for an expensive engine
//   5. engine         the scoring engine, timed
//   6. record         admitted (counted if new, free if known) and stored with its run, atomically
//
// `scoreAndRecord` runs the six for one ticket (the synchronous route). The other paths take the same steps and
// only adapt their input and output:
// - the async job (lib/jobs): the accepting route takes 1-2 and reserves the story at acceptance (4, in
//   lib/jobs/accept.ts, with the job); the worker takes 3 and 5 here and records with the job (6, in
//   lib/jobs/async-jobs.ts: the run, the job's completion and its callback in one statement);
// - the tracker sync (lib/trackers/sync.ts): 1-6 here, a page at a time (`admissible` for the page's new issues);
// - the public evaluator (lib/csv-flow): 2, 3 (the preset it is given: no account) and 5 for a whole file, as one
//   batch; it neither bills nor records (the uploader is anonymous).
// Billing semantics live in lib/stories (billing.ts, billing-group.ts): the quota is per unique story per month,
// re-scoring an unchanged or changed story is free, and a run is admitted and stored in one statement.
import { randomUUID } from "node:crypto";
import type { Db, DbHandle } from "@/db/client";
import type { CustomerContext } from "@/lib/auth/api-keys";
import { now } from "@/lib/clock";
import { scoringOptionsFor, rulesFor } from "@/lib/rules/settings";
import type { ContextItem, RulePreset, RuleSettings, ScoringEngine, ScoringItem, ScoringResult, TicketData } from "@/lib/scoring";
import { scoringEngine } from "@/lib/scoring-engine";
import { findStory, precheckAdmission, QuotaExhaustedError, quotaState, type RunInput } from "@/lib/stories/billing";
import { recordScore, type Billed } from "@/lib/stories/billing-group";
import { resolveStoryIdentity, type StoryIdentity } from "@/lib/stories/identity";
import { runEngine, scoreWithEngine, type ScoringSettings } from "./score-story";

export { QuotaExhaustedError, runEngine, scoreWithEngine, type ScoringSettings, type StoryIdentity };

// 1. identity ----------------------------------------------------------------------------------------------------

/**
 * The story a ticket is: the caller's stable record id when it sends one (`external_id`, a tracker's issue id),
 * else the fingerprint of its text (summary, description, criteria). Its type, language and key are not part of
 * it: retyping a story is free.
 */
export function identify(ticket: TicketData, externalId?: string | null): StoryIdentity {
  return resolveStoryIdentity(ticket, externalId);
}

// 2. kind and language -------------------------------------------------------------------------------------------

/** A ticket's fields as a path has read them (a request body, a tracker issue, a webhook's rich text). */
export interface TicketFields {
  summary: string;
  key?: string | null;
  description?: string | null;
  acceptance_criteria?: string | null;
  /** The tracker's type name ("Bug", "Sub-task", ...): it decides the kind the engine judges the ticket as. */
  issue_type?: string | null;
  /** ISO 639-1 when the caller or the tracker names it; absent, the engine detects it from the text. */
  language?: string | null;
}

/**
 * The ticket the engine reads: an empty field is no field. The kind comes from `issue_type` when it names one,
 * else from the text, else story; the language from `language` when given, else from the text (English when
 * unsure). The engine decides both (lib/scoring) and reports them in `metadata.work_item_type` and `language`.
 */
export function ticketOf(fields: TicketFields): TicketData {
  return {
    summary: fields.summary,
    ...(fields.key ? { key: fields.key } : {}),
    ...(fields.description ? { description: fields.description } : {}),
    ...(fields.acceptance_criteria ? { acceptance_criteria: fields.acceptance_criteria } : {}),
    ...(fields.issue_type ? { issue_type: fields.issue_type } : {}),
    ...(fields.language ? { language: fields.language } : {}),
  };
}

// 3. rule settings -----------------------------------------------------------------------------------------------

/**
 * What a customer's score of this ticket runs under: their rule settings and the findings they dismissed for
 * this text (lib/rules/settings.ts, kept in this process for a few seconds). Not part of the billing identity:
 * re-scoring an unchanged story under new settings is free.
 */
export function settingsFor(db: Db, customerId: string, ticket: Pick<TicketData, "summary" | "description" | "acceptance_criteria">): Promise<ScoringSettings> {
  return scoringOptionsFor(db, customerId, ticket);
}

/** The customer's rule settings alone (a tracker sync tags what it scored with them). */
export function customerRules(db: Db, customerId: string): Promise<RuleSettings> {
  return rulesFor(db, customerId);
}

/** The settings of an anonymous reading (the public evaluator): a preset, no account, no dismissals. */
export function presetSettings(preset: RulePreset = "default"): ScoringSettings {
  return { rules: { preset } };
}

// 4. quota (admission) -------------------------------------------------------------------------------------------

/**
 * Refuse a new story over quota before paying for an expensive engine (QuotaExhaustedError); a cheap engine just
 * scores. Not authoritative: `record` admits, atomically.
 */
export async function admit(db: Db, customer: CustomerContext, identity: StoryIdentity, engine: ScoringEngine, at: Date): Promise<void> {
  if (engine.cost === "expensive") await precheckAdmission(db, customer, identity, at);
}

/**
 * Of several tickets (a tracker's page), those worth scoring: every known story, and as many new ones as this
 * month's quota still has room for, in order; `refused` counts the others. Not authoritative either.
 */
export async function admissible<T extends { identity: StoryIdentity }>(
  db: Db,
  customer: CustomerContext,
  items: T[],
  known: (item: T) => boolean,
  at: Date,
): Promise<{ admitted: T[]; refused: number }> {
  const quota = await quotaState(db, customer, at);
  let room = quota.quota - quota.used;
  let refused = 0;
  const admitted = items.filter((item) => {
    if (known(item)) return true;
    if (room > 0) {
      room--;
      return true;
    }
    refused++;
    return false;
  });
  return { admitted, refused };
}

/** Whether the customer has this story already (re-scoring it is free). */
export async function isKnown(db: Db, customerId: string, identity: StoryIdentity): Promise<boolean> {
  return Boolean(await findStory(db, customerId, identity.storyIdentity));
}

// 5. engine ------------------------------------------------------------------------------------------------------
//    `runEngine` (./score-story.ts): the engine, timed; its errors as they are. `scoreWithEngine`: the same for an
//    HTTP answer (503, 502, 500; nothing billed). `scoreBatch`: a whole file at once (the evaluator).

/** Score a backlog as one batch (its stories checked against each other: duplicates, the team's template). */
export function scoreBatch(engine: ScoringEngine, items: ScoringItem[], settings: ScoringSettings): Promise<ScoringResult[]> {
  return engine.scoreBatch(items, settings);
}

// 6. record ------------------------------------------------------------------------------------------------------

/** What a run is recorded with, besides the customer, the story and the ticket. */
export interface RunOf {
  runId?: string;
  ticketId: string;
  source: RunInput["source"];
  engine: string;
  result: ScoringResult;
  processingTimeMs: number;
  at: Date;
}

/**
 * Admit and record a scored run: a known story is refreshed (free, in any month, even over quota); a new one is
 * counted against this month's quota, or refused (QuotaExhaustedError) having written nothing. Grouped with the
 * runs finishing at the same time (lib/stories/billing-group.ts); same outcome as one on its own.
 */
export function record(
  database: Pick<DbHandle, "db" | "driver">,
  customer: CustomerContext,
  identity: StoryIdentity,
  ticket: TicketData,
  run: RunOf,
): Promise<Billed & { runId: string }> {
  const runId = run.runId ?? randomUUID();
  return recordScore(
    database,
    { customer, identity, ticket, at: run.at },
    { runId, ticketId: run.ticketId, ticket, source: run.source, engine: run.engine, result: run.result, processingTimeMs: run.processingTimeMs, at: run.at },
  ).then((billed) => ({ ...billed, runId }));
}

// The whole pipeline for one ticket ------------------------------------------------------------------------------

export interface ScoreRequestInput {
  customer: CustomerContext;
  ticket: TicketFields;
  /** The caller's stable record id (billing identity); absent: the text's fingerprint. */
  externalId?: string | null;
  /** The caller's id of this scoring request, echoed in the answer and stored with the run. */
  ticketId: string;
  context?: ContextItem[];
  source: RunInput["source"];
  engine?: ScoringEngine;
}

export type ScoreOutcome =
  | { status: "scored"; identity: StoryIdentity; ticket: TicketData; result: ScoringResult; runId: string; at: Date; processingTimeMs: number; newlyCounted: boolean }
  | { status: "refused"; identity: StoryIdentity; refusal: QuotaExhaustedError };

/**
 * Score one ticket for a customer and store the score: identity, kind and language, rule settings, quota,
 * engine, record. A new story over quota answers `refused` (nothing billed, nothing stored); an engine failure
 * throws the HTTP error `scoreWithEngine` makes of it (nothing billed).
 */
export async function scoreAndRecord(database: Pick<DbHandle, "db" | "driver">, input: ScoreRequestInput): Promise<ScoreOutcome> {
  const { db } = database;
  const { customer } = input;
  const ticket = ticketOf(input.ticket);
  const identity = identify(ticket, input.externalId);
  const engine = input.engine ?? scoringEngine();
  try {
    await admit(db, customer, identity, engine, now());
    // Only the ticket, its context and the customer's settings reach the engine: never the key or the identity.
    const settings = await settingsFor(db, customer.customerId, ticket);
    const { result, processingTimeMs } = await scoreWithEngine(engine, ticket, input.context ?? [], settings);
    const at = now();
    const billed = await record(database, customer, identity, ticket, { ticketId: input.ticketId, source: input.source, engine: engine.name, result, processingTimeMs, at });
    return { status: "scored", identity, ticket, result, runId: billed.runId, at, processingTimeMs, newlyCounted: billed.newlyCounted };
  } catch (error) {
    if (error instanceof QuotaExhaustedError) return { status: "refused", identity, refusal: error };
    throw error;
  }
}
