// Structural features of a story for the fitted decision models (model.ts). Every feature is about the
// story's structure or general English word classes (conjunctions, vague words, role nouns, verb classes),
// never about the topic of one data set.
import type { Finding } from "../types";
import type { RuleInput } from "./finding";
import { BUILD_VERBS, BUILDER_ROLES, GENERAL_TERMS, NON_PERSON_ROLES, SOLUTION_TERMS, STORY_VAGUE_TERMS } from "./lexicon";
import { bracketSpans, type Token, tokenize } from "./text";

/** Verbs whose object is a broad goal rather than a deliverable ("improve", "ensure", "explore"). */
const BROAD_VERBS = new Set(`improve enhance optimize optimise maximize maximise minimize minimise ensure explore
understand leverage utilize utilise support help promote foster facilitate advance increase reduce streamline
empower achieve gain make better strengthen boost transform revolutionize revolutionise address mitigate
prevent protect maintain feel know learn discover benefit`.split(/\s+/));
/** Verbs of consuming a capability someone else builds ("use", "access", "receive", "be informed"). */
const CONSUME_VERBS = new Set(`use utilize utilise leverage access receive get see view have know be obtain rely
apply employ incorporate integrate adopt`.split(/\s+/));
/** Verbs of concrete actions with an observable result. */
const CONCRETE_VERBS = new Set(`add create delete edit export import upload download filter sort search find
list view display show send notify alert book cancel pay register sign log reset change update save share print
schedule submit select classify detect identify predict compare measure calculate collect label annotate rank
generate extract track record store retrieve visualize visualise summarize summarise translate recognize
recognise`.split(/\s+/));
/** Quantifiers and degree words that leave an amount open. */
const OPEN_QUANTIFIERS = new Set(`various different multiple many several large vast diverse numerous certain
some more most less fewer greater higher lower larger wider broader further new advanced complex
real-time`.split(/\s+/));
/** Nouns that name a technology or a capability in general rather than a concrete function. */
const GENERIC_TECH = new Set(`system systems model models tool tools technology technologies technique techniques
approach approaches method methods framework frameworks platform solution solutions ai algorithm algorithms
insights data analytics capabilities capability features learning intelligence`.split(/\s+/));
/** Verbs of studying something rather than consuming or building it ("analyze", "evaluate", "compare"). */
const RESEARCH_VERBS = new Set(`analyze analyse evaluate compare assess investigate study examine test measure
validate benchmark experiment quantify review audit`.split(/\s+/));
/** Role nouns of people who use a product rather than build or run it. */
const END_USER_ROLES = new Set(`user users patient patients customer customers parent parents driver drivers player
players citizen citizens student students person people individual individuals consumer consumers passenger
passengers shopper shoppers member members owner owners resident residents traveler travelers traveller
travellers viewer viewers listener listeners reader readers employee employees fan fans buyer buyers visitor
visitors learner learners caregiver caregivers enthusiast enthusiasts`.split(/\s+/));
const COMPARATIVE = /\b(?:more|less|better|greater|higher|lower|faster|easier|smarter|stronger|improved|enhanced)\b/gi;
const SUCH_AS = /\b(?:such\s+as|including|like|especially|particularly|namely)\b/gi;
const SYSTEM_SUBJECT = /^(?:the|an?|my|our|this|these|its|their)?\s*(?:[\w-]+\s+){0,4}?(?:to|that|which|who|can|could|will)\b/i;

export const FEATURE_NAMES = [
  "bias",
  // shape
  "log_words", "log_means_words", "log_role_words", "log_ends_words", "ends_so_that", "ends_purpose",
  "ends_participle", "ends_none", "means_action", "trailing", "commas_means", "sentences_gt1",
  // atomic
  "a_verb_means", "a_verb_clause", "a_objects", "a_qualities", "a_multi", "and_means", "or_means", "and_ends",
  "and_or", "serial_list", "as_well_as", "while", "both", "and_role", "and_clause_bare", "verbs_in_means",
  // minimal
  "brackets", "bracket_acronym", "bracket_long", "example_marker", "such_as", "punctuation", "so_i_need",
  // unambiguous
  "vague", "general", "loophole", "broad_head", "comparatives", "quantifiers", "generic_tech", "ly_adverbs",
  "vague_ends",
  // independent / estimable
  "role_builder", "role_non_person", "role_qualified", "system_subject", "object_means", "relative_clause",
  "consume_head", "build_head", "concrete_head", "solution_terms", "modal_can", "first_person_ends",
  // independent only: who the story is for and whether it studies, builds or consumes
  "research_head", "be_able", "first_person_means", "data_object", "role_end_user",
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export const FEATURE_INDEX: Record<FeatureName, number> =
  Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, i])) as Record<FeatureName, number>;

function count(re: RegExp, text: string): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) !== null) n++;
  return n;
}

