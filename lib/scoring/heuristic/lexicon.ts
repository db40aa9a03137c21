// Word lists behind the rules. They describe English requirement prose in general, not one data set: grammar
// (what a word is, what a conjunction joins) comes from the tagger in nlp.ts; these lists name what grammar
// cannot tell, such as which words are subjective and which "X and Y" pairs are set phrases.

function set(words: string): Set<string> {
  return new Set(words.split(/\s+/).filter(Boolean));
}

/**
 * Coordinations that name one thing ("search and replace", "terms and conditions"), so their "and"/"or"/"/" does
 * not join two features. Matched on lower-case words, with "and", "or", "&", "+" and "/" interchangeable.
 */
export const SET_PHRASES: string[] = [
  "search and replace", "find and replace", "drag and drop", "copy and paste", "cut and paste", "copy/paste",
  "terms and conditions", "pros and cons", "trial and error", "black and white", "read and write", "read/write",
  "back and forth", "up and running", "question and answer", "questions and answers", "research and development",
  "profit and loss", "supply and demand", "health and safety", "plug and play", "bed and breakfast",
  "command and control", "search and rescue", "checks and balances", "rules and regulations", "sales and marketing",
  "more and more", "over and over", "each and every", "first and foremost", "safe and sound", "null and void",
  "now and then", "by and large", "first and last name", "first and last names", "username and password",
  "user name and password", "login and password", "log-in and password", "name and password", "email and password",
  "e-mail and password", "user id and password", "account name and password", "input/output", "client/server",
  "on/off", "yes/no", "true/false", "pass/fail", "a/b", "he or she", "his or her", "him or her", "s/he",
  "either/or", "one or more", "two or more", "zero or more", "more or less", "sooner or later", "salt and pepper",
  "bread and butter", "nuts and bolts", "odds and ends", "ups and downs", "ins and outs", "wear and tear",
  "hit and miss", "give and take", "cause and effect", "point and click", "mix and match", "tried and tested",
  "tried and true", "or not", "and so on", "and so forth", "and vice versa", "or vice versa",
];

/** Verbs whose object pair is one relation between two things ("compare A and B", "link X and Y"). */
export const RELATIONAL_VERBS = set(`
compare contrast relate connect link match merge combine join reconcile associate correlate pair sync synchronise
synchronize distinguish differentiate map align integrate swap exchange translate convert couple bridge
`);

/** Words after which a clause states a condition or time, not a feature ("until ...", "when ...", "if ..."). */
export const SUBORDINATORS = set(`
when whenever if unless until till while whilst before after once because since although though whereas
`);

/** Multi-word subordinators, as lower-case word sequences. */
export const SUBORDINATOR_PHRASES: string[][] = [
  ["as", "long", "as"], ["as", "soon", "as"], ["even", "though"], ["even", "if"], ["in", "case"], ["so", "long", "as"],
  ["up", "until"], ["provided", "that"], ["as", "far", "as"],
];

/** Words that open a list of examples; the list is extra detail (QUS minimal), not features (QUS atomic). */
export const EXAMPLE_MARKERS: string[][] = [
  ["e.g."], ["e.g"], ["eg"], ["i.e."], ["i.e"], ["ie"], ["etc."], ["etc"], ["such", "as"], ["for", "example"],
  ["for", "instance"], ["things", "like"], ["stuff", "like"], ["including", "but", "not", "limited", "to"], ["including"],
  ["and", "so", "on"], ["and", "so", "forth"],
];

/**
 * Concessive openers: a clause or phrase that grants an exception or a circumstance ("even though it may have
 * expired", "despite my impairments") comments on the request rather than stating it (QUS minimal).
 */
export const CONCESSIVE_PHRASES: string[][] = [
  ["although"], ["though"], ["even", "though"], ["even", "if"], ["despite"], ["in", "spite", "of"], ["albeit"],
  ["regardless", "of"], ["notwithstanding"],
];

/** Words in the means that introduce how something is done (the instrument), not what is wanted. */
export const MANNER_WORDS = set("by using via");

/** Subjective words a reviewer flags as ambiguous (QUS "unambiguous"), read only as adjectives and adverbs. */
export const VAGUE_TERMS = set(`
accurate accurately adequate adequately appropriate appropriately better best convenient conveniently
easily easy efficient efficiently excellent fast faster flexible good great intuitive intuitively meaningful nice
optimal optimally proactive proactively properly proper quick quickly reasonable reasonably reliable reliably
seamless seamlessly secure securely simple simply smooth smoothly sufficient sufficiently suitable timely
user-friendly valuable scalable early powerful modern attractive beautiful nicely effective effectively
swift swiftly promptly comfortable safe safely robust robustly high-quality easy-to-use state-of-the-art
responsive responsively snappy
`);

/**
 * Subjective words that are as often a verb or a plain word of another sense ("clear the filter", "when I clear it"):
 * vague only where the tagger reads them as an adjective or adverb in a summary (rules-unambiguous.ts), never counted
 * by word alone as the acceptance criteria's and the duplicates' readers count VAGUE_TERMS (twenty-first pass).
 */
export const VAGUE_WHERE_TAGGED = set("clear clearly");

/** General words that name no concrete thing ("things", "everything", "insights"). */
export const GENERAL_TERMS = set(`
things stuff everything anything something whatever insights aspects factors solutions improvements
`);

