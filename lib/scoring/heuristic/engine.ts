import {
  codeCost,
  codeEnabled,
  normaliseRules,
  rulesMetadata,
  silenced,
  silenceFor,
  silencesOf,
  type Dismissal,
  type RuleSettings,
  type SilencedFinding,
} from "../rules";
import {
  DIMENSIONS,
  type ContextItem,
  type ScoreOptions,
  type Dimension,
  type PerDimension,
  type ScoringEngine,
  type ScoringItem,
  type ScoringResult,
  type TicketData,
  type WorkItemKind,
} from "../types";
import type { FindingCode } from "../codes";
import { uniformFindings, uniqueFindings } from "./batch";
import { citeContext } from "./context";
import { publicFinding, quote, type Found, type RuleInput } from "./finding";
import { inferKind, typeSourceOf, workItemKindOf } from "./kind-of";
import { charSpan } from "./nlp";
import { languageOf } from "./language";
import { wordsFor } from "./languages";
import { parseStory } from "./parse-story";
import { parseStoryIn } from "./parse-story-lang";
import { criteriaItems } from "./rules-criteria";
import { criteriaOfIn, languageFindings, localize, notReadFinding } from "./rules-language";
import { proposeRewrite, type Proposal, type Rescore } from "./rewrite";
import { atomicFindings } from "./rules-atomic";
import { criteriaFindings, criteriaOf } from "./rules-criteria";
import { dependencyFindings } from "./rules-dependency";
import { formFindings } from "./rules-form";
import { appliesTo, kindEvidenceFor, kindFindings, NOUN } from "./rules-kinds";
import { brokenAgain, withoutHeadLines } from "./bug-readers";
import { plainSpaces, reflowed, uncommented, unquoted } from "./reflow";
import { minimalFindings } from "./rules-minimal";
import { solutionFindings } from "./rules-solution";
import { unambiguousFindings } from "./rules-unambiguous";
import { explainOverall } from "../overall";
import { restoreHeadingBreaks, sectionsOf } from "./sections";
import { chargesOf, mainCauses, overallScore, reasoningFor, recommendationsFor, scoresFrom, scoresOf, sortFindings, suggestionsFor } from "./scoring";

export const HEURISTIC_MODEL = { provider: "heuristic", model_name: "invest-heuristic", temperature: 0 } as const;
export const HEURISTIC_PROMPT_VERSION = "heuristic-3.1";

// Rules read at most this much of each field, so a 200 KB paste costs the same as a long story. A summary is a
// sentence: past 4,000 characters it is reported as long, and its grammar is not read any further.
const MAX_FIELD = 20_000;
const MAX_SUMMARY = 4_000;
// A finding repeated more often than this (a paste of the same sentence a hundred times) is reported this often.
const MAX_PER_CODE = 10;

function field(value: unknown, max = MAX_FIELD): string {
  if (typeof value !== "string") return "";
  return tamedRuns(plainSpaces(value.length > max ? value.slice(0, max) : value));
}

// A run of one character or of blanks longer than this keeps its ends and is blanked between them.
const LONG_RUN = 64;
const RUN_END = 16;
const LONG_RUNS = new RegExp(String.raw`\s{${LONG_RUN + 1},}|(\S)\1{${LONG_RUN},}`, "g");

/**
 * The text with every run longer than `LONG_RUN` (blanks and line breaks, or one character repeated: a page of empty
 * lines, a row of 19,000 dots) kept at its first and last `RUN_END` characters and made spaces between, the same length, so
 * every offset holds. Readers that look for a sentence's start after any blanks ("\n\s*") or a word after any marks
 * otherwise try each place in such a run and scan to its end: a 19 KB description of empty lines took over a minute to
 * score. No text says anything in the middle of such a run.
 */
export function tamedRuns(text: string): string {
  if (text.length <= LONG_RUN) return text;
  return text.replace(LONG_RUNS, (run) => run.slice(0, RUN_END) + " ".repeat(run.length - 2 * RUN_END) + run.slice(-RUN_END));
}

function capped(findings: Found[]): Found[] {
  const count = new Map<string, number>();
  return findings.filter((f) => {
    const n = (count.get(f.code) ?? 0) + 1;
    count.set(f.code, n);
    return n <= MAX_PER_CODE;
  });
}

interface Analysis {
  input: RuleInput;
  findings: Found[];
}

/**
 * The kind a ticket is judged as, read as `analyse` reads it (its fields cut to their limits): for a page that
 * names what it is about to score without scoring it.
 */
