// Write-back: what a tracker issue should carry after it is scored (a comment, a label below the threshold, Jira's
// issue property), decided against what the service last left there (its comment's id and hashes, kept in
// tracker_write_backs: ./state.ts), and written through the tracker's writer. The decision is per issue and per
// part: the comment is created once, found again by its marker when its id was lost, edited when its text changes,
// and not touched when it does not; the label follows the threshold; an issue whose parts all match costs no
// request at all. A refused token, a rate limit that outlasts its retries or an unreachable tracker stops the
// sync's writes (the rest are counted as not written, for the next sync); nothing here ever fails the import.
import { writeBackEnabled, type WriteBackSettings } from "../schemas";
import { TrackerError, type TrackerConfig } from "../types";
import {
  commentAdf,
  commentMarkdown,
  commentModel,
  isBelow,
  JIRA_PROPERTY_KEY,
  percentOf,
  propertyValue,
  sha256,
  type WrittenScore,
} from "./comment";
import { githubWriter } from "./github";
import { jiraWriter } from "./jira";
import { linearWriter } from "./linear";
import type { CommentBody, TrackerWriter, WriteTarget, WriterOptions } from "./writer";

export { COMMENT_MARKER, JIRA_PROPERTY_KEY, writtenScoreSchema, type WrittenScore } from "./comment";
export type { TrackerWriter, WriteTarget, WriterOptions } from "./writer";

/** What the service last left on an issue (a row of tracker_write_backs). */
export interface WriteState {
  externalId: string;
  issueKey: string;
  commentId: string | null;
  commentHash: string | null;
  /** The label the service left on the issue; null: none. */
  label: string | null;
  propertyHash: string | null;
  /** What the last complete write was decided from (./state.ts `sourceHash`); null: decide again next time. */
  sourceHash: string | null;
}

/** One issue to write back: where it is, its latest score, its story page, and what was left there before. */
export interface WriteItem {
  target: WriteTarget;
  score: WrittenScore;
  storyUrl: string;
  state: WriteState | null;
  sourceHash: string | null;
}

/** The writes one issue needs; all empty: nothing to do. */
export interface WritePlan {
  comment: { body: CommentBody; hash: string } | null;
  addLabels: string[];
  removeLabels: string[];
  property: { value: Record<string, unknown>; hash: string } | null;
  /** The label the issue carries once the plan is carried out (the state's `label`). */
  label: string | null;
  commentHash: string | null;
  propertyHash: string | null;
}

/** A writer for the connection's tracker. */
export function trackerWriter(config: TrackerConfig, options: WriterOptions = {}): TrackerWriter {
  switch (config.kind) {
    case "jira":
      return jiraWriter(config, options);
    case "github":
      return githubWriter(config, options);
    case "linear":
      return linearWriter(config, options);
    default: {
      const kind: never = config.kind;
      throw new Error(`unknown tracker kind ${String(kind)}`);
    }
  }
}

/** Jira's labels are case-sensitive; GitHub and Linear take a label in any case as the same one. */
const sameLabel = (writer: Pick<TrackerWriter, "tracker">) => (a: string, b: string) => (writer.tracker === "Jira" ? a === b : a.toLowerCase() === b.toLowerCase());

/** Whether the issue's labels agree with what the service last decided (so an unchanged issue needs no look at its score). */
export function labelsAgree(settings: WriteBackSettings, state: WriteState, target: WriteTarget, writer: Pick<TrackerWriter, "tracker">): boolean {
  const label = settings.label;
  if (!label) return true;
  const same = sameLabel(writer);
  const has = target.labels.some((l) => same(l.name, label));
  return has === (state.label !== null && same(state.label, label));
}

/** What one issue needs written: each part compared with what was left there before. */
export function planWrite(item: WriteItem, settings: WriteBackSettings, writer: Pick<TrackerWriter, "tracker" | "setProperty">): WritePlan {
  const state = item.state;
  const same = sameLabel(writer);
  const has = (name: string) => item.target.labels.some((l) => same(l.name, name));
  const plan: WritePlan = { comment: null, addLabels: [], removeLabels: [], property: null, label: state?.label ?? null, commentHash: state?.commentHash ?? null, propertyHash: state?.propertyHash ?? null };

  if (settings.comment) {
    const model = commentModel(item.score, settings, item.storyUrl);
    const body = { markdown: commentMarkdown(model), adf: commentAdf(model) };
    const hash = sha256([body.markdown, body.adf]);
    if (!state?.commentId || state.commentHash !== hash) plan.comment = { body, hash };
    plan.commentHash = hash;
  }
  if (settings.label) {
    const want = isBelow(percentOf(item.score.overall_score), settings);
    if (want && !has(settings.label)) plan.addLabels.push(settings.label);
    if (!want && has(settings.label)) plan.removeLabels.push(settings.label);
    // The label was renamed in the settings: the old one, which the service put there, goes.
    if (state?.label && !same(state.label, settings.label) && has(state.label)) plan.removeLabels.push(state.label);
    plan.label = want ? settings.label : null;
  }
  if (writer.setProperty && writeBackEnabled(settings)) {
    const value = propertyValue(item.score, settings, item.storyUrl);
    const hash = sha256(value);
    if (state?.propertyHash !== hash) plan.property = { value, hash };
    plan.propertyHash = hash;
  }
  return plan;
}

