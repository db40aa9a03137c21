// Word lists behind the rules. They describe English requirement prose in general, not one data set.

function set(words: string): Set<string> {
  return new Set(words.split(/\s+/).filter(Boolean));
}

/** Base-form verbs that name an action a user or system performs. */
export const VERBS = set(`
accept access achieve acknowledge act adapt add adjust adopt aggregate alert allocate allow analyse analyze
annotate anonymise anonymize answer apply approve archive arrange assess assign attach audit authenticate
authorise authorize automate avoid back benchmark block book browse build calculate cancel capture categorise
categorize change charge chat check choose classify clean clear click close collaborate collect combine comment
communicate compare compile complete comply compose compute configure confirm connect consult contact control
convert coordinate copy correct create customise customize deactivate debug decide define delete deliver deploy
describe design detect determine develop diagnose disable discover dismiss dispatch display distinguish
distribute document download drag drop edit educate eliminate email embed enable encrypt enforce engage enhance
enroll ensure enter estimate evaluate examine exchange exclude execute expand explain explore export extend
extract fetch fill filter find fix flag follow forecast forward generate get give grant group guide handle
help hide highlight identify implement import improve include increase index inform input inspect install
integrate interact interpret intervene invite investigate invoice issue join keep label launch learn leverage
limit link list load locate lock log login maintain make manage map mark measure merge migrate minimise minimize
mitigate model modify monitor move navigate notify obtain offer open operate optimise optimize order organise
organize overview participate pay perform persist pick pin place plan play predict prepare present prevent
preview print prioritise prioritize process produce profile promote propose protect provide publish purchase
query rank rate reach read receive recognise recognize recommend reconcile record recover redirect reduce refine
refund register reject release remind remove rename reopen reorder repair replace replicate reply report
request require reserve reset resize resolve respond restore restrict resume retrieve return reuse review revoke
run save scale scan discourage encourage empower foster overcome anticipate market fuse advance
facilitate prevent schedule score search see select sell send set settle share show sign simulate skip sort
specify split standardise standardize start stop store stream study submit subscribe suggest summarise summarize
supervise support suspend switch sync synchronise synchronize tag take target test track train transfer
transform translate transmit trigger troubleshoot understand undo unlock unsubscribe update upgrade upload use
utilise utilize validate verify view visualise visualize vote warn watch withdraw write
`);

/** Verbs that are just as often nouns ("track the order" vs "the track"): treated as verbs only in verb context. */
export const NOUN_VERBS = set(`
access alert back book change charge chat check control copy design document email export filter fix flag
group guide import index input invoice issue label list load lock log map mark model order overview pay pin
place plan play print process profile query rank rate record release reply report request reset return review
run save scale scan discourage encourage empower foster overcome anticipate market fuse advance
facilitate prevent schedule score search set share show sign sort split start stop store stream study support
switch tag target test track train transfer undo update upload use view vote watch
`);

/** Words that may follow "and" inside a verb phrase without starting a new one. */
export const ADVERBS_BETWEEN = set(`
also then potentially automatically easily quickly immediately later finally optionally subsequently directly
eventually even still further
`);

/** Quality adjectives whose coordination ("fast and reliable") bundles separate quality requirements. */
export const QUALITY_ADJECTIVES = set(`
accurate actionable adaptable accessible affordable anonymous auditable available comfortable compliant
comprehensive confident configurable consistent convenient cost-effective customizable customisable dependable
effective efficient engaging ethical explainable extensible fair fast flexible inclusive informative interoperable
intuitive maintainable modular performant personalised personalized portable private quick reliable reproducible
resilient responsive responsible robust safe scalable seamless secure simple stable sustainable timely
transparent trustworthy unbiased up-to-date user-friendly usable
`);

/** Vague or subjective wording a rater flags as ambiguous (QUS "unambiguous"). */
export const VAGUE_TERMS = set(`
accurate accurately adequate adequately appropriate appropriately better best comprehensive convenient
easily easy effective effectively efficient efficiently enhanced excellent fast faster flexible good great
high-quality informed intuitive meaningful optimal optimally proactive proactively properly quick quickly
reasonable relevant reliable reliably responsibly robust robustness seamless seamlessly secure securely safely
simple smooth smoothly sufficient suitable timely user-friendly valuable various
`);