export function judgedKind(ticket: TicketData): WorkItemKind {
  const summary = field(ticket?.summary, MAX_SUMMARY);
  const words = wordsFor(languageOf(ticket));
  return workItemKindOf(ticket ?? { summary: "" }, words ? parseStoryIn(summary, words) : parseStory(summary), sectionsOf(restoreHeadingBreaks(field(ticket?.description)), words), words);
}

/** The criteria findings that read English words (research, a direction, a vague word): none in a language not read. */
const WORDING_OF_CRITERIA: readonly FindingCode[] = ["estimable.open_ended", "estimable.broad_goal", "testable.vague_criterion"];

/** The rules that fit the language: all of them in English; the word lists' in de/fr/es/pt; structure alone in any other. */
function sharedFindings(input: RuleInput): Found[] {
  const { language, words } = input;
  if (language === "en") {
    return [
      ...formFindings(input),
      ...atomicFindings(input),
      ...minimalFindings(input),
      ...unambiguousFindings(input),
      ...solutionFindings(input),
      ...dependencyFindings(input),
      ...criteriaFindings(input),
    ];
  }
  if (words) {
    input.criteriaItems = criteriaOfIn(input.criteria, words);
    return localize([
      ...formFindings(input),
      ...minimalFindings(input),
      ...languageFindings(input, words),
      ...dependencyFindings(input),
      ...criteriaFindings(input),
    ], words);
  }
  // A language the rules do not read: its wording is not judged (no template, no vague words, no verifiable
  // criteria), its structure is (description, criteria, length, ticket references, brackets).
  const items = criteriaItems(input.criteria);
  input.criteriaItems = { items, verifiable: items.length };
  return [
    notReadFinding(language ?? "und", NOUN[input.kind]),
    ...minimalFindings(input).filter((f) => f.code === "minimal.brackets").map((f) => ({ ...f, edits: undefined })),
    ...dependencyFindings(input).filter((f) => f.code === "independent.ticket_reference"),
    ...criteriaFindings(input).filter((f) => !WORDING_OF_CRITERIA.includes(f.code)),
  ];
}

function analyse(ticket: TicketData, rules: RuleSettings): Analysis {
  const summary = field(ticket?.summary, MAX_SUMMARY);
  // (a text a tracker hard-wrapped is read with its cut sentences whole again; reflow.ts)
  // (a chat's heads and a template's comments blanked make new runs of blanks: tamed again, as `field` tames the text given)
  const description = reflowed(restoreHeadingBreaks(unquoted(tamedRuns(uncommented(withoutHeadLines(brokenAgain(field(ticket?.description))))))));
  const language = languageOf(ticket);
  const words = wordsFor(language);
  const story = words ? parseStoryIn(summary, words) : parseStory(summary);
  const sections = sectionsOf(description, words);
  const safeTicket = ticket ?? { summary: "" };
  const inferred = inferKind(safeTicket, story, sections, words);
  const input: RuleInput = {
    ticket: safeTicket,
    summary,
    description,
    criteria: field(ticket?.acceptance_criteria),
    story,
    kind: inferred.kind,
    kindBy: inferred.by,
    sections,
    language,
    words,
    // A preset is a reading of the story criteria: a bug, task, spike or epic is read as always.
    preset: inferred.kind === "story" ? rules.preset : "default",
  };
  // A story is judged by the story rules; another kind keeps the shared ones that fit it and adds its own evidence.
  const shared = sharedFindings(input);
  // A kind's own reading of a code replaces the shared one (the neutral rules' "nothing to size from").
  const own = input.kind === "story" && input.kindBy !== "default" ? [] : kindFindings(input);
  const findings = input.kind === "story" && input.kindBy !== "default" ? shared
    : [...shared.filter((f) => appliesTo(input.kind, f, input.kindBy) && !own.some((o) => o.code === f.code)), ...own];
  return { input, findings };
}

/** The findings of one ticket as the rules report them, with their fixes (for tests and tools). */
export function findingsOf(ticket: TicketData, options: ScoreOptions = {}): Found[] {
  return analyse(ticket, normaliseRules(options.rules)).findings;
}

interface Settled {
  kept: Found[];
  silenced: SilencedFinding[];
}

/**
 * The team's settings on a ticket's findings, after every rule has run: codes switched off are dropped, codes
 * re-costed carry their cost, and findings an `invest-ignore:` line or a dismissal covers are set apart with
 * their reason (they cost nothing).
 */