const planIsEmpty = (plan: WritePlan) => !plan.comment && plan.addLabels.length === 0 && plan.removeLabels.length === 0 && !plan.property;

/** Run `fn` over `items`, at most `limit` at a time, answers in order. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(Math.max(1, limit), items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index]);
      }
    }),
  );
  return results;
}

/** Errors after which no further write of this sync is tried: the token may not write, or the tracker is not answering. */
const STOPS: ReadonlySet<TrackerError["code"]> = new Set(["bad_credentials", "rate_limited", "unavailable"]);

/**
 * The writes of one sync (or one webhook): `write()` takes a page's issues, and the counts add up across pages.
 * `written`: issues whose writes all succeeded; `failed`: issues that needed a write and did not get it all (tried
 * and failed, or not tried once the writes stopped); `error`: the first failure in words.
 */
export class WriteBackRun {
  written = 0;
  failed = 0;
  /** Write requests sent and answered (comments read to find the service's own are not counted). */
  requests = 0;
  error: string | undefined;
  private stopped = false;

  constructor(
    private readonly writer: TrackerWriter,
    readonly settings: WriteBackSettings,
    private readonly onError: (error: unknown, key: string) => void = () => undefined,
  ) {}

  /** Go on from another run's counts and stop (the settings changed during a sync). */
  carryOver(previous: WriteBackRun): void {
    this.written = previous.written;
    this.failed = previous.failed;
    this.requests = previous.requests;
    this.error = previous.error;
    this.stopped = previous.stopped;
  }

  /** The states to store: every issue whose state changed (written, found again, or decided anew). */
  async write(items: WriteItem[]): Promise<WriteState[]> {
    const states = await mapLimit(items, this.writer.concurrency, (item) => this.writeOne(item));
    return states.filter((state): state is WriteState => state !== null);
  }

  private async writeOne(item: WriteItem): Promise<WriteState | null> {
    const plan = planWrite(item, this.settings, this.writer);
    const next: WriteState = {
      externalId: item.target.externalId,
      issueKey: item.target.key,
      commentId: item.state?.commentId ?? null,
      commentHash: item.state?.commentHash ?? null,
      label: item.state?.label ?? null,
      propertyHash: item.state?.propertyHash ?? null,
      sourceHash: item.state?.sourceHash ?? null,
    };
    if (planIsEmpty(plan)) {
      const decided = { ...next, label: plan.label, commentHash: plan.commentHash, propertyHash: plan.propertyHash, sourceHash: item.sourceHash };
      return JSON.stringify(decided) === JSON.stringify(item.state) ? null : decided;
    }
    if (this.stopped) {
      this.failed++;
      return null;
    }
    let wrote = false;
    try {
      if (plan.comment) {
        next.commentId = await this.putComment(item, plan.comment.body);
        next.commentHash = plan.comment.hash;
        wrote = true;
      }
      if (plan.addLabels.length || plan.removeLabels.length) {
        await this.writer.changeLabels(item.target, plan.addLabels, plan.removeLabels);
        this.requests++;
        wrote = true;
      }
      next.label = plan.label;
      if (plan.property && this.writer.setProperty) {
        await this.writer.setProperty(item.target, JIRA_PROPERTY_KEY, plan.property.value);
        this.requests++;
        next.propertyHash = plan.property.hash;
        wrote = true;
      }
      next.sourceHash = item.sourceHash;
      this.written++;
      return next;
    } catch (error) {
      this.failed++;
      this.fail(error, item.target.key);
      // What was written is kept (a created comment's id above all); the source stays old, so the next sync decides again.
      return wrote || next.commentId !== item.state?.commentId ? next : null;
    }
  }

  /** The comment's id after writing it: edited in place when its id is known, else found by its marker, else added. */
  private async putComment(item: WriteItem, body: CommentBody): Promise<string> {
    const target = item.target;
    if (item.state?.commentId) {
      this.requests++;
      if (await this.writer.updateComment(target, item.state.commentId, body)) return item.state.commentId;
      // Deleted by someone: a new one takes its place (still one comment on the issue).
    }
    const found = await this.writer.findComment(target);
    if (found) {
      this.requests++;
      if (await this.writer.updateComment(target, found, body)) return found;
    }
    try {
      this.requests++;
      return await this.writer.createComment(target, body);
    } catch (error) {
      // The tracker may have added it before the answer was lost: look before anyone tries again.
      if (error instanceof TrackerError && error.code === "unavailable" && !this.stopped) {
        const landed = await this.writer.findComment(target).catch(() => null);
        if (landed) return landed;
      }
      throw error;
    }
  }

  private fail(error: unknown, key: string): void {
    this.onError(error, key);
    const message = error instanceof TrackerError ? error.message : `Writing back to ${key} failed unexpectedly.`;
    this.error ??= message;
    if (!(error instanceof TrackerError) || STOPS.has(error.code)) this.stopped = true;
  }

  /** Issues that needed a write after the writes stopped are counted as not written. */
  get isStopped(): boolean {
    return this.stopped;
  }
}
