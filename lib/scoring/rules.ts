// Rule settings (docs/rules.md): a named preset of the story criteria's reading, per finding code on or off and
// its cost, and the `invest-ignore:` lines and dismissals that silence findings of one ticket. Pure: no database,
// no environment; the API, the jobs, the tracker sync, the evaluator and the CLI pass the same object.
import { z } from "zod";
import type { Finding } from "./types";

/**
 * `default`: the engine's reading (the SPR reviewers' file and the other group's both, each alone).
 * `strict`: QUS as published, every conjunction of two features (or two roles) is two stories.
 * `lenient`: one user goal is one story: verbs on one thing, an action and its follow-up, a list of things under
 * one action stay one story.
 */
export const RULE_PRESETS = ["default", "strict", "lenient"] as const;
export type RulePreset = (typeof RULE_PRESETS)[number];

/** How the presets are named to people, on the evaluator's results and the dashboard (docs/rules.md). */
export const RULE_PRESET_LABELS: Record<RulePreset, string> = {
  default: "Default",
  strict: "Strict (QUS as published)",
  lenient: "Lenient (one user goal)",
};

/** Bumped when a preset's reading changes: a score records it beside the preset. */
export const RULES_VERSION = "rules-1";

/** A finding code as the engine names it: `criterion.name`, lower case. */
const CODE = /^[a-z_]+\.[a-z_]+$/;
/** A whole criterion (`atomic`, `minimal`): every code that starts with it and a dot. */
const CRITERION = /^[a-z_]+$/;

/** A code's cost is whole points of its dimension's ten: at least one (switch it off for none), at most ten. */
export const MIN_COST = 1;
export const MAX_COST = 10;

export const codeSettingSchema = z
  .object({
    enabled: z.boolean().optional().describe("false: the code is never reported (default true)."),
    cost: z.number().int().min(MIN_COST).max(MAX_COST).optional()
      .describe(`Points its findings take off their dimension's 10, ${MIN_COST}-${MAX_COST} (default: the engine's cost).`),
  })
  .strict();
export type CodeSetting = z.infer<typeof codeSettingSchema>;

export const ruleSettingsSchema = z
  .object({
    preset: z.enum(RULE_PRESETS).default("default").describe("How the story criteria are read: `default`, `strict` or `lenient`."),
    codes: z
      .record(z.string().regex(CODE, "must be a finding code such as atomic.two_actions"), codeSettingSchema)
      .default({})
      .refine((codes) => Object.keys(codes).length <= 200, "must name at most 200 codes")
      .describe("Per finding code (`atomic.two_actions`): `enabled` and `cost`."),
  })
  .strict()
  .describe("Rule settings: the preset and per-code settings (docs/rules.md).");
export type RuleSettings = z.infer<typeof ruleSettingsSchema>;
/** What callers pass: every field optional. */
export type RuleSettingsInput = z.input<typeof ruleSettingsSchema>;

export const DEFAULT_RULES: RuleSettings = { preset: "default", codes: {} };

/** A dismissal of one finding on the story page: kept while the story's text is unchanged. */
export interface Dismissal {
  code: string;
  reason: string;
}

export const rulesMetadataSchema = z
  .object({
    preset: z.enum(RULE_PRESETS),
    version: z.string().describe("The rule set's version and a digest of the per-code settings: equal versions score alike."),
  })
  .describe("The rule settings the score ran under.");
export type RulesMetadata = z.infer<typeof rulesMetadataSchema>;

export const silencedFindingSchema = z.object({
  code: z.string(),
  dimension: z.string(),
  severity: z.string(),
  message: z.string(),
  field: z.string().optional(),
  start: z.number().int().optional(),
  end: z.number().int().optional(),
  silenced_by: z.enum(["ticket", "dismissal"]).describe("`ticket`: an `invest-ignore:` line of the description; `dismissal`: dismissed on the story page."),
  reason: z.string(),
});
export type SilencedFinding = z.infer<typeof silencedFindingSchema>;

/** Settings as given, validated; anything unusable is the default. */
export function normaliseRules(input: RuleSettingsInput | undefined | null): RuleSettings {
  const parsed = ruleSettingsSchema.safeParse(input ?? {});
  return parsed.success ? parsed.data : DEFAULT_RULES;
}

/** `rules-1` for the preset alone; `rules-1+<digest>` when codes are switched off or re-costed. */
export function rulesVersion(settings: RuleSettings): string {
  const entries = Object.entries(settings.codes)
    .map(([code, s]) => [code, s.enabled === false ? "off" : "on", s.cost ?? ""] as const)
    .filter(([, on, cost]) => on === "off" || cost !== "")
    .sort(([a], [b]) => (a < b ? -1 : 1));
  if (entries.length === 0) return RULES_VERSION;
  const digest = fnv1a(JSON.stringify(entries));
  return `${RULES_VERSION}+${digest}`;
}

/** FNV-1a, 32 bits, as 8 hex digits: a digest that runs anywhere (the browser too), no crypto module needed. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

export function rulesMetadata(settings: RuleSettings): RulesMetadata {
  return { preset: settings.preset, version: rulesVersion(settings) };
}

function matches(pattern: string, code: string): boolean {
  return pattern === code || (CRITERION.test(pattern) && code.startsWith(`${pattern}.`));
}

/** Whether the settings report a code at all. */
export function codeEnabled(settings: RuleSettings, code: string): boolean {
  return settings.codes[code]?.enabled !== false;
}

/** The cost the settings give a code, or undefined for the engine's own. */
export function codeCost(settings: RuleSettings, code: string): number | undefined {
  return settings.codes[code]?.cost;
}

export interface Silence {
  /** Codes (`atomic.two_actions`) or whole criteria (`atomic`). */
  codes: string[];
  reason: string;
}

// "invest-ignore: atomic.two_actions, minimal -- CRUD of one thing is one story here" (the reason after "--" or
// an em dash). A line without a reason still silences; its reason says none was given.
const IGNORE_LINE = /^[ \t>*-]*invest-ignore\s*:\s*([^\n]*)$/gim;

/** The `invest-ignore:` lines of a description. */
export function silencesOf(description: string | undefined): Silence[] {
  if (!description || !/invest-ignore/i.test(description)) return [];
  const out: Silence[] = [];
  for (const m of description.slice(0, 20_000).matchAll(IGNORE_LINE)) {
    const [list, ...rest] = m[1].split(/\s+(?:--|—|–)\s*|^(?:--|—|–)\s*/);
    const codes = list.split(/[,\s]+/).map((c) => c.trim().toLowerCase()).filter((c) => CODE.test(c) || CRITERION.test(c));
    if (codes.length === 0) continue;
    const reason = rest.join(" -- ").trim();
    out.push({ codes, reason: reason || "no reason given" });
  }
  return out;
}

/** The silence that covers a code: a ticket's line first, then a dismissal. */
export function silenceFor(code: string, silences: Silence[], dismissals: Dismissal[] = []): Pick<SilencedFinding, "silenced_by" | "reason"> | null {
  const line = silences.find((s) => s.codes.some((c) => matches(c, code)));
  if (line) return { silenced_by: "ticket", reason: line.reason };
  const dismissed = dismissals.find((d) => matches(d.code, code));
  if (dismissed) return { silenced_by: "dismissal", reason: dismissed.reason };
  return null;
}

/** A public finding listed as silenced. */
export function silenced(f: Finding, why: Pick<SilencedFinding, "silenced_by" | "reason">): SilencedFinding {
  return { ...f, ...why };
}