function settle(findings: Found[], rules: RuleSettings, description: string, dismissals: Dismissal[]): Settled {
  const silences = silencesOf(description);
  const kept: Found[] = [];
  const out: SilencedFinding[] = [];
  for (const f of findings) {
    if (!codeEnabled(rules, f.code)) continue;
    const why = silenceFor(f.code, silences, dismissals);
    if (why) {
      out.push(silenced(publicFinding(f), why));
      continue;
    }
    const cost = codeCost(rules, f.code);
    kept.push(cost === undefined ? f : { ...f, cost });
  }
  return { kept, silenced: out };
}

function perDimension<T>(make: (d: Dimension) => T): PerDimension<T> {
  return {
    independent: make("independent"), negotiable: make("negotiable"), valuable: make("valuable"),
    estimable: make("estimable"), small: make("small"), testable: make("testable"),
  };
}

/** What speaks for each dimension when nothing was found against it. */
function evidenceFor(input: RuleInput): PerDimension<string> {
  const { story, description } = input;
  const a = story.a;
  const { items, verifiable } = criteriaOf(input);
  const role = story.role ? `"${quote(a.text, charSpan(a, story.role), 40)}"` : "the user";
  const benefit = story.ends[0] ? `"${quote(a.text, charSpan(a, story.ends[0].body), 60)}"` : "the benefit";
  const sources = [description.trim() ? "the description" : "", items.length ? "the acceptance criteria" : ""].filter(Boolean);
  if (input.kind !== "story" || input.kindBy === "default") {
    // A bug, task, spike or epic names its own evidence; what it does not state falls back to the shared wording.
    const own = kindEvidenceFor(input);
    return {
      independent: "No reference to other tickets or to work it waits for.",
      negotiable: own.negotiable ?? "States the need without prescribing a design.",
      valuable: own.valuable ?? "Says why it matters.",
      estimable: own.estimable ?? (sources.length ? `Clear wording, and ${sources.join(" and ")} to size from.` : "Clear wording to size from."),
      small: own.small ?? "No sign of more than one piece of work.",
      testable: own.testable ?? "States what shows it is done.",
    };
  }
  return {
    independent: "No reference to other tickets or to work it waits for.",
    negotiable: "States the need without prescribing a design or adding notes.",
    valuable: `Names the user (${role}) and the benefit (${benefit}).`,
    estimable: sources.length ? `Clear wording, and ${sources.join(" and ")} to size from.` : "Clear wording to size from.",
    small: `No sign of more than one feature${items.length ? `; ${items.length} acceptance criteri${items.length === 1 ? "on" : "a"}` : ""}.`,
    testable: `${verifiable} of ${items.length} acceptance criteri${items.length === 1 ? "on states" : "a state"} an observable outcome.`,
  };
}

/**
 * The rewrite and split, each candidate scored again by the per-story rules (no batch, no context) against the
 * story scored the same way: advice is offered only when following it does not lower the score.
 */
function proposalFor(analysis: Analysis, findings: Found[], rules: RuleSettings, dismissals: Dismissal[]): Proposal {
  const { input } = analysis;
  const kept = settle(analysis.findings, rules, input.description, dismissals).kept;
  return proposeRewrite(input, findings, { overall: overallScore(scoresOf(kept)), rescore: rescorer(input, rules, dismissals) });
}

/**
 * A candidate summary scored again as `proposalFor` needs it, each candidate once. (Returned unnamed: under tsx, the
 * worker's and the benches' path, which keeps functions' names, a named closure made on every call cost a property
 * definition.)
 */
function rescorer(input: RuleInput, rules: RuleSettings, dismissals: Dismissal[]): Rescore {
  const seen = new Map<string, ReturnType<Rescore>>();
  return (summary) => {
    let result = seen.get(summary);
    if (!result) {
      // The candidate is read in the story's language, not detected again on its summary alone.
      const again = settle(analyse({ ...input.ticket, summary, language: input.language }, rules).findings, rules, input.description, dismissals).kept;
      result = { overall: overallScore(scoresOf(again)), findings: again };
      seen.set(summary, result);
    }
    return result;
  };
}