/** Loophole and open-ended phrases, as lower-case word sequences. */
export const LOOPHOLE_PHRASES: string[][] = [
  ["if", "possible"], ["where", "possible"], ["when", "possible"], ["where", "appropriate"], ["as", "appropriate"],
  ["as", "needed"], ["as", "required"], ["if", "necessary"], ["when", "necessary"], ["where", "necessary"],
  ["and", "/", "or"], ["and", "more"], ["or", "similar"], ["some", "kind", "of"], ["somehow"],
  ["as", "much", "as", "possible"], ["as", "soon", "as", "possible"], ["as", "many", "as", "possible"],
  ["as", "fast", "as", "possible"], ["as", "quickly", "as", "possible"], ["as", "well", "as", "possible"],
  ["as", "far", "as", "possible"], ["as", "easily", "as", "possible"], ["as", "much", "as", "possible"],
];

/** Head verbs of a means that name a direction, not a result ("improve", "optimize"): nothing to size. */
export const BROAD_VERBS = set(`
improve enhance optimise optimize streamline maximise maximize minimise minimize empower facilitate foster
`);

/** Head verbs of a means that open research with no defined result. */
export const OPEN_ENDED_VERBS = set("explore investigate research understand");

/** Means that express a feeling or a wish, not a capability ("feel safe", "everything to work"). */
export const NO_FEATURE_VERBS = set("feel benefit");

/** Roles that are not people (QUS "conceptually sound": the role is a user). */
export const NON_PERSON_ROLES = set(`system application app software server database service api backend
frontend platform website site model algorithm robot tool`);

/** Words that prescribe how to build something rather than what is needed (QUS "problem oriented"). */
export const SOLUTION_TERMS = set(`
api apis database sql nosql mysql postgres postgresql mongodb redis json xml rest graphql endpoint
endpoints microservice microservices cache dropdown drop-down checkbox button buttons modal popup pop-up widget
lambda kubernetes docker react angular vue javascript typescript java python html css webhook webhooks cron
queue kafka oauth jwt regex xgboost svm cnn cnns rnn rnns lstm k-means k-medoids gmm pca arima bert
`);

/** Verbs that describe building a technical artefact ("implement", "develop", "code"). */
export const BUILD_VERBS = set("build code construct develop implement program refactor deploy");

/** Phrases that make a story wait on other work (in the summary only when other work follows them). */
export const DEPENDENCY_PHRASES = [
  "blocked by", "depends on", "dependent on", "required by", "prerequisite", "relies on", "relying on",
  "built on top of", "follow-up to", "follow up to", "same as", "see ticket", "see story", "as described in",
  "waiting for", "waits for",
];

/** The placeholders a rewrite inserts: text the author still has to write, not part of the story. */
export const PLACEHOLDERS = {
  role: "[type of user]",
  benefit: "[the benefit]",
  target: "[measurable target]",
} as const;

/**
 * Verbs that, asked for together on one object, are one requirement rather than two features (a split of them
 * is not one a product owner makes): near-synonyms ("search and discover", "browse and find"), one act in steps
 * ("sign and submit a form"), and umbrella verbs that hold the other ("create and maintain venues": maintaining
 * is managing). Each family is a set of lemmas; `UMBRELLA_VERBS` join any family.
 */
export const VERB_FAMILIES: Set<string>[] = [
  "search find discover browse locate explore look lookup query seek access",
  "view see display show read access open preview consult watch visualize visualise inspect review check",
  "edit modify update change correct amend adjust revise alter fix",
  "create add make define compose write enter insert",
  "delete remove erase discard purge clear",
  "save store keep retain preserve",
  "download get obtain retrieve fetch receive",
  "know understand learn find_out tell",
  "track monitor follow observe watch",
  "sign submit complete fill send",
  "check verify validate confirm ensure test",
  "upload import load ingest",
  "share publish distribute",
  "rate review evaluate assess",
  "register enrol enroll join sign subscribe become activate",
  "design develop build implement engineer architect",
  "develop refine improve enhance optimize optimise tune",
  "compare contrast",
  "analyze analyse examine study investigate explore inspect",
  "encourage promote support foster",
  "partner collaborate cooperate",
  "record store log capture",
  "learn adapt evolve adjust",
].map(set);

/** Verbs of a result to reach rather than a feature to build ("reduce losses", "increase conversion"), beside BROAD_VERBS. */
export const GOAL_VERBS = set("reduce increase boost lower raise overcome");

/**
 * Verbs that name one distinct operation a product offers on a thing (create, edit, delete, move, export it): two
 * of them, from different families, on one shared object are two features a product owner plans apart ("create
 * and edit records", "export or print a selection"). Verbs outside this list on a shared object (analyse, refine,
 * compare, identify, recognise, navigate, promote) were read as one requirement as often as not, so no split of
 * them is offered (lib/scoring/precision/ADVICE-READING.md).
 */
export const OPERATION_VERBS = set(`
create add insert enter edit update modify change rename delete remove view see display list open upload download
import export print tag attach detach apply assign unassign generate validate filter sort group aggregate archive
restore copy duplicate move publish unpublish approve reject accept decline save submit cancel schedule book
reserve pay lock unlock enable disable install uninstall configure train deploy merge branch fork clone sync send
invite mark flag pin unpin rate comment bookmark subscribe unsubscribe price ship order refund return
`);

/** Verbs of giving input ("enter my zip code"): before a second action with its own object, a step of that action. */
export const INPUT_VERBS = set("enter type input select choose pick provide specify fill");

export const UMBRELLA_VERBS = set("manage maintain administer administrate handle organise organize curate");