function headVerb(tokens: Token[]): string {
  let k = 0;
  while (k < tokens.length && /^(?:to|be|able|really|also|easily|quickly|then)$/.test(tokens[k].lower) && k < 3) {
    if (tokens[k].lower === "be" && tokens[k + 1]?.lower !== "able") return "be";
    k++;
  }
  return tokens[k]?.lower ?? "";
}

/**
 * One vector per story. `candidates` are the findings of the rules (atomic/minimal/unambiguous candidates
 * before the models decide which to keep).
 */
export function storyFeatures(input: RuleInput, candidates: Finding[]): number[] {
  const { summary, story } = input;
  const f = new Array<number>(FEATURE_NAMES.length).fill(0);
  const set = (name: FeatureName, v: number) => { f[FEATURE_INDEX[name]] = v; };
  set("bias", 1);
  const end = story.mainEnd;
  const means = story.means;
  const meansText = means ? summary.slice(means.start, means.end) : "";
  const meansTokens = means ? tokenize(summary, means.start, means.end) : [];
  const endsStart = story.endsIndicator?.start ?? story.ends?.start ?? end;
  const endsText = story.ends ? summary.slice(story.ends.start, story.ends.end) : "";
  const roleTokens = story.role ? tokenize(summary, story.role.start, story.role.end) : [];
  const allTokens = tokenize(summary, 0, end);

  set("log_words", Math.log1p(allTokens.length));
  set("log_means_words", Math.log1p(meansTokens.length));
  set("log_role_words", Math.log1p(roleTokens.length));
  set("log_ends_words", Math.log1p(story.ends ? tokenize(summary, story.ends.start, story.ends.end).length : 0));
  set("ends_so_that", story.endsKind === "so_that" ? 1 : 0);
  set("ends_purpose", story.endsKind === "purpose" ? 1 : 0);
  set("ends_participle", story.endsKind === "participle" ? 1 : 0);
  set("ends_none", story.endsKind === null ? 1 : 0);
  set("means_action", story.meansIsAction ? 1 : 0);
  set("trailing", story.trailing ? 1 : 0);
  set("commas_means", Math.min(4, count(/,/g, meansText)));
  set("sentences_gt1", story.sentenceCount > 1 ? 1 : 0);

  // atomic candidates, split by where they sit
  let verbMeans = 0, verbClause = 0, objects = 0, qualities = 0, multi = 0;
  let brackets = 0, acronym = 0, longBracket = 0, example = 0, punctuation = 0;
  let vague = 0, general = 0, loophole = 0;
  for (const c of candidates) {
    const inClause = c.start !== undefined && c.start >= endsStart;
    switch (c.code) {
      case "atomic.conjunction": if (inClause) verbClause++; else verbMeans++; break;
      case "atomic.multiple_objects": objects++; break;
      case "atomic.quality_conjunction": qualities++; break;
      case "atomic.multiple_stories": multi++; break;
      case "minimal.brackets": {
        brackets++;
        const inner = summary.slice((c.start ?? 0) + 1, (c.end ?? 1) - 1).trim();
        if (/^[A-Z][A-Za-z0-9-]*[A-Z0-9][A-Za-z0-9-]*s?$/.test(inner)) acronym++;
        else if (/\s/.test(inner)) longBracket++;
        break;
      }
      case "minimal.example": example++; break;
      case "minimal.punctuation": punctuation++; break;
      case "unambiguous.vague_term": vague++; break;
      case "unambiguous.general_term": general++; break;
      case "unambiguous.loophole": loophole++; break;
    }
  }
  set("a_verb_means", Math.min(2, verbMeans));
  set("a_verb_clause", Math.min(2, verbClause));
  set("a_objects", Math.min(2, objects));
  set("a_qualities", Math.min(2, qualities));
  set("a_multi", multi > 0 ? 1 : 0);
  const beforeEnds = means ? summary.slice(means.start, Math.min(endsStart, means.end)) : "";
  set("and_means", Math.min(3, count(/\b(?:and|&)\b/gi, beforeEnds)));
  set("or_means", Math.min(2, count(/\bor\b/gi, beforeEnds)));
  set("and_ends", Math.min(3, count(/\band\b/gi, endsText)));
  set("and_or", count(/\band\/or\b/gi, summary) > 0 ? 1 : 0);
  set("serial_list", /\w+,\s+[\w\s-]+,\s*(?:and|or)\s/i.test(meansText) ? 1 : 0);
  set("as_well_as", /\bas well as\b/i.test(summary.slice(0, end)) ? 1 : 0);
  set("while", /\bwhile\b/i.test(summary.slice(0, end)) ? 1 : 0);
  set("both", /\bboth\b/i.test(meansText) ? 1 : 0);
  set("and_role", roleTokens.some((t) => t.lower === "and" || t.lower === "or") ? 1 : 0);
  // ", and <verb>" / "and <verb>" after the purpose clause started: "to analyze data and identify threats"
  set("and_clause_bare", story.endsKind !== "so_that" && /\band\s+(?:to\s+)?[a-z]+\s+(?:the|a|an|my|our|their|its|new|any|all)\b/i
    .test(summary.slice(endsStart, end)) ? 1 : 0);
  let verbs = 0;
  for (const t of meansTokens) if (CONCRETE_VERBS.has(t.lower) || BUILD_VERBS.has(t.lower) || BROAD_VERBS.has(t.lower)) verbs++;
  set("verbs_in_means", Math.min(5, verbs));

  // minimal
  set("brackets", Math.min(2, brackets));
  set("bracket_acronym", Math.min(2, acronym));
  set("bracket_long", Math.min(2, longBracket));
  set("example_marker", Math.min(2, example));
  const spans = bracketSpans(summary);
  let suchAs = 0;
  SUCH_AS.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = SUCH_AS.exec(summary)) !== null) {
    if (m[0].toLowerCase() === "like" && /\b(?:would|I|we)\s+$/i.test(summary.slice(Math.max(0, m.index - 8), m.index))) continue;
    if (!spans.some((s) => m!.index >= s.start && m!.index < s.end)) suchAs++;
  }
  set("such_as", Math.min(2, suchAs));
  set("punctuation", Math.min(2, punctuation));
  set("so_i_need", /\bso\s+(?:I|we)\s+(?:need|want|require)\b/i.test(summary) ? 1 : 0);

  // unambiguous
  set("vague", Math.min(3, vague));
  set("general", Math.min(3, general));
  set("loophole", Math.min(2, loophole));
  const head = headVerb(meansTokens);
  set("broad_head", BROAD_VERBS.has(head) ? 1 : 0);
  set("comparatives", Math.min(3, count(COMPARATIVE, summary.slice(0, end))));
  let quant = 0, tech = 0, ly = 0, vagueEnds = 0;
  for (const t of meansTokens) {
    if (OPEN_QUANTIFIERS.has(t.lower)) quant++;
    if (GENERIC_TECH.has(t.lower)) tech++;
    if (t.lower.length > 4 && t.lower.endsWith("ly") && !/(?:ply|ily|family|only|early|supply|apply)$/.test(t.lower)) ly++;
  }
  if (story.ends) for (const t of tokenize(summary, story.ends.start, story.ends.end)) {
    if (STORY_VAGUE_TERMS.has(t.lower) || GENERAL_TERMS.has(t.lower)) vagueEnds++;
  }
  set("quantifiers", Math.min(3, quant));
  set("generic_tech", Math.min(3, tech));
  set("ly_adverbs", Math.min(2, ly));
  set("vague_ends", Math.min(3, vagueEnds));

  // independent / estimable
  const roleHead = roleTokens.find((t) => BUILDER_ROLES.has(t.lower) || NON_PERSON_ROLES.has(t.lower));
  set("role_builder", roleTokens.some((t) => BUILDER_ROLES.has(t.lower)) ? 1 : 0);
  set("role_non_person", roleHead !== undefined && NON_PERSON_ROLES.has(roleHead.lower) ? 1 : 0);
  set("role_qualified", roleTokens.some((t) => /^(?:of|in|with|for|who|at|on|from)$/.test(t.lower)) ? 1 : 0);
  set("system_subject", !story.meansIsAction && SYSTEM_SUBJECT.test(meansText) && /\bto\s+[a-z]/i.test(meansText.slice(0, 60)) ? 1 : 0);
  set("object_means", story.meansIsAction ? 0 : 1);
  set("relative_clause", /\b(?:that|which|who)\s+(?:can|could|will|would|is|are|helps?|provides?|allows?|enables?|[a-z]+s)\b/i.test(meansText) ? 1 : 0);
  set("consume_head", CONSUME_VERBS.has(head) ? 1 : 0);
  set("build_head", BUILD_VERBS.has(head) || head === "create" ? 1 : 0);
  set("concrete_head", CONCRETE_VERBS.has(head) ? 1 : 0);
  let sol = 0;
  for (const t of meansTokens) if (SOLUTION_TERMS.has(t.lower)) sol++;
  set("solution_terms", Math.min(3, sol));
  set("modal_can", /\b(?:can|could|will|would)\b/i.test(meansText) ? 1 : 0);
  set("research_head", RESEARCH_VERBS.has(head) ? 1 : 0);
  set("be_able", /^(?:to\s+)?be\s+able\b/i.test(meansText) ? 1 : 0);
  let firstPerson = 0, data = 0;
  for (const t of meansTokens) {
    if (t.lower === "my" || t.lower === "me" || t.lower === "i") firstPerson++;
    else if (t.lower === "data" || t.lower === "dataset" || t.lower === "datasets") data++;
  }
  set("first_person_means", Math.min(2, firstPerson));
  set("data_object", data > 0 ? 1 : 0);
  set("role_end_user", roleTokens.some((t) => END_USER_ROLES.has(t.lower)) ? 1 : 0);
  set("first_person_ends", /^(?:I|we)\b/i.test(endsText) ? 1 : 0);
  return f;
}