function buildResult(analysis: Analysis, context: ContextItem[] | undefined, extra: Found[], rules: RuleSettings, dismissals: Dismissal[]): ScoringResult {
  const { input } = analysis;
  const items = Array.isArray(context) ? context.filter((c) => c && typeof c.id === "string") : [];
  const ctx = citeContext(input.ticket, items);
  const settled = settle(sortFindings(capped([...analysis.findings, ...extra, ...ctx.findings])), rules, input.description, dismissals);
  // The proposal may reword a compound's advice (no honest split), so it comes before the charges.
  const proposal = proposalFor(analysis, settled.kept, rules, dismissals);
  const findings = proposal.findings;
  const charges = chargesOf(findings);
  const individual = scoresFrom(charges);
  const overall = overallScore(individual);
  const citations = ctx.citations;
  const evidence = evidenceFor(input);
  const reasoning = perDimension((d) => reasoningFor(d, individual[d], charges[d], evidence[d], citations[d]));
  const referenced = new Set(DIMENSIONS.flatMap((d) => citations[d]));
  const recommendations = recommendationsFor(charges, individual);
  return {
    overall_score: overall,
    overall_reasoning: explainOverall(individual, { why: mainCauses(charges), together: recommendations.together }),
    individual_scores: individual,
    scores: perDimension((d) => ({
      score: individual[d],
      reasoning: reasoning[d],
      improvement_suggestions: suggestionsFor(charges[d]),
      reference_context: [...citations[d]],
    })),
    reasoning_per_dimension: reasoning,
    recommendations: recommendations.lines,
    context_references: perDimension((d) => [...citations[d]]),
    metadata: {
      model: { ...HEURISTIC_MODEL },
      prompt_version: HEURISTIC_PROMPT_VERSION,
      work_item_type: input.kind,
      work_item_type_source: typeSourceOf(input.kindBy ?? "type"),
      language: input.language ?? "en",
      token_usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      enriched_context_references: perDimension((d) => [...citations[d]]),
      context_usage_stats: {
        total_context_items_available: new Set(items.map((c) => c.id)).size,
        context_items_referenced: referenced.size,
        references_per_dimension: perDimension((d) => citations[d].length),
      },
      rules: rulesMetadata(rules),
    },
    findings: findings.map(publicFinding),
    rewrite: proposal.rewrite,
    split: proposal.split,
    silenced_findings: settled.silenced,
  };
}

function dismissalsOf(value: unknown): Dismissal[] {
  return Array.isArray(value) ? value.filter((d): d is Dismissal => !!d && typeof d.code === "string" && typeof d.reason === "string") : [];
}

/** Scores one ticket synchronously under the given rule settings (the default preset when none); never throws. */
export function scoreTicket(ticket: TicketData, context?: ContextItem[], options: ScoreOptions & { dismissals?: Dismissal[] } = {}): ScoringResult {
  const rules = normaliseRules(options.rules);
  return buildResult(analyse(ticket, rules), context, [], rules, dismissalsOf(options.dismissals));
}

/** Scores tickets as one batch: adds `unique.` and `uniform.` findings across the batch. */
export function scoreTickets(items: ScoringItem[], options: ScoreOptions = {}): ScoringResult[] {
  const rules = normaliseRules(options.rules);
  const analyses = items.map((item) => analyse(item?.ticket, rules));
  const stories = analyses.map((a) => a.input.story);
  const unique = uniqueFindings(stories);
  // Only stories are held to the batch's story template: bugs, tasks, spikes and epics are neither counted in it
  // nor told they depart from it.
  // Stories in different languages follow different templates: each language's stories are held to their own; a
  // ticket judged neutrally (no kind decided) is not held to the story template.
  const uniform: Found[][] = analyses.map(() => []);
  for (const language of new Set(analyses.map((a) => a.input.language))) {
    if (language !== "en" && !analyses.find((a) => a.input.language === language)?.input.words) continue;
    const storyAt = analyses.flatMap((a, i) => (a.input.kind === "story" && a.input.kindBy !== "default" && a.input.language === language ? [i] : []));
    const uniformOfStories = uniformFindings(storyAt.map((i) => stories[i]));
    const words = analyses[storyAt[0]]?.input.words;
    storyAt.forEach((i, k) => {
      uniform[i] = words ? localize(uniformOfStories[k], words) : uniformOfStories[k];
    });
  }
  return analyses.map((a, i) => buildResult(a, items[i]?.context, [...unique[i], ...uniform[i]], rules, dismissalsOf(items[i]?.dismissals)));
}

/** The heuristic engine; `options.rules` are the settings of every call that names none of its own. */
export function createHeuristicEngine(options: ScoreOptions = {}): ScoringEngine {
  const base = options.rules;
  return {
    name: "heuristic",
    cost: "cheap",
    score: async (ticket, context, call) => scoreTicket(ticket, context, { rules: call?.rules ?? base, dismissals: call?.dismissals }),
    scoreBatch: async (items, call) => scoreTickets(items, { rules: call?.rules ?? base }),
  };
}