/**
 * Subjective words as the story rules read them (rules-unambiguous.ts, features.ts). On the labelled stories
 * the raters rarely called a story ambiguous for "relevant", "comprehensive", "robust", "seamless",
 * "high-quality", "effectively" or "efficiently" (precision 0-25% against a base rate of 32%), so they are
 * not story-level candidates; they stay in VAGUE_TERMS for acceptance criteria. "scalable" (a quality with no
 * measure) and "early" (a time with no limit) are added.
 */
export const STORY_VAGUE_TERMS = new Set([...VAGUE_TERMS, "scalable", "early"].filter((w) =>
  !["relevant", "comprehensive", "robust", "seamless", "high-quality", "effectively", "efficiently"].includes(w)));

/** General words that name no concrete thing or action ("insights", "tools", "leverage", "any issues"). */
export const GENERAL_TERMS = set(`
things stuff issues problems factors insights tools technologies solutions overall benefit utilize
utilise leverage support any
`);

/** Loophole and open-ended phrases. */
export const LOOPHOLE_PHRASES = [
  "if possible",
  "where possible",
  "where appropriate",
  "as appropriate",
  "as needed",
  "as required",
  "if necessary",
  "when necessary",
  "and so on",
  "and/or",
  "as much as possible",
  "as soon as possible",
  "and more",
  "or similar",
  "some kind of",
  "somehow",
];

/** Fixed expressions whose "and"/"or" does not join two features. */
export const FIXED_COORDINATIONS = [
  "search and rescue",
  "command and control",
  "research and development",
  "drag and drop",
  "terms and conditions",
  "pros and cons",
  "trial and error",
  "black and white",
  "copy and paste",
  "cut and paste",
  "read and write",
  "read/write",
  "more and more",
  "back and forth",
  "up and running",
  "safe and sound",
  "first and last name",
  "first and last names",
  "profit and loss",
  "question and answer",
  "questions and answers",
  "supply and demand",
  "sales and marketing",
  "health and safety",
  "checks and balances",
  "time and date",
  "date and time",
  "plug and play",
  "peer to peer",
  "bed and breakfast",
  "and/or",
];

/** Roles that name the builder of a deliverable rather than a user of it. */
export const BUILDER_ROLES = set(`
developer developers engineer engineers programmer programmers architect architects designer designers
scientist scientists researcher researchers technologist technologists analyst analysts team builder
bioinformatician tester testers devops administrator admin maintainer maintainers
`);

/** Roles that are not people (QUS "conceptually sound": the role is a user). */
export const NON_PERSON_ROLES = set(`system application app software server database service api backend
frontend platform website site model algorithm robot tool`);

/** Words that prescribe how to build something rather than what is needed (QUS "problem oriented"). */
export const SOLUTION_TERMS = set(`
api apis database sql nosql mysql postgres postgresql mongodb redis json xml csv rest graphql endpoint
endpoints microservice microservices cache table tables column columns dropdown drop-down checkbox button
buttons modal popup pop-up widget server servers lambda kubernetes docker react angular vue javascript
typescript java python html css webhook webhooks cron queue kafka oauth jwt regex algorithm algorithms
neural xgboost svm cnn cnns rnn rnns lstm k-means k-medoids gmm pca arima bert gpt
`);

/** Verbs that describe building a technical artefact ("implement", "develop", "design"). */
export const BUILD_VERBS = set(`build code construct design develop implement program architect engineer
deploy integrate train`);

/** Words that signal a story too big to estimate or deliver in one iteration. */
export const EPIC_TERMS = set(`all every entire whole complete full end-to-end comprehensive platform
system ecosystem framework infrastructure overall everything`);

export const DEPENDENCY_PHRASES = [
  "blocked by",
  "depends on",
  "dependent on",
  "depending on",
  "requires",
  "required by",
  "prerequisite",
  "after the",
  "once the",
  "as soon as the",
  "waiting for",
  "waits for",
  "relies on",
  "relying on",
  "built on top of",
  "on top of",
  "follow-up",
  "follow up to",
  "same as",
  "see ticket",
  "see story",
  "as described in",
  "from the previous",
  "in the previous",
];
