// What a bug report says, in the words people write it in (lib/scoring/README.md, "Bug reports in the words
// people write"). Each reader is built from what the part is, not from a data set's words:
// - what happens (observed): a failure, an absence, a wrong value, an error, an unexpected state;
// - what should happen (expected): "should", "expected", "instead of", a wish, a request, or a case that works;
// - how to get there (steps): a list of actions, a sequence of imperatives, "when I ...", a command, a snippet;
// - who is hurt and how badly (impact): counts, shares, money, groups of users, what it blocks, severity words.
// Each returns the spans it read, so the rules can quote them and the tests can show what fired.

import { FRAME_LINE, withLineBreaks } from "./machine-text";
import { directiveNamed, distinctDirective } from "./server-directives";
import { bareHeading, FORM_LEFT_EMPTY, jiraListLines, orderedSteps, POINTER_ELSEWHERE, templateLeftAsIs } from "./sections";

/** A span of a text a reader matched, and whether it is generic ("doesn't work", "broken", "a problem"). */
export interface Read {
  start: number;
  end: number;
  generic?: boolean;
}

// "doesn't", "doesn’t", "doesn`t", "doesnt", and "doesn t" as text whose apostrophes were lost on the way.
const NT = "n(?:['’` ]?t)";
const AUX = `(?:do|does|did|is|are|was|were|has|have|had|ca|could|wo|would|should|must|need|might)`;
const NEGATED = `(?:\\b${AUX}${NT}\\b|\\b(?:do|does|did|is|are|was|were|has|have|had|can|could|will|would|may|might)\\s+not\\b|\\bcannot\\b)`;

/** Verbs of acting on a program: the first word of a step ("Open the file", "click Save", "run npm test"). */
export const ACTION_VERBS = new Set(`
open close click double-click right-click doubleclick rightclick tap long-press press hit type enter select choose pick view preview inspect
go navigate visit browse load reload refresh run rerun start restart launch stop kill quit exit execute invoke call
create add insert delete remove edit change modify set unset update rename move copy paste cut drag drop scroll hover
expand collapse toggle check uncheck tick untick enable disable install uninstall upgrade downgrade import export save
build rebuild compile debug deploy commit checkout push pull merge clone fetch sync synchronize switch log sign submit
send upload download attach detach resize minimize maximize focus search find filter sort write put use try make
define declare implement extend override instantiate configure wait apply show hide display print render mount
unmount connect disconnect login logout register zoom rotate swipe shake drag-and-drop link unlink share post reply
comment like follow invite accept reject cancel confirm dismiss close reopen undo redo format refactor generate get
fill clear empty reset mark rightclick close place split join pin unpin play pause record stream scan rename
leave decline trigger seek rewind fast-forward skip cast mute unmute replay complete
`.split(/\s+/).filter(Boolean));

/**
 * An adverb before a person's verb ("when I quickly open", "I then finally click"): a word in "-ly" that is no verb of
 * acting. "If you apply SPRING20 in the cart, then refresh" and "when I reply to it" tell the verb itself (twentieth
 * pass, several actions in one sentence: "apply" was read as the adverb, and the condition's verb as "SPRING20").
 */
const ADVERB = String.raw`(?!(?:${[...ACTION_VERBS].filter((v) => v.endsWith("ly")).join("|")})\b)\w+ly`;

/** Past forms of action verbs that do not end in "-ed". */
const IRREGULAR: Record<string, string> = {
  went: "go", chose: "choose", ran: "run", made: "make", put: "put", set: "set", hit: "hit", cut: "cut", wrote: "write",
  did: "do", built: "build", sent: "send", found: "find", left: "leave", began: "begin", brought: "bring", typed: "type",
  dragged: "drag", dropped: "drop", tapped: "tap", logged: "log", shut: "shut", undid: "undo", redid: "redo",
};

/** A base, past or gerund form of an action verb ("click", "clicked", "clicking", "went"). */
export function actionStem(word: string): boolean {
  const w = word.toLowerCase();
  if (ACTION_VERBS.has(w) || ACTION_VERBS.has(IRREGULAR[w] ?? "")) return true;
  for (const [suffix, add] of [["ed", ""], ["ed", "e"], ["d", ""], ["ing", ""], ["ing", "e"], ["ied", "y"], ["s", ""], ["es", ""]] as const) {
    if (w.endsWith(suffix)) {
      let stem = w.slice(0, -suffix.length) + add;
      if (ACTION_VERBS.has(stem)) return true;
      // "dropped", "tapping", "logged": a doubled last consonant.
      stem = w.slice(0, -suffix.length);
      if (/(.)\1$/.test(stem) && ACTION_VERBS.has(stem.slice(0, -1))) return true;
    }
  }
  return false;
}

/** A past form of an action verb ("clicked", "chose"): a step told after the fact. */
export function pastAction(word: string): boolean {
  const w = word.toLowerCase();
  return (/(?:ed)$/.test(w) || w in IRREGULAR) && actionStem(w);
}

// The global copy of each reader's pattern, compiled once (compiling it on every call was a third of the readers' time).
const globals = new WeakMap<RegExp, RegExp>();

function all(text: string, re: RegExp, generic?: (m: RegExpExecArray) => boolean): Read[] {
  const out: Read[] = [];
  let g = globals.get(re);
  if (!g) globals.set(re, (g = new RegExp(re.source, re.flags.includes("g") ? re.flags : `${re.flags}g`)));
  g.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = g.exec(text)) !== null) {
    if (m[0].length === 0) {
      g.lastIndex++;
      continue;
    }
    out.push({ start: m.index, end: m.index + m[0].length, ...(generic?.(m) ? { generic: true } : {}) });
  }
  return out;
}

/**
 * The text with its unfilled labels blanked (same length, so offsets hold): a heading or label line ("Steps to
 * Reproduce:", "### Expected behaviour", "**Actual results**", "h3. Impact"; five words at most, no article or verb,
 * so "The following code:" stays a sentence) with nothing under it but empty list items ("1.", "-") before the next
 * label or the end names a part of a template the reporter did not fill in, and says nothing. A label with content
 * under it ("Should:", "Sample code:") is kept: it says what the content is.
 */
export function withoutLabels(text: string): string {
  const lines = text.split("\n");
  // (a Jira list's "# step" is no Markdown heading)
  const items = jiraListLines(lines);
  const label = lines.map((l, i) => !items[i] && (LABEL_LINE.test(l) || bareHeading(l.trim())));
  if (!label.includes(true)) return text;
  const empty = lines.map((l, i) => label[i] || FIELD_LEFT_EMPTY.test(l));
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    if (!label[i]) continue;
    let k = i + 1;
    while (k < lines.length && empty[k] && !label[k]) k++;
    if (k < lines.length && !label[k]) {
      // Or the template's own lines up to the next label ("Add any other context here."; bands, eighth pass).
      let j = k;
      while (j < lines.length && !label[j]) j++;
      if (!templateLeftAsIs(lines.slice(i + 1, j).join("\n"))) continue;
      k = j;
    }
    // Nothing but empty items up to the next label or the end: blank the label and its empty items.
    for (let x = i; x < k; x++) lines[x] = " ".repeat(lines[x].length);
    changed = true;
  }
  return changed ? lines.join("\n") : text;
}
/**
 * A line that fills no field: nothing but a list mark, or a placeholder that points elsewhere or says there is
 * nothing to say ("N/A", "TBD", "-", "?", "see above", "same as title"), an issue form's "_No response_", a code fence's
 * line (a fence with nothing in it is empty; code in it fills the field; bands, eighth pass). Not "none" or "nothing",
 * which under "Actual results:" say what happens.
 */
// (each run of blanks taken whole, as an atomic group would: a line blanked to thousands of spaces with a word at its end
// made the three runs in a row try every split, seconds on one Jira issue)
const FIELD_LEFT_EMPTY = new RegExp(String.raw`^(?=([ \t]*))\1(?:\d{1,2}[.)]|[-*•#])?(?=([ \t]*))\2(?:n\/?a|tbd|tbc|-{1,3}|\?+|\.\.\.|…|${POINTER_ELSEWHERE}|${FORM_LEFT_EMPTY}|\x60{3}[\w+-]*)?[ \t.!]*$`, "i");
const LABEL_LINE = /^[ \t]*(?:(?:#{1,6}|h[1-6]\.)[ \t]+[^\n]{1,60}|(?:\*\*|__)[^*_\n]{1,60}(?:\*\*|__)[ \t]*:?|(?:[-*>][ \t]*)?(?!(?:[\w'’()/-]+[ \t]+){0,4}(?:the|a|an|this|these|that|my|our|your|following|is|are|was|were|be)\b)[A-Za-z][\w'’()/&-]*(?:[ \t]+[\w'’()/&-]+){0,4}[ \t]*:[ \t]*(?:\*\*|__)?)[ \t]*$/i;

// ---------------------------------------------------------------------------------------------------------------
// What happens.

/** An error as a program writes it: an exception, a stack frame, a status code, a quoted message. */
// ("error" as the name of a log, "the error log", or a path's part, "/error/404.html", names no error: eighteenth pass,
// read-17 httpd)
const ERROR = /\b(?:[45]\d\d (?:Bad Request|Unauthori[sz]ed|Forbidden|Not Found|Method Not Allowed|Not Acceptable|Request Timeout|Conflict|Gone|Payload Too Large|Request Entity Too Large|Unsupported Media Type|Unprocessable Entity|Too Many Requests|Internal Server Error|Not Implemented|Bad Gateway|Service Unavailable|Gateway Time-?out)|\w+(?:Exception|Error)\b|null ?pointer|exceptions?|(?<!\/)errors?(?![ \t]+logs?\b|\/)|stack ?traces?|traceback|segfault|segmentation fault|core dump(?:ed)?|panic(?:ked)?|fatal|npe|assert(?:ion)?(?: failed| failure)?|warnings?|http (?:4|5)\d\d|(?:4|5)0\d (?:error|status|response)|status (?:code )?(?:4|5)\d\d)\b|^\s*at [\w$.<>]+\([^)\n]*\)|\b(?:exception|error|warning) (?:in|at|from|when|while|on)\b|\b(?:returns?|returned|returning|gets?|got|gives?|gave|responds?|responded|answers?|answered|fails?|failed|ends?|ended|comes? back|came back)(?: (?:with|in))?(?: (?:an?|the|http|status|code|error|response))* [45]\d\d\b/im;
/**
 * A line a server or a crash reporter writes: a log level in brackets ("[error] [client 10.0.0.1] ...",
 * "[proxy:error]"), a message number ("AH00898:"), a crash signature ("[@ nsFoo::Paint]"), a process that exits with a
 * signal or a status ("exit signal Segmentation fault (11)", "make stops with ..."). Each is what the program did.
 */
const LOGGED = /\[(?:[\w-]+:)?(?:error|crit|alert|emerg|warn|fatal)\]|\bAH\d{5}:|\[@ [^\]\n]+\]|\bexit (?:signal|status|code) \w+|\b(?:exits?|exited|aborts?|aborted|stops?|stopped|dies|died|bails? out|bailed out|terminates?|terminated|errors? out|errored out) with\b/i;
/**
 * Trouble had with a thing ("I am once again having trouble with your system", "we had problems with the rota page",
 * "our staff have issues with the app"): that something is wrong with it, not what. Read as judged (`GENERIC`), so a
 * report that says no more is one that only judges its failure; "having trouble logging in" names an act and is left
 * (fifteenth pass, bands).
 */
const TROUBLE_WITH = /(?=\S)(?<=\b(?:having|have|has|had|['’]ve|['’]s)\s+(?:(?:some|real|serious|a lot of|lots of|so many|many|constant|the same|more|a few|ongoing|recurring)\s+)?)(?:trouble|problems?|issues?|bother|difficult(?:y|ies))(?=\s+with\b)/i;
/**
 * A thing called a nuisance ("the booking was a nightmare from start to finish", "it's been a struggle", "the rota is a
 * real headache"): that it is bad to use, not what it does. Read as judged (`GENERIC`), as "but it's a headache" already
 * was after a contrast (`NUISANCE_IN_CLAUSE`; fifteenth pass, bands).
 */
const NUISANCE = /(?=\S)(?<=\b(?:is|are|was|were|been|['’]s|becomes?|became)\s+(?:\w+ly\s+|still\s+|just\s+)?(?:a\s+bit\s+of\s+a\s+|(?:a|an)\s+(?:(?:real|total|huge|complete|absolute|massive|constant|bit of a)\s+)?))(?:nightmare|struggle|headache|hassle|chore|nuisance)\b/i;
/**
 * A failure: the program does not do what it is for. Refusing or rejecting what it is given, told of the program or of
 * the one it talks to ("re-binds anonymously, which the directory refuses", "the import rejects files with a BOM"), is
 * one (fifteenth pass, read-14); the bare verb ("refuse", "reject") is left, an instruction or a wish.
 */
// ("kills" told of the program, "a graceful restart kills running downloads", as "killed" was; a connection reset, "Connection
// reset by peer"; what the program does told with the harm it does to another, "..., which confuses some proxies": the
// behaviour before it is the wrong one: eighteenth pass, read-17 httpd)
const FAILING = /\b(?:crash(?:es|ed|ing)?|fail(?:s|ed|ing|ures?)?|freez(?:e|es|ing)|froze(?:n)?|hang(?:s|ing)?|hung|stall(?:s|ed|ing)|unresponsive|stops? responding|stopped responding|stuck|broken|breaks|broke|times? out|timed out|timeouts?|abort(?:s|ed)?|leak(?:s|ed|ing)?|locks? up|deadlock(?:s|ed)?|blows? up|dies|died|killed|kills|connection (?:was )?reset(?: by peer)?|(?<=\b(?:which|that|this|it)\s+)confuses|spins? forever|loops? forever|infinite loop|refuses|refused|rejects|rejected)\b/i;
/** A negated action of the program: "does not save", "isn't shown", "can't open", "won't load". */
const NEGATION = new RegExp(`${NEGATED}(?:\\s+(?:\\w+ly|very|even|always|ever|seem to|appear to|get|be|been|being))*\\s+\\w+`, "i");
/**
 * An absence: nothing happens, no request is sent, it never arrives, no reports have arrived (bands, tenth pass), the
 * list is empty, none of the fields show up.
 */
// ("Nothing in the error log.", "nothing in syslog": nothing written where it should be; not "nothing in the changelog",
// "nothing in the docs": eighteenth pass, read-17 httpd)
const ABSENCE = /\b(?:(?:has|have|had)(?<!\b(?:i|we|you|they|i['’]d|we['’]d) \w+) no (?:["“'‘][^"”'’\n]{1,40}["”'’] |[\w-]+ (?:[\w-]+ )?)?(?:option|button|setting|menu(?: item| entry)?|field|entry|column|checkbox|check box|toggle|link|icon|label|tab|scroll ?bar|way to)s?\b|none of (?:the |my |our |its |their |these |those )?[\w-]+(?: [\w-]+)? (?:shows?|showed|appears?|appeared|loads?|loaded|works?|worked|displays?|renders?|opens?|plays?|gets? (?:saved|shown|loaded|sent)|(?:is|are|was|were) (?:shown|displayed|visible|saved|loaded|sent|applied|updated))\b|no [\w-]+(?: [\w-]+)? (?:happens|happened|occurs|occurred|takes place|took place|(?:is|was|gets|got) (?:sent|made|done|issued|returned|shown|displayed|written|logged|created|performed)|(?:has|have|had) (?:arrived|come (?:in|through)|gone out|been (?:sent|delivered|received|generated|created|processed|run)))|nothing (?:happens|happened|is|was|gets|got|shows|showed|appears|appeared|changes|changed|at all)|nothing in (?:the |its |my |our |their |any |either )?(?:[\w-]+_log|[\w.-]+\.log|(?:error|access|event|system|server|debug|audit|application|app|apache|httpd|php|ssl)[ \t]?logs?|syslog|journal|logs?|output|console)\b|does nothing|did nothing|do nothing|no longer|never\s+\w+|no (?:\w+ )?(?:response|effect|output|result|results|data|(?<!\bno (?:functional|behaviou?ral|code) )change(?! (?:is |was )?(?:intended|expected|planned)\b)|request|requests|event|events|message|messages|email|emails|notification|notifications|error|errors|feedback|progress|way|option|entries|items|records|rows|values?)\b|(?:is|are|was|were|gets|got|goes|went|remains?|stays?|comes? up|shows? up) (?:empty|blank|missing|gone|lost|null|undefined|zero|disabled|greyed out|grayed out|invisible|hidden)|missing|disappear(?:s|ed|ing)?|vanish(?:es|ed)?|(?:not|never) (?:appearing|showing|loading|displaying|rendering|responding|updating|saving|sending|returning|shown|displayed|visible|available|found|called|invoked|updated|saved|sent|received|loaded|rendered|triggered|fired|applied|reflected|respected|honou?red|recogni[sz]ed|supported|possible|allowed|reachable|accessible|responding|working|present|there|reset|cleared|removed|deleted|added|set|read|run|executed|installed|refreshed))\b/i;
/**
 * A wrong value or an unexpected state. A layout that leaves its box ("overflows the bordered container by 40px",
 * "spills out of the card", "extends past the right edge") is one (twelfth pass; the verb only, so the "overflow menu"
 * and "overflow: hidden" are not). A contrast ("but it ...", "but the ...") tells what happens against what was said
 * before it; one that turns to the reporter's hedge ("it might be the database but I'm not technical", "but I'm not
 * sure") tells nothing the program does (bands, twelfth pass).
 * What comes out at the other end, quoted ("references arrive at the payee as 'INVOICE-2024-00012'", "the file comes
 * through as 'report.pdf.tmp'") is a value told, as "shows up as" is (bands, twelfth pass); "arrive as planned" quotes nothing.
 * A text cut short told by its verb ("truncates at 2 GB"; twelfth pass, httpd).
 * A count of the reporter's attempts ("tried twice", "tried it three times") is how often someone tried, not a thing
 * the program did twice (thirteenth bands pass, read-12).
 * Sound or picture that breaks up ("the audio crackles", "playback stutters", "is choppy", "the voice is distorted";
 * fourteenth pass, read-12).
 */
const WRONG = /\b(?:wrong(?:ly)?|incorrect(?:ly)?|typos?|misspel(?:led|t|lings?)|(?:spelling|grammar|grammatical) (?:mistakes?|errors?)|invalid|inaccurate|corrupt(?:s|ed|ion)?|garbled|truncat(?:ed|es|ing)|mangled|scrambled|duplicat(?:e|es|ed|ion)|(?<!\b(?:tried|tries|try|trying|attempted|retried|re-tried)(?:\s+(?:it|this|that|again))?\s+)(?:twice|(?:three|multiple|several) times)|unexpected(?:ly)?|unintended|strange(?:ly)?|weird(?:ly)?|odd(?:ly)?|bizarre|confusing|inconsistent(?:ly)?|mismatch(?:es|ed)?|misaligned|overlap(?:s|ped|ping)?|overflow(?:s|ed|ing)|spill(?:s|ed|ing)? (?:out|over)|(?:sticks?|stuck|sticking) out|(?:extends?|extended|runs?|ran|goes|went|spreads?) (?:past|beyond|off|outside|over) (?:the |its |their )?(?:right |left |bottom |top )?(?:edges?|borders?|screen|page|window|viewport|container|bounds|margins?|box|card|panel)|cut off|flicker(?:s|ing)?|crackl(?:es|ed|ing|y)|stutter(?:s|ed|ing|y)|choppy|distort(?:s|ed|ion)|jumps?|jumping|too (?:slow|long|big|large|small|many|much|few|wide|narrow|high|low)|slow(?:ly|er|ness)?|sluggish|laggy|lags?|unresponsive|ignor(?:es|ed|ing)|(?:is|are|was|were|gets?|got) (?:lost|reset|overwritten|cleared|dropped|treated as|interpreted as|shown as|reported as|marked as)|shows? up as|appears? as|(?:comes?|came) out as|(?:arrives?|arrived|arriving|comes? through|came through|(?:is|are|was|were|gets?|got) received)\s+(?:at\s+[^.,;\n]{1,30}?\s+)?as\s+["“'‘]|(?:takes|took|taking) (?:over |more than |about |around |almost |nearly |~|>)?\d+(?:\.\d+)?\s*(?:ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|hours?)|(?:shows?|showing|showed|returns?|returning|returned|displays?|displayed|gives?|gave|prints?|printed|reports?|reported|says?|said|reads?|outputs?|(?:gets?|got)(?<!\b(?:should|would|could|must|to|will|can)\s+(?:gets?|got))) [^.\n]{1,60}? instead\b|instead(?:,| it| the| of showing| of returning)|still (?:shows?|showing|there|visible|enabled|disabled|running|open|the same|has|have|contains?|returns?|says?|appears?)|only (?:shows?|returns?|works?|displays?|lists?|finds?|gets?)|even though|although|regardless of|but (?!(?:i|we)(?:['’]?m|['’]?re| am| are) (?:not|no) (?:(?:really|very|too|that|100%) )?(?:sure|certain|positive|technical|techy|an? (?:expert|developer|engineer|programmer|techie))\b)(?:it|the|nothing|i|we|this|that|there|instead|no|only|then)\b(?!\s+(?:would|could|might)\s+(?:also\s+|really\s+)?be\s+(?:(?:really|very|much|so)\s+)?(?:nice|good|great|better|useful|helpful|handy|cool|convenient)\b)|however|superfluous|spurious|unwanted|unnecessary|redundant|extra|excessive(?:ly)?|over-?aggressive(?:ly)?|only (?:the|one|two|a|an|\d+|some|part|half|first|last|partially)|(?:is|are|was|were|gets?|got) always|(?:results?|resulted|resulting) in|(?:leads?|led|leading) to|(?:causes|caused|causing)|(?:unable|impossible) to|not possible|no way to|still (?!(?:need|want|think|have to|not sure)\b)\w+|stop(?:s|ped)? (?:\w+ing|to \w+)|(?:no longer|anymore|any more)|(?<!(?:^|[.!?:;]|\n)[ \t]*(?:(?:\d{1,2}[.)]|[-*•])[ \t]*)?(?:(?:then|and|just|now)[ \t]+)?)(?:keep|continue) (?:to \w+|\w+ing)|(?:keeps|kept|continues|continued) (?:to \w+|\w+ing)|(?:ends?|ended) up|(?:returns?|returned|returning|gives?|gave|giving|shows?|showed|showing|displays?|displayed|yields?|yielded|downloads?|downloaded|saves?|saved|writes?|wrote|exports?|exported|creates?|created|generates?|generated|produces?|produced) (?:zero|0|null|nil|none|nothing|empty|false|undefined|nan|-1|an? (?:empty|blank|wrong|error|404|500|different|incorrect|invalid))|discrepanc(?:y|ies)|(?:is|are|was|were|gets?|got) (?:also|still|even) (?:returned|shown|listed|included|displayed|sent|created|added|kept|called|fired|triggered)|(?:take|takes|took|taking) (?:several|many|a few|multiple|\d+) (?:seconds|secs|minutes|mins|hours)|takes? (?:even |much |far )?longer|(?:takes?|took) (?:forever|ages)|(?:is|are|was|were|stays?|remains?) (?:0|zero|null|nil|undefined|negative|nan)\b|collisions?|conflicts?|conflicting|clash(?:es)?|(?:stays?|stayed|remains?|remained) (?:active|open|alive|running|visible|enabled|locked|checked|selected)|always (?:returns?|shows?|displays?|gives?|says?|fails?|crashes|succeeds?|reports?)|(?:becomes?|became|turns? into|turned into|(?:is|are|gets?|got) (?:turned|changed|converted|rewritten|reformatted) (?:into|to))\b|(?:goes|go|went|turns?|turned|gets?|got) (?:dirty|blank|black|white|gr[ae]y|away|missing|down|offline|crazy|wild|stuck|corrupted|out of sync)|(?:has|have) been (?:\w+ )?(?:stuck|pending|down|broken|waiting|loading|failing|missing|empty|blank|unavailable|offline|disabled)(?: (?:since|for))?|differs?|there (?:is|are|was|were) no|(?:is|are|was|were|gets?|got|being) (?:redirected|taken|sent|moved|reset|stuck|blocked|rejected|denied|clipped|escaped|unstyled|hidden|greyed|grayed|disabled|ignored|skipped|dropped|deleted|removed|overwritten|lost|duplicated|doubled|cut|shifted|misplaced)\b)\b/i;
/**
 * A measure that moved ("Ts went from 540ms to 610ms", "grows to 1.5 GB", "regressed 6%"). Since the fourth pass.
 * A value or a view that goes back to where it started ("the counter resets to 0", "reverts to the default", "jumps
 * back to the top"): what happens, told as where it ends (bands, fourth pass).
 */
const MOVED = /\b(?:(?:resets|reverts|reverted|snaps|snapped|(?:rolls|rolled|falls|fell|goes|went|jumps|jumped) back)\s+to\s+(?:~?\d|zero\b|blank\b|empty\b|null\b|(?:its |their |the )?defaults?\b|the (?:start|beginning|top|first|default|previous|original|old|login|home)\b)|(?:went|goes|jumped|jumps|grew|grows|increased|increases|decreased|decreases|dropped|drops|rose|rises|climbed|climbs|fell|falls|regressed|regresses|spiked|spikes|shot up)\s+(?:up\s+|down\s+)?(?:from\s+~?\d[\w.,]*(?:\s*(?:%|ms|s|secs?|seconds|minutes|[kmg]i?b|bytes))?\s+to\s+~?\d|(?:to|by)\s+(?:over\s+|about\s+|~)?\d[\d.,]*\s*(?:%|ms|secs?|seconds|minutes|[kmg]i?b|bytes|percent)\b|\d[\d.,]*\s*%))/i;
/**
 * A value the program produces, written out: a number or a quoted text after a verb of output told of it (not
 * the imperative: "print 2 copies") ("prints 4294967295",
 * "returns \"auto\"", "the dialog suggests \"x.txt\""). Since the fourth pass. What a script or a backend receives, and
 * a parameter's value written out ("search.cgi receives q=a%2fb+c", "logs user=-"; twelfth pass, httpd).
 * What it shows, displays or renders, so written, without a subject `SEEN` reads ('with /page.shtml?lang=de shows
 * "english"', "Ward occupancy displays 140%"; eighteenth pass).
 */
/**
 * `PRODUCED` told of a plural subject ("Shifts starting 22:00 and ending 06:00 show 00:00 total hours", "Both mirrors
 * return 404", "The exported rows read \"N/A\""): the verb's plain form after a word of the sentence, with the value
 * after it. Not at the sentence's start, where it is an instruction ("Show 5 rows"), nor after a modal, "to", a plea or
 * "I", "we", "you" (nineteenth pass).
 */
const PRODUCED_PLURAL = /\b(?:show|display|return|print|render|output|give|read)\s+(?:-?\d[\d.,:]*\b(?!\s*(?:steps?|times|ways|rows|items|results|entries|lines|columns)\b)|"[^"\n]{1,80}"|“[^”\n]{1,80}”)/gi;
/** What must stand before `PRODUCED_PLURAL`'s verb: a word of the sentence, and not a modal, "to", a plea or I/we/you. */
const PLURAL_SUBJECT_BEFORE = /[\p{L}\d)\]][ \t]+$/u;
const NOT_TOLD_BEFORE = /\b(?:should|would|must|to|will|can|could|shall|may|might|not|n['’]t|please|i|we|you|and|or|then|also|does|do|did)[ \t]+$/i;
function producedPlural(text: string, generic: (m: RegExpExecArray) => boolean): Read[] {
  // (the words before are read on the 40 characters before the verb, not by a lookbehind: a lookbehind of "\s+" tries
  // every blank of a run again at each of its places, seconds on a run of empty lines)
  return all(text, PRODUCED_PLURAL, generic).filter((r) => {
    const before = text.slice(Math.max(0, r.start - 40), r.start);
    return PLURAL_SUBJECT_BEFORE.test(before) && !NOT_TOLD_BEFORE.test(before);
  });
}
const PRODUCED = /\b(?:prints|printed|returns|returned|shows|showed|displays|displayed|renders|rendered|outputs|yields|yielded|evaluates to|alerts|alerted|suggests|suggested|reports|reported|logs|logged|receives|received)\s+(?:-?\d[\d.,]*\b(?!\s*(?:steps?|times|ways)\b)|"[^"\n]{1,80}"|“[^”\n]{1,80}”|[\w.-]+=[^\s"]*[^\s".,;])/i;
/**
 * A constant the program gives back, in capitals with an underscore ("apr_file_copy() returns APR_EOF", "logs
 * NS_ERROR_ABORT"): a value written out, as a number is (twelfth pass, httpd). In capitals only: "returns user_id" names
 * a field.
 */
const PRODUCED_CONSTANT = /\b(?:[Pp]rints|[Pp]rinted|[Rr]eturns|[Rr]eturned|[Oo]utputs|[Yy]ields|[Yy]ielded|[Rr]eports|[Rr]eported|[Ll]ogs|[Ll]ogged|[Gg]ives|[Gg]ave|[Tt]hrows|[Tt]hrew|[Rr]aises|[Rr]aised)\s+[A-Z][A-Z\d]*_[A-Z\d_]*[A-Z\d]\b/;
/**
 * What is seen described by its look: a blank or black area ("a blank page", "shows a black canvas"), or a quality
 * of a wrong rendering or motion ("scrolling is jerky", "the text looks blurry"). Since the fourth pass.
 */
const LOOKS = /\b(?:blank|black|white|empty|grey|gray) (?:pages?|screens?|windows?|tabs?|canvas(?:es)?|box(?:es)?|rectangles?|areas?|dialogs?|panels?|frames?|squares?)\b|\b(?:is|are|was|were|looks?|looked|seems?|seemed|appears?|appeared|gets?|got|becomes?|became|turns?|turned)\s+(?:\w+\s+)?(?:jerky|choppy|blurry|blurred|fuzzy|pixelated|pixellated|distorted|unreadable|illegible|janky|stuttery|jittery|smeared|washed out)\b|,\s*(?:almost |nearly |completely |totally |barely )?(?:unreadable|illegible)\b/i;
/**
 * What happens, in forms the readers above miss: a crash told as a verb ("segfaults", "dumps core"), a state that returns
 * ("after a restart it is back"; a thing named at its clause's head too, "Restart Firefox. Menu bar is back.", "only 3
 * of my 15 tabs came back": twenty-first pass, read-20 and read-15 firefox, firefox.jsonl), what another party is given ("the client sees it unchanged", "the browser gets a 403"),
 * a heap of things that should not be there ("there are hundreds of defunct processes"), a time something is or
 * takes ("startup is ~30 seconds", "needs 3-4 seconds"), a measure that climbs ("CPU goes to 100%", "grows by ~30 on
 * each restart"), a text rendered wrong ("is translated as ..."), what happens "anyway", a page shown blank, a status
 * after an arrow ("GET /old -> 404"), an abend, and nothing written about a thing ("No doc about -DFOREGROUND"). Since the
 * fifth pass: a state or a value that did not change ("the star stays white", "the output size is the same"), what it
 * is served as, what it does now ("right now it only matches titles"; not "at the moment it is ...", a state the words
 * after it tell: thirteenth bands pass, read-12), and what the user loses ("I lose the form").
 * Since the seventh bands pass: how long it takes to come ("the dialog appears after ~30 seconds") and two things in
 * each other's place ("Back and Forward swapped", "out of order"). Since the tenth pass: a prompt the program puts to
 * the user ("every site asks me now if I want notifications"; not a person who asks). Since the eleventh pass: an error
 * code got ("Getting F7701-1003 on netflix"), a thing gone ("Pinned tabs gone after update"; not "gone through", "has
 * gone up"), and what it does today told as its limit, the ground a request stands on ("mod_x only outputs HTML", "the
 * tool has no HTTP/2 support", "the directive can only be set once per vhost"). (What it "can only" do with any verb was
 * tried: one writer counts it in a request as what happens, another does not, and a Jira task's rule reads "can only be
 * the first": dropped.) Since the twelfth pass (httpd): clients, browsers or a backend named in the plural with what they
 * get ("clients get connection reset", as "the client gets" was read), and a limit told as having only one ("mod_x only
 * has a single quality for everything"; not "only has to", a need).
 */
// (a response header after a request's arrow, "curl -I http://x/ -> Content-Type: text/plain", is what came back, as a
// status after it was; not a menu's arrow, "Tools -> Options: General": eighteenth pass, read-17 httpd)
// (a request told with the status it gets, "GET /~bob/ gives 200 and the listing", is the response the server sent, as
// the status line shown is, whatever the status: eighteenth pass, read-17 httpd)
const HAPPENS_MORE = /\b(?:(?:get|gets|getting|got|see|seeing|saw)\s+(?:an?\s+|the\s+)?(?:error\s+)?[A-Z]{1,5}\d{3,}(?:-\d+)?\b|(?<!\b(?:have|has|had|i['’]ve|we['’]ve|you['’]ve)\s+)gone\b(?!\s+(?:through|up|down|over|into|to|by|from|with|for|ahead|back|well|out|on|in|unnoticed)\b)|(?<!\b(?:i|we|you|he|she|they|someone|somebody|nobody|people|customers?|clients?|users?|boss|manager|[a-z]+(?:ers|ors|ists|ians))\s+)(?:asks?|asked|prompts?|prompted|nags?|nagged)\s+(?:me|us|you|the user|users|everyone)\s+(?:now\s+|again\s+|every time\s+|each time\s+|always\s+)?(?:if|whether)\b|segfault(?:s|ed|ing)|(?:dumps?|dumped|dumping) core|(?:is|are|was|were|comes?|came|coming) back (?:after|on|when|again|every)|(?:it|they|this|that) (?:is|are|was|were|comes?|came) back(?=\s*(?:[.!,;]|$))|(?:^|[.!?][ \t]+|,[ \t]+|\b(?:but|and)[ \t]+)(?:(?:the|my|our|all|only|of|\d+)[ \t]+){0,4}(?!(?:after|when|once|until|till|before|if|as|since|whether|even|it|they|this|that|there|what|which)\b)[\w-]+(?:[ \t]+(?!(?:after|when|once|until|till|before|if|as|since|whether|is|are|was|were)\b)[\w-]+){0,2}[ \t]+(?:is|are|comes|came) back(?=[ \t]*(?:[.!;]|$))|(?:client|browser|server|user|caller|reader|visitor|customer|backend|proxy)s? (?:sees|saw|gets|got|receives|received)|(?:client|browser|server|caller|visitor|backend|proxy)s (?:see|get|receive)\b|there (?:is|are|were|was) (?:hundreds|thousands|dozens|lots|plenty|heaps) of|(?:is|are|was|were|needs?|needed|requires?|required|takes?|took|taking|lasts?|lasted) (?:~|about |around |over |nearly |almost |now |more than |>)?\d+(?:[.,]\d+)?(?:\s*[-–]\s*\d+)? ?(?:ms|secs?|seconds?|minutes?|mins?|hours?)\b|(?:goes|went|jumps?|jumped|spikes?|spiked|climbs?|climbed) (?:up )?to (?:~|about |around |nearly |almost )?\d+ ?%|(?:grows?|grew|growing|increases?|increased|rises?|rose) by (?:~|about |around )?\d|(?:is|are|was|were|gets?|got) (?:translated|rendered|labell?ed|spelled|spelt) as\b|\banyway\b|(?:shows?|showing|showed|appears?|appeared|comes? up|came up|renders?|rendered|displays?|displayed) (?:as )?(?:blank|empty|garbled|unstyled|corrupted|black|white)\b|\babend(?:s|ed|ing)?\b|(?:stays?|stayed|remains?|remained|is|are|was|were) (?:still )?(?:the same|unchanged|identical|white|black|gr[ae]y|blue|red|green)\b|\bserved as\b|\b(?:right now|currently|at the moment),? (?:it |they |this )?(?:only )?(?!(?:is|was|has|does)\b)[a-z]+s\b|\bonly (?:matches|searches|covers|accepts|supports|handles|counts|checks|outputs|prints|produces|emits|serves|writes|logs)\b|\bonly (?:has|have|had) (?:a single|one)\b|\b(?:has|have|had) no (?:[\w./+-]+ )?support\b|\bcan only be (?:set|used|configured|specified|enabled|given|defined|changed|applied|placed|put) (?:once|in|at|per|on|for|globally|server-wide|inside|within)\b|\b(?:i|we|you|users?|people) (?:always |often |then |sometimes )?(?:lose|loose|lost) (?:the|my|our|your|their|all|every)\b|\b(?:appears?|appeared|opens?|opened|loads?|loaded|shows? up|showed up|comes? up|came up|responds?|responded|finish(?:es|ed)|complet(?:es|ed)) (?:only )?after (?:~|about |around |over |nearly |almost |more than )?\d+(?:[.,]\d+)? ?(?:ms|secs?|seconds?|minutes?|mins?|hours?)\b|\b(?:swapped|transposed|in (?:the )?(?:reverse|opposite) order|out of order)\b|(?:^|[.!?]\s+|\n\s*)no (?:\w+ )?(?:doc|docs|documentation|mention|word|example|option|setting|way) (?:about|of|on|for)\b)|\b(?:draws?|drawn|drew|paints?|painted) (?:itself )?(?:over|on top of)\b|\b(?:goes|went|redirects|redirected|ends up|ended up|lands|landed) (?:to|at|on) https?:\/\/|(?:^|[:\-–]\s)(?:[\w.'’-]+\s+){0,4}(?:menus?|lists?|panels?|windows?|dialogs?|toolbars?|sidebars?|tabs?|tables?|reports?|inbox|logs?|output|results?|responses?|screens?|views?|bars?|boxes?|pages?|previews?|thumbnails?)\s+(?:empty|blank|invisible)(?=\s*$|\s+(?:after|when|on|in|since|with|for|if|while|under|at|from)\b)|(?:^|\s)->\s*(?:HTTP\/[\d.]+\s+)?[1-5]\d\d\b|(?:^|\s)->[ \t]*(?:[A-Z][A-Za-z]*(?:-[A-Z][A-Za-z]*)+|Location|Server|Vary|Allow|Expires|ETag|Age|Via):[ \t]+\S|\b(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)[ \t]+\/\S*[ \t]+(?:gives|gave|returns|returned|answers|answered|gets|got)[ \t]+(?:back[ \t]+)?(?:an?[ \t]+)?(?:HTTP[ \t]+)?[1-5]\d\d\b/im;
/**
 * A result written after an arrow at the end of a step ("press Save ==> the dialog stays"), or "No X for Y" opening a
 * sentence. A single-dash arrow is read only before what comes "instead of" what should ("cron job -> mails go out at
 * 7:00 instead of 6:00"): the arrow stands for the verb, as "gives X instead" is read (seventeenth pass, read-16 httpd).
 * The "-->" that closes an HTML or SSI comment opened on its line ('<!--#else -->english') is markup, no arrow (eighteenth
 * pass).
 */
// (a past verb with its value told "instead of" another, "rotated at 01:00 instead of 00:00", "started at 03:00 instead
// of 02:00", is what happened, as "shows X instead" was; not "expected", "supposed", "used": eighteenth pass, read-17 httpd)
const RESULT_MARK = /(?:^|\s)(?:==?>|(?<!<!--(?:(?!-->)[^\n]){0,200})-->)[ \t]*\w|(?:^|\s)->[ \t]+[^.\n>]{1,60}? instead of\b|\b(?!(?:expected|intended|supposed|needed|wanted|used)\b)[a-z]{3,}ed (?:at|to|on|into|as|with|from|under|by) [^.\n]{1,40}? instead of\b|(?:^|[.!?]\s+|\n\s*)no [\w.-]+(?: [\w.-]+)? (?:for|on|in|at|is|are|was|were|found|available|appears?|shows? up)\b/im;
/**
 * A state or a value that should not be, told in words the other readers miss: cut off or stopped at a point ("stops
 * at item 10"), on by itself ("turns itself back on"), waiting without end ("stays 'pending' forever"), a search that
 * finds nothing, a value off by a factor ("is exactly double the total"); and a title-like sentence that opens with
 * the thing and says what it does ("Leaderboard lists my score under ...", "Crop tool saves the uncropped image").
 */
const UNWANTED = /\b(?:cuts? off|cutting off|cut short|(?:stops?|stopped|ends?|ended|breaks? off) (?:at|after) (?:item|line|page|row|entry|record|the first|\d+)|by (?:it|them)sel(?:f|ves)|on (?:its|their) own|(?:turns?|turned|switch(?:es|ed)?|comes?|came|goes|went) (?:itself |themselves )?back (?:on|off)|(?:stays?|stayed|remains?|remained|hangs?|hung|waits?|waited|waiting|loads?|loading|runs?|running|spins?|spinning|is|are|was|were)\s+(?:(?:in |at |on )?['"‘“]?[\w-]+['"’”]?\s+)?(?:forever|indefinitely|endlessly)|(?:stays?|stayed|remains?|remained) ['"‘“]?(?:pending|loading|processing|queued|in progress|spinning)|(?:finds?|found|lists?|listed|matches|matched|brings? up|turns? up) (?:nothing|no \w+|zero|0)|(?:is|are|was|were) (?:exactly |almost |about |roughly |nearly )?(?:double|twice|half|triple|three times))\b|^[ \t]*(?!(?:something|nothing|everything|it|this|that|there)\b)[A-Za-z][\w'’-]*(?: (?!(?:is|are|was|were|with|of|in|on|for|to|the|a|an|and|or|but)\b)[\w'’-]+){0,3} (?:lists|shows|displays|returns|prints|says(?=\s*[:"“'‘])|gives|sends|opens|loads|saves|renders|removes|deletes)\b/;
/**
 * What the program takes up or destroys: a share of the CPU or an amount of memory it uses or grows to ("uses 100% CPU",
 * "grows to 2 GB"), or the user's data it writes over ("overwrote my httpd.conf", "wipes the existing settings",
 * "overwrites an existing file"; the last since the twelfth pass, httpd).
 */
/**
 * What happens told as a value: a page named by its address that shows a message ('https://bank.example/portal says "Browser not
 * supported"'), a value that returns to where it started ("Zoom is back to 100%", "the counter goes back to 0", a state named: "the
 * member is back to status Ok"; thirteenth pass, httpd), and a
 * share of the screen something takes ("the toolbar area takes almost 1/6 of the screen").
 */
// A status shown, named in quotes ("the payment run shows status 'Created'", "the parcel stays in state 'Queued'"): the value
// seen, whatever the subject before it (eighteenth pass, bands-read-16).
const VALUE_TOLD = /https?:\/\/\S+\s+(?:says|shows|displays|returns|answers)\s*:?\s*["“'‘]|\b(?<!\b(?:should|would|must|to|will|can|could|shall)\s+)(?:shows?|showed|showing|displays?|displayed|says|said|reads|lists?|listed|(?:is|are|was|were|stays?|stayed|remains?|remained|sits?|sat|(?:is|are|was|were) stuck)\s+(?:at|in|on))\s+(?:the\s+)?(?:status|state|stage|label)\s*:?\s*["“'‘][^"”'’\n]{1,30}["”'’]|\b(?:is|are|was|were|goes|go|went|jumps?|jumped|falls?|fell|snaps?|snapped|resets?|drops?|dropped)\s+back\s+to\s+(?:\d|zero|the default|default|normal|the (?:start|top|beginning|first)|(?:the |its |their )?(?:status|state|mode) ["“'‘]?\w)|\b(?:takes?|took|taking|fills?|filled|covers?|covered)\s+(?:up\s+)?(?:almost\s+|about\s+|nearly\s+|over\s+|~)?(?:\d+\s*\/\s*\d+|\d+\s*%|half|a third|a quarter|two thirds)\s+of\s+the\s+(?:screen|window|page|display|height|width|viewport)\b/i;
const CONSUMES = /\b(?:(?:uses?|using|used|eats?|eating|ate|consumes?|consuming|consumed|hogs?|hogging|hogged|takes? up|took up|grows? to|grew to|growing to)\s+(?:all\s+(?:the\s+|available\s+)?(?:cpu|memory|ram|disk|swap)\b|(?:over\s+|about\s+|around\s+|nearly\s+|almost\s+|~)?(?:\d+(?:[.,]\d+)?\s*(?:-|–|to)\s*)?\d+(?:[.,]\d+)?\s*(?:%|percent\b|[kmgt]i?b\b|megabytes?\b|gigabytes?\b))|(?:overwrites?|overwrote|overwriting|clobber(?:s|ed|ing)?|wipes?|wiped|wiping|erases?|erased|erasing|(?:has|have|had) reset|resets|resetting) (?:my|our|your|all|any|every|the existing|an existing|existing)\b)/i;
/**
 * A response the server sent, shown as it came: a status line ("HTTP/1.1 200 OK"), or a header only a response carries,
 * on a line of its own ("Content-Encoding: gzip", "< Set-Cookie: ...") or a redirect's target anywhere ("Location:
 * http://..."). Like a log line, it is what the program did.
 */
const RESPONSE = /^[ \t]*(?:<[ \t]*)?(?:HTTP\/\d(?:\.\d)? [1-5]\d\d\b|(?:Content-Type|Content-Encoding|Content-Length|Set-Cookie|Cache-Control|Expires|Vary|Age|ETag|Last-Modified|Allow|X-Cache|WWW-Authenticate|Retry-After):[ \t]*\S)|(?:^|\s)Location:[ \t]*(?:https?:\/\/|\/)\S*/im;
/**
 * A correction: a quoted text that should be another ('"accomodate" should be "accommodate"', "'Recieve' should read
 * 'Receive'"): the first is what is there, written out (eighth pass).
 */
const CORRECTED = /["“'‘`][^"“”'‘’`\n]{1,60}["”'’`] should (?:be|read|say)(?: changed to)? ["“'‘`]/;
/**
 * What the reporter sees or gets: "I get ...", "it shows ...", "the result is ...". The verb does not follow a preposition
 * or a conjunction: "the numbers in reports" names a thing, "the boardroom and said" a person's act (bands, tenth pass).
 * Nor a plural verb's subject: "the brewery reports are ...", "the shift logs were ..." name things, the word a plural
 * noun (thirteenth bands pass, read-12).
 * A sentence that opens on what is listed or shown, its noun up to five words long ("The file downloaded in private mode is
 * listed in the Downloads window"), and says where, tells
 * what is seen, as "it lists" does (fifteenth pass, read-14 firefox).
 */
const SEEN = /\b(?:(?<!\bso (?:that )?)(?:i|we|you|users?|they)\s+(?:\w+ly\s+)?(?:get|got|getting|see|saw|seeing|receive|received|notice|noticed|observe|observed|end up with|am seeing|are seeing|am getting|are getting|keep getting|still get|still see)\b|what (?:is|was|gets|i see|i get|we see|we get)(?: (?:displayed|shown|returned|printed|rendered|sent|saved))?(?: \w+){0,4} (?:is|was)\b|(?:it|this|that|(?<!\b(?:someone|somebody|anyone|a person|a guy|a lady|a woman|a man|a colleague|a friend|people|staff|one of them)\s+(?:at|from|in|of|with)\s+)the(?: [\w-]+){1,3}|which)\s+(?:now\s+|only\s+|just\s+|still\s+)?(?<!\b(?:in|of|on|for|with|and|or|but|to|from|at|by|into|about)\s+)(?:reads|lists|listed|shows|showed|displays|displayed|returns|returned|gives|gave|prints|printed|outputs|throws|threw|produces|produced|results in|resulted in|causes|caused|generates|generated|reports|reported|logs|logged|says|said|redirects|redirected|sends|sent|opens|opened|loads|loaded|goes|went|jumps|jumped|renders|rendered)\b(?!\s+(?:are|were|have|aren['’]?t|weren['’]?t|haven['’]?t)\b)|(?=\S)(?<=(?:^|[.!?]\s+|\n\s*))(?:it|this|that|they|the(?: [\w-]+){1,5}) (?:is|are|was|were|gets|got) (?:still |also |now )?(?:listed|shown|displayed) (?:in|on|under|among) (?:the |my |our |its |their )?[\w-]+|currently\b|actual(?:ly)?\b|observed\b|it seems|seems to|appears to)/i;
/**
 * Words that name a failure without saying what it is ("doesn't work", "is not good", "confusing": a reader's judgement,
 * as "weird" is; bands, seventh pass; "can't be trusted", people's trust; tenth pass; "isn't reliable", "keeps misbehaving",
 * "acts up": a judgement of how it behaves, with no behaviour named; eleventh pass): the report still has to say what
 * happens. So is it told in the present perfect ("have not been right for a while", "hasn't been reliable"; seventeenth pass,
 * bands).
 */
const GENERIC = /^(?:(?:does|do|did|is|are|was|were|will|wo|ca|can)(?:n['’ ]?t| not)? (?:work|working|works)|not (?:working|work)|broken|broke|breaks|fail(?:s|ed|ing|ures?)?|errors?|bugs?|problems?|issues?|wrong|trouble|bother|difficult(?:y|ies)|nightmare|struggle|headache|hassle|chore|nuisance|(?:strange|weird|odd)(?:ly)?|confusing|(?:(?:is|are|was|were)(?:n['’ ]?t| not)|(?:has|have|had)(?:n['’ ]?t| not) been)(?: (?:\w+ly|very))? (?:right|ok|okay|correct|good|fine|great|acceptable|usable|reliable|dependable|helpful|useful|easy|simple|straightforward|intuitive|ideal)|(?:can(?:no|['’ ]?)t|can not|could(?:n['’ ]?t| not)) be (?:trusted|relied (?:on|upon))|(?:(?:keeps?|kept|continues?|continued) (?:to )?)?(?:misbehav(?:e|es|ed|ing)|(?:act|play)(?:s|ed|ing)? up))$/i;

/**
 * How people feel about it: a complaint, a mood ("customers are complaining", "he was not happy", "teachers keep
 * complaining", "staff keep moaning about it"; bands, tenth pass). It says that someone is unhappy, not what the program does.
 */
const MOOD = /\b(?:complain(?:s|ed|ing|ts?)?|moan(?:s|ed|ing)?|grumbl(?:e|es|ed|ing)|whing(?:e|es|ed|ing)|(?:un)?happy|upset|angry|furious|frustrat(?:ed|ing)|annoy(?:ed|ing)|embarrass(?:ed|ing)|disappoint(?:ed|ing))\b/i;
/**
 * A failure word right after the read ("still having issues", "keeps causing problems", "STILL doesn't work"), or
 * only that it happens ("but it's definitely happening"): the read only carries it, unless negated. So does a feeling
 * it brings people ("it's causing a lot of frustration", "caused real confusion"; seventeenth pass, bands).
 */
const GENERIC_AFTER = /^\s+(?:(?![1-5]\d\d\b)\w+\s+)?(?:issues?|problems?|trouble|errors?|bugs?)\b|^\s+(?:(?:a lot of|lots of|so much|much|real|some|no end of|endless|constant|a great deal of)\s+)?(?:frustration|confusion|annoyance|grief|headaches?|stress|anger|complaints)\b|^['’]t (?:work|working)\b|^(?:['’]s|\s+(?:is|was))\s+(?:\w+ly\s+|still\s+)?happening\b/i;
/**
 * An impression, not an observation: how it feels, looks or seems to the reporter ("it feels sluggish", "the numbers
 * don't look right", "seems weird"), said without what is seen.
 */
const IMPRESSION_BEFORE = /\b(?:feels?|felt|looks?|looked|seems?|seemed|sounds?)\s+(?:\w+ly\s+|a bit\s+|kind of\s+|kinda\s+)?$/i;
const IMPRESSION = /^(?:(?:does|do|did)(?:n['’ ]?t| not)) (?:look|seem|feel|sound)$/i;

/** A person's feeling or perception that a clause holds ("she feels that", "the feeling in the room was that"). */
const FEELING_THAT_BEFORE = /(?:\b(?:feels?|felt)\s+(?:that\s+|(?=(?:the|it|this|our|their|its|they)\b))|\b(?:feeling|perception|impression|sense|mood)\b(?:(?!\b(?:but|because|when|since)\b)[^.!?;\n]){0,60}?\bthat\s+)(?:(?!\b(?:but|because|when|since|whenever)\b)[^.!?;\n]){0,80}$/i;
const AS_WISHED_AFTER = /^\s+(?:(?:as|so)\s+(?:\w+\s+){0,2}?as\s+(?:we|i|you|they|people|anyone|everyone)(?:['’]d|\s+would|\s+had|\s+might)?(?:\s+have)?\s+(?:liked|wanted|hoped|expected|planned|like|want|hope)|(?:to|according to)\s+plan)\b/i;
/**
 * A read that names a failure only as judged: a mood, an impression, or a word that only carries a generic failure.
 * Like "doesn't work", it says something is wrong without what: nothing to take an opposite from or to check.
 */
function onlyJudged(text: string, start: number, end: number): boolean {
  const said = text.slice(start, end).replace(/\s+/g, " ").trim();
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(end, end + 40);
  return MOOD.test(said) || IMPRESSION.test(said) || IMPRESSION_BEFORE.test(text.slice(Math.max(0, start - 30), start)) ||
    // In what a person feels or perceives ("She feels that the totals 'don't add up any more'", "The mood in the office
    // is that the app is not on our side", "there's a perception among drivers that ..."): a person's state, an impression,
    // not what is seen (eighteenth pass, people).
    FEELING_THAT_BEFORE.test(text.slice(Math.max(0, start - 160), start)) ||
    // Too much effort for people ("too much hassle", "too much faff") and a program that "can't cope": a judgement of
    // the load, with no act and no result named (eighteenth pass, people).
    (/^too much$/i.test(said) && /^\s+(?:of\s+a\s+)?(?:faff|hassle|effort|bother|trouble|admin|paperwork|stress)\b/i.test(text.slice(end, end + 30))) ||
    /^(?:(?:can(?:no|['’ ]?)t|can not|could(?:n['’ ]?t| not))\s+cope|unable to cope)$/i.test(said) ||
    // Measured against what people wished for, with nothing named ("things didn't go as smoothly as we'd have liked",
    // "it didn't go to plan"; eighteenth pass, people).
    (/(?:n['’ ]?t|\bnot)(?:\s+\w+ly)?\s+(?:go|went|run|ran)$/i.test(said) && AS_WISHED_AFTER.test(text.slice(end, end + 80))) ||
    // What the team is sent by people ("We get a lot of complaints in the store reviews", "we've had calls about it"):
    // who tells, not what the program does (bands, twelfth pass).
    (/^(?:i|we)\s+(?:\w+ly\s+|still\s+|also\s+)?(?:get|got|getting|receive|received)$/i.test(said) &&
      /^\s+(?:(?:a lot of|lots of|loads of|so many|many|more|some|a few|a couple of|several|constant|endless|\d+)\s+)?(?:complaints?|calls?|questions?|angry \w+|negative reviews?|bad reviews?|1-star reviews?|one-star reviews?|feedback)\b/i.test(after)) ||
    // Seeing or getting only "it" ("still seeing it on our side", "we get this too"): that it happens, not what.
    (/^(?:(?:i|we|you|they|users?|customers?)\s+)?(?:still\s+|also\s+)?(?:seeing|see|sees|saw|getting|get|gets|got)$/i.test(said) &&
      /^\s+(?:it|this|that|them|the (?:issue|problem|same))(?:\s+(?:too|again|here|there|as well|still))?(?=\s*(?:[,.;!?)]|$)|\s+(?:on|in|at|every|all|for|since|with|from)\b)/i.test(after)) ||
    // "isn't a problem" says there is none: only a read that is not negated carries the failure word after it.
    // (an HTTP status before the word names what is seen: "returns 500 error", "gives a 404 error"; bands, twelfth pass)
    (GENERIC_AFTER.test(text.slice(end, end + 30)) && !/n['’ ]?t\b|\b(?:not|no|never)\b/i.test(said) && !/\b[1-5]\d\d$/.test(said)) ||
    // "... but it feels off": the read only leads to an impression (bands, seventh pass); a contrast whose clause ends in
    // one ("but the numbers in reports just feel off") too (tenth pass).
    IMPRESSION_AFTER.test(after) ||
    // "it didn't help that we were fumbling with the app", "but it doesn't help matters": that something made it worse,
    // not what (fifteenth pass, bands).
    (/^(?:do|does|did)(?:n['’ ]?t| not) help$/i.test(said) && NO_HELP_AFTER.test(text.slice(end, end + 20))) ||
    (/^but\b/i.test(said) && [IMPRESSION_IN_CLAUSE, NUISANCE_IN_CLAUSE, NO_HELP_IN_CLAUSE, JUDGED_IN_CLAUSE].some((re) => re.test(/^[^.;:!?\n]*/.exec(text.slice(end))?.[0] ?? ""))) ||
    // "isn't really doing what people need", "doesn't do what we want": measured against what people want, unnamed; a
    // wrong that says not what (bands, tenth pass).
    (/(?:n['’ ]?t|\bnot|\bnever)(?:\s+\w+ly)?\s+(?:do|does|doing|did|done)$/i.test(said) && WHAT_PEOPLE_WANT.test(text.slice(end, end + 60))) ||
    // "It is not what I expected", "isn't what we asked for": the same measure, with the copula (thirteenth bands pass,
    // read-12).
    (/(?:n['’ ]?t|\bnot)(?:\s+\w+ly)?\s+what$/i.test(said) && WHAT_PEOPLE_WANT.test(` what${text.slice(end, end + 60)}`)) ||
    // "is not where it should be", "isn't where we need it to be": a place or a level measured against where it ought to
    // be, unnamed; as "isn't what we need", a wrong that says not what (seventeenth pass, second half, bands).
    (/(?:n['’ ]?t|\bnot)(?:\s+\w+ly)?\s+where$/i.test(said) && WHERE_IT_OUGHT.test(text.slice(end, end + 60))) ||
    // "Customers cannot use the system", "can't use the app at all": the whole program unusable, with no part or act
    // named, says it does not work, not what is seen ("can't use the voucher field" names one; bands, twelfth pass).
    (/^(?:can(?:no|['’ ]?)t|can not|could(?:n['’ ]?t| not)|unable to|not able to) use$/i.test(said) && WHOLE_USED.test(text.slice(end, end + 60))) ||
    // "Everything is slow": a quality said of everything names no place and no measure, an impression of the whole.
    // So is it said of the product named whole with nothing after it but when ("The app is really slow lately", "site is
    // sluggish, fix asap"): no screen, no act, no measure ("the app is slow to open a 40-page invoice" names one;
    // eighteenth pass, bands-read-16).
    (/^(?:too )?(?:slow(?:ly|er)?|sluggish|laggy|unresponsive)$/i.test(said) && (WHOLE_BEFORE.test(before) || (PRODUCT_BEFORE.test(before) && NOTHING_MORE.test(after)))) ||
    // People stuck, with no place or step named ("Drivers are stuck.", "the nurses were stuck again"): that they cannot
    // go on, not at what ("users are stuck on the payment page" names it; eighteenth pass, bands-read-16).
    (/^(?:(?:is|are|was|were|gets?|got)\s+)?stuck$/i.test(said) && PERSON_BEFORE.test(before) && NOTHING_MORE.test(after)) ||
    // "This keeps happening", "it continues to happen": only that it comes back, as "it's happening" says only that it is
    // (`GENERIC_AFTER`; eighteenth pass, bands-read-16).
    /^(?:keeps?|kept|continues?|continued)\s+(?:happening|to happen|occurring|to occur|recurring|to recur)$/i.test(said) ||
    // "Still happening.", "it's still happening", with nothing after it but when (or a question mark): only that it goes
    // on, as "keeps happening" says ("still happening on the payment page" names where, "the refund is still happening"
    // names what; twenty-first pass, bands: bands-read-19 useless-20, bands-read-3 useless-13, and a quoted "is this
    // still happening?" in bands-read-17, which the readers do not take as a statement at all).
    (/^(?:(?:is|are|was|were)\s+)?still\s+(?:happening|occurring|recurring|going on)$/i.test(said) && STILL_SUBJECT.test(before) && (NOTHING_MORE.test(after) || /^\s*\?/.test(after))) ||
    // "not reliable anymore", "isn't right any more": "anymore" after a judgement only carries it (eighteenth pass,
    // bands-read-16); "doesn't list the cancelled slots anymore" says what.
    (/^(?:anymore|any more|no longer)$/i.test(said) && JUDGED_BEFORE.test(before)) ||
    // "It is unacceptable that nothing happens", "ridiculous that nothing is done": a judgement of the team's inaction,
    // with no act or place after it ("nothing happens when I press Send" names one; eighteenth pass, bands-read-16).
    (/^nothing\s+(?:happens|happened|is done|was done|is being done|gets done|has happened|has been done)$/i.test(said) &&
      /\b(?:unacceptable|ridiculous|frustrating|annoying|disappointing|shocking|outrageous|absurd|crazy|sad|a joke)\s+that\s+(?:still\s+)?$/i.test(before) &&
      NOTHING_MORE.test(after)) ||
    // "Customers cannot order properly", "we can't book correctly": people's act named, but how it fails them judged only
    // (eighteenth pass, bands-read-16); "cannot order more than 99" says what, and the program's own act ("the page could
    // not redirect properly") is left as it was read.
    (/^(?:can(?:no|['’ ]?)t|can not|could(?:n['’ ]?t| not)|unable to|not able to)\s+[a-z]+$/i.test(said) && PERSON_BEFORE.test(before) &&
      /^\s+(?:properly|correctly|right|normally|as (?:usual|before|expected|they should|it should))\s*(?:[.!,;]|$)/i.test(text.slice(end, end + 30)));
}

/** A plea to act on it, then "before" and its subject, right before a read: "can we sort it before it", "fix this before things". */
const FEARED_BEFORE = /\b(?:sort|sort out|fix|deal with|handle|solve|address|look at|get on top of|tackle|prioriti[sz]e)\s+(?:it|this|that|them)(?:\s+out)?\s+(?:\w+\s+)?before\s+(?:it|this|that|things|everything|they)\s+$/i;
/** The product named whole before the read: "the app is really", "our site seems", "system is", "the portal has been". */
const PRODUCT_BEFORE = /(?:^|\b(?:the|our|this|your|their|whole)\s+)(?:app|application|system|site|website|web ?shop|portal|platform|software|program|tool|service)\s+(?:is|are|was|were|seems?|feels?|has been|is getting|got|gets)\s+(?:(?:\w+ly|so|very|super|a bit|kind of|way too|too)\s+)?$/i;
/** No subject, or one that names nothing, before "still happening": a sentence's start, "it's", "this is", "is it". */
const STILL_SUBJECT = /(?:^|[.!?;:\n]\s*|\b(?:it|this|that)(?:['’]s|\s+is|\s+was)?\s+|\b(?:is|was)\s+(?:it|this|that)\s+)$/i;
/** Nothing after the read but when or how often, to the clause's end: "lately.", "again,", " these days!". */
const NOTHING_MORE = /^\s*(?:(?:lately|recently|now|today|again|at the moment|these days|nowadays|all day|all the time|since the update)\s*)?(?:[.!,;]|$)/i;
/**
 * A judgement right before "anymore": "not reliable", "isn't right", "broken". ("doesn't work anymore" is left as it was
 * read: the labelled reports count it as a failure told.)
 */
const JUDGED_BEFORE = /(?:(?:n['’ ]?t|\bnot)(?:\s+\w+ly|\s+very)?\s+(?:right|ok|okay|correct|good|fine|great|reliable|usable|dependable|helpful|useful|the same)|\b(?:broken|wrong|bad|worse|off|a mess)|(?:can(?:no|['’ ]?)t|can not) be (?:trusted|relied on|used))\s+$/i;
/** The rest of a "but" clause that only judges it: "but it's not right anymore", "but it isn't reliable now". */
const JUDGED_IN_CLAUSE = /^(?:['’]s\s+not|\s+(?:is|was|are|were)(?:\s+not|n['’]?t))(?:\s+(?:just|really|simply|still|\w+ly))?\s+(?:right|ok|okay|correct|good|fine|great|reliable|usable|working)(?:\s+(?:anymore|any more|again|now|lately|at all|these days|either))?\s*$/i;

/** The whole program named after "can't use", and nothing after it but how much: "the system", "the app at all", "it anymore". */
const WHOLE_USED = /^\s+(?:it|(?:the|our|their|this|your)\s+(?:system|app|application|site|website|portal|platform|product|service|tool|software|program))(?:\s+(?:at all|anymore|any more|now|today|again|properly|right now))?\s*(?:[.!?,;]|$)/i;
/** Where a thing ought to be, unnamed, after "not where": "it should be", "we need it to be", "it ought to be", "we'd like it". */
const WHERE_IT_OUGHT = /^\s+(?:it|they|this|that|things|we|people|users|customers|everyone)\s+(?:(?:really\s+)?(?:should|ought to|must|needs? to|has to|have to|would like (?:it|them) to|want (?:it|them) to|need (?:it|them) to|expect(?:ed)? (?:it|them) to)\s+be|(?:['’]d|would) (?:like|want|expect) (?:it|them)(?:\s+to\s+be)?)\b/i;
/** What people want, unnamed, after a negated "do": "what people need", "what it should", "what we expect of it". */
const WHAT_PEOPLE_WANT = /^\s+(?:(?:any|much|a lot)\s+of\s+)?what\s+(?:\w+\s+){0,2}?(?:needs?|wants?|expects?|expected|should|is (?:needed|wanted|expected|supposed to)|it['’]?s supposed to|(?:we|they|people|users|customers) (?:asked for|signed up for|paid for))\b/i;
/** An impression anywhere in a clause: "... the totals just feel off to me". */
// A bare comparative ("it used to feel better", "looks worse lately"; bands, twelfth pass) is an impression too, with
// nothing to compare but a feeling.
// So is a slowness felt ("but the page just feels sluggish lately", "but it seems laggy"), as `IMPRESSION_AFTER` reads it
// after the read; one measured is read by its own words ("takes 40 seconds"; fifteenth pass, bands).
const IMPRESSION_IN_CLAUSE = /\b(?:do|does|did)(?:n['’]?t|\s+not)\s+(?:really\s+|quite\s+)?(?:feel|look|seem|sound)\s+like\b|\b(?:feels?|felt|looks?|looked|seems?|seemed|sounds?)\s+(?:\w+ly\s+|a bit\s+|kind of\s+|kinda\s+|(?:a lot|much|way|far)\s+)?(?:off|wrong|weird|odd|strange|funny|wonky|bad|broken|not right|confusing|better|worse|slow(?:er)?|sluggish|laggy)\b(?!\s+than\b)/i;
/**
 * What follows "didn't help" when it says that something made it worse ("it didn't help that ...", "doesn't help
 * matters"), after the read and anywhere in a contrast's clause (`onlyJudged`; fifteenth pass, bands).
 */
const NO_HELP_AFTER = /^\s+(?:that|matters|things)\b/i;
const NO_HELP_IN_CLAUSE = /\b(?:do|does|did)(?:n['’ ]?t| not) help (?:that|matters|things)\b/i;
/**
 * A clause that calls the thing a nuisance ("but the booking stuff has been a bit of a headache lately", "but it's a real
 * pain"): how it is to live with, not what it does (bands, twelfth pass).
 */
const NUISANCE_IN_CLAUSE = /\b(?:is|are|was|were|been|['’]s|becomes?|became)\s+(?:\w+ly\s+|still\s+|just\s+)?(?:(?:a\s+)?bit\s+of\s+a\s+|(?:a|an)\s+(?:(?:real|total|huge|complete|massive|constant|bit of a)\s+)?)(?:headache|pain|nightmare|chore|hassle|mess|disaster|joke|nuisance)\b/i;
/** An impression right after the read: "but it feels off", "but it looks wrong" (not "looks fine in 2.2"). */
const IMPRESSION_AFTER = /^\s+(?:feels?|felt|looks?|looked|seems?|seemed|sounds?)\s+(?:\w+ly\s+|a bit\s+|kind of\s+|kinda\s+)?(?:off|wrong|weird|odd|strange|funny|wonky|bad|broken|not right|confusing|slow|sluggish|laggy)\b/i;
/** The whole named as the subject of a judgement: "everything is", "it all feels", "things have been". */
const WHOLE_BEFORE = /\b(?:everything|it all|all of it|things|stuff|the whole (?:thing|app|site|system))\s+(?:is|are|was|were|seems?|feels?|looks?|has been|have been|gets?|got|is getting|are getting)\s+(?:\w+ly\s+|so\s+|very\s+|really\s+|super\s+)?$/i;

/**
 * The text with a line break that stands inside a sentence read as the space it was (a word or a comma before it, a
 * word in lower case after it, not a stack frame's "at"): reports are wrapped at a fixed width, and the researchers' texts
 * were put back together from a sentence parse, so "instead\nof" and "it would\nbe nice" are the phrases they were.
 * The same length, so every offset holds.
 */
export function unwrapped(text: string): string {
  return text.includes("\n") ? text.replace(/([\p{L},])\n(?=[a-z](?!t [\w$.<>]+\())/gu, "$1 ") : text;
}

/**
 * Every statement of what happens in a text. A statement is generic when it only names a failure ("doesn't
 * work", "is broken", "an error") without saying what is seen.
 */
/**
 * People who do not like, want or trust it ("Clinicians don't like the allergies screen", "I don't want it"; people
 * named by their role, "dispatchers", "reviewers", "librarians"): a
 * judgement of the program, as "ugly" is, not an act of it ("the screen doesn't list the allergies" is one).
 */
// (so do people who cannot trust it or rely on it: "We can't trust it", "staff can no longer rely on it"; eighteenth pass,
// bands-read-16)
function peopleFeel(text: string, at: number, said: string): boolean {
  return /^(?:(?:do not|don['’]?t|do n['’]?t|does not|doesn['’]?t|did not|didn['’]?t)\s+(?:really\s+)?(?:like|love|enjoy|trust|want|understand|care for)|(?:can(?:no|['’ ]?)t|can not|could(?:n['’ ]?t| not))\s+(?:really\s+)?(?:trust|rely on|depend on|count on))\b/i.test(said) &&
    PERSON_BEFORE.test(text.slice(Math.max(0, at - 40), at));
}

/**
 * "httpd fails to start", "failed to load the module": a failure word that names the operation that fails, which is what
 * is seen (as `onlyJudgedFailure` in rules-bug.ts reads it); "fails to work" names none (eighth pass).
 */
function failsTo(text: string, start: number, end: number): boolean {
  return /^fail(?:s|ed|ing)?$/i.test(text.slice(start, end)) && /^\s+to\s+(?!(?:work|function|behave|do (?:anything|its job))\b)[a-z]{2,}/i.test(text.slice(end, end + 30));
}

/**
 * Something made impossible, with what cannot be done named before the word ("Makes streaming impossible.", "made chunked
 * uploads impossible"): what "can't stream" says (tenth pass; "impossible to ..." is read as a negated action already).
 */
const IMPOSSIBLE = /\b(?:makes?|made|making)\s+(?:it|this|that|them|(?:[\w-]+\s+){0,2}[\w-]+)\s+(?:(?:almost|nearly|virtually|practically|completely|totally|basically|simply|just)\s+)?impossible\b(?!\s+to\b)/i;
/** An unnamed thing as the subject: "some data", "some things", or a bare "data", "stuff" after "says" or "said". */
const UNNAMED_SUBJECT = /(?:\bsome\s+(?:of\s+(?:the|their|our)\s+)?|\b(?:says?|said|saying)\s+(?:that\s+)?)(?:data|stuff|things|info|information|content|records)\s+$|\bsomething\s+$/i;

/**
 * People who can never or cannot find "anything", with nothing after it ("users can never find anything", "I can't find
 * anything"): how a search fares judged by people, with no query and no result named, names no failure (bands, twelfth
 * pass). What the program cannot find ("search never finds anything"), a search with where it looked ("can't find anything
 * in the access log") and other acts made impossible ("I can't type anything", "I can't see anything": the page or the
 * field is named by the act) stay what is seen.
 */
function nothingNamed(text: string, start: number, end: number): boolean {
  return /\b(?:find|locate)$/i.test(text.slice(start, end)) && /^\s+(?:anything|everything)\s*(?:[.,;!]|$)/i.test(text.slice(end, end + 20)) &&
    SEARCHER_BEFORE.test(text.slice(Math.max(0, start - 40), start));
}

/**
 * A failure the reporter guesses at, not one seen: one of several offered ("crashing or something", "Or maybe
 * freezes."), or put as a question after a hedge ("I think it crashes sometimes?"). That something may be wrong, not
 * what happens: the reporter does not know (bands, twelfth pass). "I think it crashes when I save." states it.
 */
function guessed(text: string, start: number, end: number): boolean {
  if (/^\s+or\s+(?:something|whatever|anything|so)\b/i.test(text.slice(end, end + 20))) return true;
  const sentenceStart = Math.max(text.lastIndexOf("\n", start - 1) + 1, ...[". ", "! ", "? "].map((p) => {
    const at = text.lastIndexOf(p, start - 1);
    return at < 0 ? 0 : at + 2;
  }));
  const before = text.slice(sentenceStart, start);
  if (/^\s*or\s+(?:maybe|perhaps|possibly)\s+(?:\w+\s+)?$/i.test(before)) return true;
  const stop = /[.!?\n]/.exec(text.slice(end));
  if (stop?.[0] !== "?") return false;
  // ("Mobile app crashing??": the failure itself put as a question, with nothing that opens one; "Why does it crash?"
  // takes the failure as given; "app slow-ish?", the word hedged too: thirteenth bands pass, read-12)
  return /^\s*(?:i\s+think|i\s+guess|maybe|perhaps|probably|possibly)\b/i.test(before) ||
    (/^(?:-ish)?\s*\?/i.test(text.slice(end)) && !QUESTION.test(before) && !/^\s*(?:[-*•>]\s*)?(?:why|how come)\b/i.test(before));
}

/**
 * A thing of the program that loses, leaves out or mishandles something it names ("Recipe shopping list drops items when
 * two recipes share an ingredient", "Coworking invoices omit the VAT number", "Treatment plans lose items beyond 12 on
 * save", "Availability report counts turbines in manual stop as available", "Interpreter timesheet rounds 1 h 50 min
 * down to 1 h"): what happens, told by the verb and what it acts on. Such titles were read as naming no failure in 41 of
 * the 765 written-out and failure-stating band tickets (nineteenth pass, read across all band sets). Not after a modal,
 * "to", "not", a plea or a person ("we should drop", "please drop support for", "I saved it as PDF"; other people's acts
 * are set aside by `peoplesAct`), nor a patch's ("the patch drops ...").
 */
const MISHANDLES = /(?<!\b(?:should|would|must|to|will|can|could|shall|may|might|not|n['’]t|please|and|or|i|we|you|they|he|she|patch|commit|change|changeset|fix)\s+)\b(?:(?:drops|dropped|loses|lost|omits|omitted|skips|skipped|hides|ignores|ignored|truncates|truncated|discards|discarded|strips|stripped|swallows|swallowed|duplicates|duplicated|double-books|double-counts|(?:leaves|left|cuts)\s+(?:out|off))\s+(?:the\s+|all\s+|every\s+|some\s+|any\s+|its\s+|their\s+|a\s+|an\s+)?[\w'"“‘]|(?:counts|counted|treats|treated|marks|marked|classifies|classified|flags|flagged|lists|listed|saves|saved|stores|stored|shows|displays|renders|sends|totals)\s+(?:[^\s.;!?]+\s+){0,6}?as\s+[\w'"“‘]|rounds\s+(?:[^\s.;!?]+\s+){1,6}?(?:down|up)\s+to\b)/gi;

export function observedIn(labelled: string): Read[] {
  // A patch's lines are the fix, the code as it will be, not what is seen ('+  return "Error resolving ..."'; fifteenth
  // pass, read-14), as they are no steps (`withoutPatch`).
  const text = unwrapped(withoutLabels(withoutExpectedSection(withoutPatch(labelled))));
  // "Still broken", "still not working" say "broken", "not working" again (bands, eighth pass); "still shows 4" says what.
  const again = (m: RegExpExecArray) => /^still not$/i.test(m[0]) && /^\s+(?:work|works|working)\b/i.test(m.input.slice(m.index + m[0].length));
  // A failure of an unnamed thing, told second-hand or as "some" of it ("they said some data is missing", "the customer says
  // stuff is gone"): that something is wrong, not what (bands, tenth pass).
  const unnamed = (m: RegExpExecArray) => UNNAMED_SUBJECT.test(m.input.slice(Math.max(0, m.index - 40), m.index));
  const generic = (m: RegExpExecArray) => ((GENERIC.test(m[0].replace(/\s+/g, " ").trim().replace(/^still /i, "")) && !failsTo(m.input, m.index, m.index + m[0].length)) || again(m) || onlyJudged(m.input, m.index, m.index + m[0].length) || peopleFeel(m.input, m.index, m[0]) || unnamed(m) ||
    nothingNamed(m.input, m.index, m.index + m[0].length) || guessed(m.input, m.index, m.index + m[0].length)) &&
    !named(m.input, m.index, m.index + m[0].length);
  return [...[ERROR, LOGGED, FAILING, TROUBLE_WITH, NUISANCE, NEGATION, ABSENCE, WRONG, SEEN, RESULT_MARK, MOVED, PRODUCED, LOOKS, UNWANTED, CONSUMES, RESPONSE, HAPPENS_MORE, CORRECTED, VALUE_TOLD, IMPOSSIBLE, STATUS_PRINTED, PRODUCED_CONSTANT].flatMap((re) => all(text, re, generic)), ...sameActTold(text),
    // (the same measure under two versions, each with its figure, "Atlas 2.3.1: 40 ms, Atlas 2.4.0: 350 ms": one is the
    // case that works, the other the value the program gives now; eighteenth pass, observed behaviour across writers)
    ...versionFigures(text), ...all(text, MAKES_OBJECT, generic), ...all(text, MISHANDLES, generic), ...producedPlural(text, generic)]
    .filter((r) => !QUESTION_OR_EXPECTATION.test(lineAround(text, r)) && !asked(text, r) && !peoplesAct(text, r) && !wishedFor(text, r) && !controlLabel(text, r) &&
      // (a failure feared after a plea to act first, "sort it before it blows up", "fix this before it gets worse", is
      // not seen yet: eighteenth pass, bands-read-16)
      !FEARED_BEFORE.test(text.slice(Math.max(0, r.start - 60), r.start)) &&
      !INDIRECT_QUESTION.test(text.slice(Math.max(0, r.start - 100), r.start)) && !patchSays(text, r) &&
      // (what a contract or a policy says is the rule it should follow, not what it shows: `RULE_SAYS`)
      RULE_SAYS.exec(text.slice(r.start, r.start + 120))?.index !== 0)
    .sort((a, b) => a.start - b.start);
}

/**
 * The read stands in a sentence that tells what a patch or a change does ("This patch moves the probe definitions ... and
 * removes the duplicate definitions", "The attached patch drops the unused ..."): the change, not what the program does
 * (twelfth pass). Not when the sentence tells the patch's own failure ("This patch breaks ...", "the change causes ...").
 */
const PATCH_SENTENCE = /(?:^|[.!?]\s+|\n\s*)(?:this|the|attached|the attached|my|a)?\s*(?:patch|change|commit|changeset|pull request|pr)\s+(?:\w+ly\s+)?(?:moves?|removes?|drops?|deletes?|renames?|replaces?|converts?|migrates?|cleans? up|refactors?|adds?|merges?|splits?|updates?|changes?)\b(?:[^.!?\n]|[.!?](?=\S))*$/i;
/** What `PATCH_SENTENCE` cannot match without: its noun and the space after it, looked for first. */
const PATCH_WORD = /(?:patch|change|commit|changeset|pull request|pr)\s/i;
const PATCH_FAILS = /\b(?:breaks?|broke|caus(?:es|ed)|crash(?:es|ed)?|fails?|failed|regress(?:es|ed)?)\b/i;
/**
 * A sentence that goes on telling the change after a sentence that names the patch ("Patch attached. This replaces the
 * remaining uses of ... and drops two redundant Assign() calls."): "this" or "it" is the patch (thirteenth pass).
 */
const PATCH_GOES_ON = /\b(?:patch|commit|changeset|pull request)\b[^.!?\n]{0,60}[.!?:]\s+(?:this|it)\s+(?:\w+ly\s+)?(?:moves?|removes?|drops?|deletes?|renames?|replaces?|converts?|migrates?|cleans? up|refactors?|adds?|merges?|splits?|updates?|changes?)\b(?:[^.!?\n]|[.!?](?=\S))*$/i;
function patchSays(text: string, r: Read): boolean {
  const before = text.slice(Math.max(0, r.start - 300), r.start);
  // (the word first: the sentence's pattern is tried at every position of the 300 characters)
  if (!PATCH_WORD.test(before) || !(PATCH_SENTENCE.test(before) || PATCH_GOES_ON.test(before))) return false;
  const sentence = `${before}${text.slice(r.start, r.start + 200).split(/[.!?\n]/)[0]}`;
  return !PATCH_FAILS.test(sentence.slice(sentence.search(/(?:patch|change|commit|changeset|pull request|pr)\b(?:[^.!?\n]|[.!?](?=\S))*$/i)));
}

/**
 * The status a request answered, printed alone on the line under the command that asked for it ("$ curl -s -o /dev/null
 * -w '%{http_code}' http://localhost/x" and then "403"): what the server does, as a response's status line is
 * (`RESPONSE`; eleventh pass).
 */
const STATUS_PRINTED = /^[ \t]*(?:[$%#][ \t]+)?(?:curl|wget)[ \t][^\n]*\n[ \t]*[1-5]\d\d[ \t]*$/m;

/**
 * The text with what a form's "Expected results:" section holds blanked (same length), up to the next label: what
 * should happen, which names its result in the words of a failure's opposite ("The exception is remembered"), is no
 * account of what happens (tenth pass).
 */
function withoutExpectedSection(text: string): string {
  if (!/^[ \t]*(?:#+[ \t]*|\*\*)?(?:expected(?: results?| behaviou?r| outcome)?|acceptance criteria)[ \t]*(?:\*\*)?:/im.test(text)) return text;
  const lines = text.split("\n");
  let inside: "expected" | "criteria" | null = null;
  return lines.map((line) => {
    if (/^[ \t]*(?:#+[ \t]*|\*\*)?expected(?: results?| behaviou?r| outcome)?[ \t]*(?:\*\*)?:[ \t]*(?:\*\*)?[ \t]*$/i.test(line)) {
      inside = "expected";
      return line;
    }
    if (CRITERIA_LABEL.test(line)) {
      inside = "criteria";
      return line;
    }
    if (inside === "expected" ? LABEL_LINE.test(line) : inside === "criteria" && SECTION_END.test(line)) inside = null;
    return inside ? line.replace(/\S/g, " ") : line;
  }).join("\n");
}

/**
 * An "Acceptance Criteria:" label alone on its line, and what ends its list: the next label ending in a colon or a
 * heading. Its items are what the change should bring ("Instead of the runtimes, the run configurations are listed"), in
 * a form's words of what should be, as an Expected section's are, and may be Jira's "# item" lines (fifteenth pass, the
 * Jira bug reading).
 */
const CRITERIA_LABEL = /^[ \t]*(?:#+[ \t]*|\*\*)?acceptance criteria[ \t]*(?:\*\*)?:[ \t]*(?:\*\*)?[ \t]*$/i;
const SECTION_END = /^[ \t]*(?:h[1-6]\.[ \t]|#{2,6}[ \t]|(?:\*\*|__)[^*_\n]{1,60}(?:\*\*|__)[ \t]*:?[ \t]*$|[A-Za-z][\w'’()/& -]{0,40}:[ \t]*$)/;

/**
 * A read inside a control's quoted label, after the act that uses it ('Click "Continue to HTTP Site"', 'press "Keep
 * waiting"'): the button's words, not what happens (tenth pass).
 */
function controlLabel(text: string, r: Read): boolean {
  const before = text.slice(Math.max(0, r.start - 60), r.start);
  return /\b(?:click|clicked|clicking|press|pressed|pressing|tap|tapped|tapping|select|selected|choose|chose|hit|pick|picked|check|uncheck|toggle)\s+(?:on\s+|the\s+)?["“][^"”\n]*$/i.test(before) &&
    /^[^"”\n]*["”]/.test(text.slice(r.start, r.start + 80));
}

/** Verbs an expectation names that say nothing of a result when told as done ("should work" beside "it works in Chrome"). */
const EMPTY_ACTS = new Set(["work", "be", "have", "do", "get", "go", "make", "happen", "see", "look", "behave", "function", "act", "say", "use", "read", "call", "need", "try", "let", "allow", "help", "stay", "remain", "keep", "become", "take", "give", "come", "like"]);

/**
 * What happens told in the words of what should happen: "Firefox should pause on line 12" beside "The debugger pauses on
 * line 9". The act the expectation names, told as done (present or past, not after a modal, "to", "not" or "don't"),
 * in another sentence, is the account of what happens (tenth pass).
 */
// One pattern per verb, made once: a report names few verbs, and the reports of a batch name the same ones.
const TOLD_ACTS = new Map<string, RegExp>();
/** The verb of `stem` told as done: not inside a name ("image.jxl.enabled"), not after a modal, "to", "not" or "do". */
function toldAct(stem: string): RegExp {
  let re = TOLD_ACTS.get(stem);
  if (!re) {
    re = new RegExp(String.raw`(?<![\w.])(?<!\b(?:should|must|to|not|will|would|can|could|may|might|n['’]t|does|do|did)\s+)${stem}(?:es|s|ed|d)\b(?![.-]\w)`, "gi");
    if (TOLD_ACTS.size < 2000) TOLD_ACTS.set(stem, re);
  }
  return re;
}

function sameActTold(text: string): Read[] {
  const out: Read[] = [];
  for (const m of text.matchAll(/\b(?:should|must|ought to|(?:is|are) supposed to)\s+(?:not\s+|still\s+|also\s+|only\s+|always\s+)?([a-z]{3,})\b/gi)) {
    const verb = m[1].toLowerCase();
    if (EMPTY_ACTS.has(verb) || /(?:ed|ing|ly)$/.test(verb)) continue;
    const stem = verb.replace(/e$/, "");
    for (const t of text.matchAll(toldAct(stem))) {
      // (not in a condition or a wish, "would serve it if more browsers advertised")
      if (/\b(?:if|when|once|unless|would|wish)\b[^.,;!?\n]*$/i.test(text.slice(Math.max(0, t.index - 60), t.index))) continue;
      const from = Math.max(text.lastIndexOf(".", m.index), text.lastIndexOf("\n", m.index));
      const to = text.slice(m.index).search(/[.!?\n]/);
      if (t.index > from && (to < 0 || t.index < m.index + to)) continue;
      out.push({ start: t.index, end: t.index + t[0].length });
      break;
    }
  }
  return out;
}

/**
 * The read stands in an indirect question, in the same clause ("We need to find out which clients still use TLS 1.0",
 * "I wonder whether it still logs them"): what is asked, not what happens (ninth pass). Whoever asks, in any tense ("Our
 * security team asks whether ... or if mod_ssl doesn't use ..."; thirteenth pass, httpd).
 */
const INDIRECT_QUESTION = /\b(?:find out|figure out|determine|wonder(?:s|ed|ing)?|ask(?:s|ed|ing)?|check(?:ing)?|see)\s+(?:which|whether|if|what|who|how many|how much)\b(?:(?!\b(?:and|but|so|then|because)\b)[^.;:!?,\n])*$/i;

/**
 * The read stands in the purpose of a wish, in the same sentence ("It would be useful to show the cipher, so we can see
 * how many clients still use TLSv1.0", "Would be nice to have a switch so that make install doesn't put the manual
 * there"), or in the sentence after it that opens "That way": what the change would bring about, not what happens. A purpose is "so that" or "so" with a modal ("so we
 * can"); "I would like to use it for tests, so right now I don't have any friends" goes on with what is (eighth pass).
 */
function wishedFor(text: string, r: Read): boolean {
  // The sentence runs back over a dot inside a name ("so that httpd.socket can start it"): a dot ends one before a blank
  // (ninth pass).
  let start = r.start;
  while (start > 0 && !/[\n!?]/.test(text[start - 1]) && !(text[start - 1] === "." && /\s/.test(text[start]))) start--;
  const before = text.slice(start, r.start);
  // Inside what a wish asks to be done ("it would be nice to throttle only images to Slow 3G"; tenth pass).
  if (/\b(?:would|'d)\s+(?:be\s+(?:\w+\s+)?(?:nice|great|good|helpful|useful|handy|better|ideal|cool)|(?:like|love|prefer))\s+to\s+[^.;!?,\n]*$/i.test(before)) return true;
  // A sentence that opens "That way" or "This way" after the wish tells what the change would bring ("It would be nice
  // if httpd could take its sockets from systemd. That way restarts don't drop connections."; fifteenth pass, read-14).
  if (/^\s*(?:that|this) way\b/i.test(before)) {
    const prior = text.slice(0, start).replace(/[.!?]\s*$/, "");
    const last = prior.slice(Math.max(prior.lastIndexOf("\n"), ...[". ", "! ", "? "].map((e) => prior.lastIndexOf(e))) + 1);
    return WISH.test(last) || WISH_UNSAID.test(last) || WISH_MORE.test(last) || REQUEST.test(last);
  }
  const purpose = /\bso(?:\s+that\b|\s+(?:i|we|you|they|it|people|users|admins)\s+(?:can|could|will|would|may|might)\b)(?![^,;]*\bbut\b)/i.exec(before);
  if (!purpose) return false;
  const lead = before.slice(0, purpose.index);
  return WISH.test(lead) || WISH_UNSAID.test(lead) || WISH_MORE.test(lead);
}

/**
 * A person's own act or state, not the program's (eighteenth pass, people; Chaparro's observed behaviour is what the
 * software does): a read whose clause has a person as its subject ("I", "we", "you", "he", "she", "who", people named
 * by their role: "the new person", "our staff", "older members") and whose verb is not one of meeting or acting on the
 * program ("who is still learning", "that I didn't fully follow", "we've never had a spring like this", "members who may
 * not be confident online"). A person who cannot log in, gets an error, cannot save, sees, loses or is sent something
 * meets the program: that stays its failure, and so does one acted on by it ("I was logged out": a be and a participle).
 * A contrast whose clause has a person as subject ("but I'm in meetings all day", "however we do feel that") is that
 * person's clause too. So is a read inside the reporter's own disclaimer ("not saying anything is really broken", "not
 * sure what exactly is wrong") and an offer ("happy to hop on a call").
 */
const PERSON_NOUN = "(?:people|person|persons|staff|users?|customers?|clients?|members?|colleagues?|employees?|managers?|teachers?|students?|nurses?|doctors?|patients?|parents?|tenants?|residents?|guests?|drivers?|volunteers?|trustees?|officers?|competitors?|neighbou?rs?|friends?|families|lad(?:y|ies)|wom[ae]n|gentlem[ae]n|callers?|team|folks|guys|lads|everyone|everybody|nobody|no one|someone|somebody)";
const PERSON_SUBJECT = `(?:i|we|you|he|she|who|(?:(?:the|our|their|my|your|his|her|a|an|some|many|most|all|these|those)\\s+)(?:[\\w-]+\\s+){0,2}?${PERSON_NOUN}|${PERSON_NOUN})(?:['’](?:s|re|ve|d|ll|m)\\b)?`;
const PERSON_AUX = "(?:\\s+(?:is|are|was|were|am|have|has|had|will|would|may|might|could|can|must|do|does|did|be|been|\\w+ly|just|still|also|even|never|always|often|ever))";
const PERSON_CLAUSE_BEFORE = new RegExp(`(?:(?:^|[.!?;:,(\\n]\\s*|\\b(?:and|but|so|because|as|since|if|when|while|though|although|however|that|whom?)\\s+)${PERSON_SUBJECT}|\\bwho(?:['’](?:s|ve|d|ll))?)${PERSON_AUX}{0,3}\\s*$`, "i");
const ELIDED_PERSON = new RegExp(`(?:^|[.!?\\n]\\s*)${PERSON_SUBJECT}\\s(?:(?!\\b(?:it|this|that|which|but)\\b)[^.!?;:,\\n]){0,80}?\\band\\s+$`, "i");
const ELIDED_NAME = /(?:^|[.!?\n]\s*)[A-Z][a-z]+\s+(?:(?:was|is|were)(?:n['’]t|\s+not)?\s+(?:sure|certain|aware|keen|happy)|said|says|thought|thinks|felt|feels|knew|knows|wanted|wants|told|asked|mentioned)\b[^.!?;:\n]{0,80}?\band\s+$/;
const PEOPLE_STATE = "(?:joy|fun|tone|mood|morale|confidence|trust|goodwill|atmosphere|patience|enthusiasm|excitement)";
const PEOPLE_STATE_BEFORE = new RegExp(`\\b(?:the|their|our|my|his|her|your)\\s+${PEOPLE_STATE}(?:\\s+(?:is|are|was|were|has|have|had|been|just|really|now|all|\\w+ly))*(?:\\s+|['’]s\\s+)$`, "i");
const PEOPLE_STATE_AFTER = new RegExp(`^but\\s+(?:the|their|our|my|his|her|your)\\s+${PEOPLE_STATE}\\b`, "i");
const CONTRAST_PERSON = new RegExp(`^(?:but|however),?\\s+${PERSON_SUBJECT}${PERSON_AUX}{0,3}\\s+`, "i");
/** Auxiliaries, negation and adverbs before a verb, stripped to reach it. */
const VERB_LEAD = /^(?:(?:(?:do|does|did|is|are|was|were|am|have|has|had|ca|can|could|wo|will|would|should|may|might|must)(?:n['’ ]?t|nt|\s+not)?|cannot|not|never|no longer|\w+ly|just|still|even|really|be|been|being|able to|unable to|keeps?|kept)\s+)*/i;
/**
 * Verbs of meeting or acting on the program: a person who does them and fails tells the program's failure; so does a
 * need it does not meet ("but I need the stats of this week"), and what "we" do not measure or keep, "we" being its makers.
 */
const MEETS_PROGRAM = /^(?:(?:log|sign)(?:s|ged|ging|ed|ing)?\s*(?:in|on|out|into|up)\b|log ?ins?\b|(?:access|open|save|load|see|get|receive|find|view|print|upload|download|submit|send|export|import|edit|delete|remove|create|add|change|update|install|run|start|connect|sync|book|pay|check|search|select|click|tap|type|enter|scroll|reach|lose|read|reset|register|scan|post|attach|close|complete|finish|hear|watch|play|stream|use|reply|pick|choose|move|drag|drop|copy|paste|share|sort|filter|rename|modify|need|measure|track|record|collect|count|store|keep)(?:s|es|d|ed|ing)?\b|(?:sav|receiv|delet|remov|creat|chang|updat|clos|complet|us|measur|stor|los)ing\b|(?:saw|seen|got|gotten|found|sent|ran|paid|lost|heard|kept|chose|chosen)\b|have (?:any |the |an? )?(?:[\w-]+ ){0,2}?(?:access|options?|buttons?|permissions?|rights?|way|settings?|fields?|menus?|tabs?|links?)\b)/i;
const DISCLAIMER_BEFORE = /\b(?:not|n['’]t)\s+(?:(?:saying|suggesting|claiming|implying)\b|sure\s+(?:exactly\s+)?what\b|(?:know|say)\s+(?:exactly\s+)?what\b)(?:(?!\bbut\b)[^.!?;\n]){0,60}$/i;
function personsOwn(text: string, r: Read): boolean {
  // A topic that keeps coming up ("raising it because it keeps coming up", "this keeps coming up in stand-ups"): raised
  // again in people's talk, with no act that brings it up ("the dialog keeps coming up when I save" is the program's).
  if (/^(?:keeps?|kept|continues?|continued) (?:to come|coming)$/i.test(text.slice(r.start, r.end)) &&
    /\b(?:it|this|that|this issue|the (?:issue|topic|subject|question))\s+$/i.test(text.slice(Math.max(0, r.start - 20), r.start)) &&
    /^\s+up\b(?!\s+(?:when|whenever|every|each|after|on|if|as soon|while|in the|on the|at the)\b)/i.test(text.slice(r.end, r.end + 30))) return true;
  // (a read taken as a generic failure stays the judgement it tells: a report of only judgements is judged so)
  if (r.generic) return false;
  // A state of people as the subject ("but the mood is getting worse", "the goodwill is gone"): their morale, not what
  // the program does.
  if (PEOPLE_STATE_BEFORE.test(text.slice(Math.max(0, r.start - 60), r.start)) ||
    (/^but\b/i.test(text.slice(r.start, r.end)) && PEOPLE_STATE_AFTER.test(text.slice(r.start, r.start + 60)))) return true;
  if (DISCLAIMER_BEFORE.test(text.slice(Math.max(0, r.start - 100), r.start))) return true;
  if (/\b(?:happy|glad|keen|willing|eager|available)\s+to\s+$/i.test(text.slice(Math.max(0, r.start - 30), r.start))) return true;
  const said = text.slice(r.start, r.end);
  const after = text.slice(r.end, r.end + 60);
  let rest: string;
  let subjectLead = "";
  const contrast = CONTRAST_PERSON.exec(text.slice(r.start, r.start + 80));
  if (contrast && /^(?:but|however)\b/i.test(said)) {
    rest = text.slice(r.start + contrast[0].length, r.start + contrast[0].length + 60);
    subjectLead = contrast[0];
  } else {
    // (or the subject left out after "and", the sentence's subject a person: "Our neighbour uses another app and
    // doesn't seem to mind", "Priya wasn't sure what he meant and didn't want to ask"; a name only before a verb of
    // mind or saying)
    const subject = PERSON_CLAUSE_BEFORE.exec(text.slice(Math.max(0, r.start - 80), r.start)) ??
      (/^(?:(?:do|does|did|is|are|was|were|have|has|had|ca|could|wo|would)(?:n['’ ]?t|nt|\s+not)|never|cannot)\b/i.test(said) &&
        (ELIDED_PERSON.exec(text.slice(Math.max(0, r.start - 120), r.start)) ?? ELIDED_NAME.exec(text.slice(Math.max(0, r.start - 120), r.start))) || null);
    if (!subject) return false;
    subjectLead = subject[0];
    rest = `${said}${after}`;
  }
  // A failure named right after in the clause ("we get a 502", "I hit an error") is the program's.
  if (/\b(?:errors?|crash\w*|exceptions?|[45]\d\d|fail\w*|freez\w*|hangs?|broken|bugs?)\b/i.test(rest.slice(0, 60).split(/[.!?;\n]/)[0])) return false;
  const lead = VERB_LEAD.exec(rest)![0];
  const verb = rest.slice(lead.length);
  // Acted on by the program ("I was logged out", "she's been charged twice", "we were stuck").
  if (/\b(?:is|are|was|were|am|be|been|being|get|got)\b|['’](?:s|re|m)\b/i.test(`${subjectLead}${lead}`) && /^(?:[a-z]+(?:ed|en|wn)|sent|spent|lost|told|shown|stuck)\b/i.test(verb)) return false;
  // Getting more out of a person ("I couldn't get more out of her") is a talk, not the program.
  if (/^(?:get|got)\s+(?:\w+\s+){0,2}?(?:out of|from)\s+(?:her|him|them)\b/i.test(verb)) return true;
  // A person who cannot do something ("I cant resize it", "we couldn't export the rota") tells what the program does not
  // let them do, whatever the verb: that stays its failure, unless the verb is one of saying or knowing ("I can't say").
  if (/\b(?:ca|could|wo)(?:n['’ ]?t|nt)\b|\b(?:cannot|can not|could not|unable to|not able to)\b/i.test(lead) &&
    !/^(?:say|tell|know|understand|follow|remember|explain|describe|put|stress|thank|wait|afford)\b/i.test(verb)) return false;
  // A habit of using something ("who doesn't use the portal") is the person's; being unable to use it is the program's.
  if (/^us(?:e|es|ing)\b/i.test(verb) && /^(?:do|does|did)(?:n['’ ]?t| not)\b/i.test(rest)) return true;
  // ("we don't have the export option": "have" taken as the verb too, so its object is read)
  return !MEETS_PROGRAM.test(verb) && !(/\b(?:have|has|had)(?:n['’ ]?t|\s+not)?\s+$/i.test(lead) && MEETS_PROGRAM.test(`have ${verb}`));
}

/**
 * What people did or what is at stake for them, not what the program does: a person who got in touch more than once
 * ("Jim called twice today", "the customer emailed three times") and what the team cannot afford ("we cannot lose
 * them", "we can't wait for the next release").
 */
function peoplesAct(text: string, r: Read): boolean {
  // A person's telling, the read being the verb of a clause whose subject is a person ("Marta from the front desk says
  // holds are not working"): who told it, not what the program says ("the login page says 'Session expired'" is the
  // program's; bands, twelfth pass). Complaining stays a mood, read as a generic failure (MOOD).
  if (!MOOD.test(text.slice(r.start, r.end)) && toldByPeople(text, r)) return true;
  const said = text.slice(r.start, r.end);
  const before = text.slice(Math.max(0, r.start - 40), r.start);
  if (/^(?:twice|(?:three|multiple|several) times)$/i.test(said)) {
    // ("explained it several times to different people": the reporter's telling again; bands, eighth pass)
    // ("I read the docs three times", "we tried it twice": the reporter's own act done again, not a failure that comes
    // back; fifteenth pass, httpd)
    return /\b(?:called|rang|phoned|emailed|e-mailed|mailed|wrote|written|asked|complained|messaged|pinged|chased|escalated|reported|mentioned|told us|contacted us|reached out|explained|described|raised|flagged|logged|filed)\s+(?:us\s+|me\s+|support\s+|in\s+|it\s+|this\s+|that\s+)?(?:already\s+|again\s+)?$/i.test(before) ||
      /\b(?:i|we)\s+(?:have\s+|had\s+)?(?:read|re-?read|tried|checked|searched|looked (?:at|through)|went through|googled)\b[^.!?\n,]{0,60}$/i.test(text.slice(Math.max(0, r.start - 80), r.start));
  }
  // The reporter who (still) does not understand or know ("I read the page and still don't understand when ..."): a doubt
  // of the sentence's subject, "I" or "we", as "I don't know" is, not a behaviour of the program. Only where it was read
  // as a specific behaviour: read as a generic failure, it stays the judgement it tells (a report of complaints only is
  // judged so; fifteenth pass, httpd).
  const sentence = text.slice(Math.max(0, r.start - 200), r.start).split(/[.!?\n]\s*/).pop() ?? "";
  if (!r.generic && /^\s*(?:(?:but|and|so)\s+)?(?:i|we)\b/i.test(sentence) &&
    // (an adverb between may stand: "I don't even know where to start", "we honestly don't really understand why";
    // seventeenth pass, second half, bands)
    /^(?:still\s+)?(?:do|did)(?:n['’ ]?t| not|n(?=['’]t))\s*(?:['’]t\s+)?(?:(?:even|really|honestly|fully|quite|exactly|actually)\s+)?(?:understand|know|get|follow|see why)\b/i.test(text.slice(r.start, r.start + 40))) return true;
  // Emphasis, not a failure ("I can't stress enough how important this is", "we cannot thank you enough"): a verb of saying
  // or valuing with "enough" after it (fifteenth pass, bands).
  if (/^(?:can(?:no|['’ ]?)t|can not|could(?:n['’ ]?t| not)) (?:stress|emphasi[sz]e|overstate|understate|thank|say|express)$/i.test(said) &&
    /^\s+(?:\w+\s+){0,3}?enough\b/i.test(text.slice(r.end, r.end + 40))) return true;
  // What the reporter has never had to do ("I've never had to write a ticket like this"): their own history, not an
  // absence in the program (fifteenth pass, bands).
  if (/^never\s+had$/i.test(said) && /\b(?:i|we)\s*(?:have\s+|['’]ve\s+)?$/i.test(before) && /^\s+to\s+\w/i.test(text.slice(r.end, r.end + 10))) return true;
  // The reporter or people who have no time ("I don't have time to go through everything", "we didn't have the time"):
  // their day, not what the program has (fifteenth pass, bands).
  if (/^(?:do|does|did)(?:n['’ ]?t| not) have$/i.test(said) && PERSON_OR_START_BEFORE.test(before) &&
    /^\s+(?:the\s+|enough\s+|much\s+|any\s+)?time\b(?![\s-]*(?:zones?|stamps?|pickers?|fields?|slots?|outs?|formats?|columns?|limits?)\b)/i.test(text.slice(r.end, r.end + 20))) return true;
  // The reporter who did not get the details from whoever called ("Didn't get details, they were in a rush"): what the
  // reporter could not find out, not what the program does (bands, tenth pass).
  if (/^(?:did|do|does|could|ca)(?:n['’ ]?t| not) get (?:any |the |more |much |their |his |her )?(?:details?|info|information|specifics|names?|examples?|screenshots?)$/i.test(said)) return true;
  // What the people who passed it on knew or said ("I honestly don't know", "They didn't say why", "Didn't get more
  // details, they hung up"): a person, or nobody named at a sentence's start, and a verb of knowing or telling. The
  // reporter's account of the conversation, not what the program does ("the dialog doesn't say which file" is that:
  // its subject is the program; bands, twelfth pass).
  if (/^(?:do|does|did|could|ca|have|has|had)(?:n['’ ]?t| not) (?:know|say|tell|explain|mention|remember|specify)$/i.test(said) && PERSON_OR_START_BEFORE.test(before)) return true;
  if (/^(?:do|does|did|could|ca)(?:n['’ ]?t| not) get(?: (?:any|the|more|much|their|his|her))?$/i.test(said) && PERSON_OR_START_BEFORE.test(before) &&
    /^\s*(?:(?:any|the|more|much|their|his|her|further)\s+)?(?:details?|info|information|specifics|names?|examples?|screenshots?)\b/i.test(text.slice(r.end, r.end + 40))) return true;
  // "they hung up": a caller ending the call (a person its subject), not a program that hangs.
  if (/^hung$/i.test(said) && CALLER_BEFORE.test(before) && /^\s+up\b/i.test(text.slice(r.end, r.end + 5))) return true;
  // What a person does not want to do ("I don't want to go into every one of them", "we didn't want to bother you"):
  // the subject's own act declined, a person's will, not what the program does ("it doesn't want to start" is the
  // program's, and is left alone; seventeenth pass, second half, bands).
  if (/^(?:do|does|did)(?:n['’ ]?t| not) (?:want|wish|intend|mean)$/i.test(said) && PERSON_DECLINES_BEFORE.test(before) && /^\s+to\s+\w/i.test(text.slice(r.end, r.end + 10))) return true;
  // The reporter who cannot reproduce it ("Can't reproduce, but ..."): what the reporter could not do, not what the
  // program does.
  if (/^(?:can(?:no|['’ ]?)t|could(?:n['’ ]?t| not)|unable to|not able to) (?:reproduce|re-?create|repro)\b/i.test(said)) return true;
  // People who keep telling, asking or chasing ("users keep telling us", "the client keeps chasing"): their
  // speaking again is no act of the program ("the app keeps asking for the PIN" is one: its subject is the program).
  // Complaining stays a mood, read as a generic failure (MOOD).
  if (/^(?:keeps?|kept|continues?|continued) (?:to )?(?:tell|ask|say|report|mention|call|email|e-mail|ring|phon|messag|ping|chas|writ|rais)\w*$/i.test(said)) {
    return PEOPLE_BEFORE.test(before);
  }
  // A person who gets annoyed, upset or bored ("every time I open it I get annoyed") tells a mood, not what is seen;
  // nobody wanting to use it any more tells what people want (bands, sixth pass).
  if (/^(?:i|we|you|they|users?|people|customers?)\s+(?:\w+ly\s+)?(?:get|got|getting)$/i.test(said) &&
    /^\s+(?:so\s+|really\s+|very\s+|quite\s+)?(?:annoyed|angry|upset|frustrated|bored|confused|irritated|mad|stressed|fed up|tired of)\b/i.test(text.slice(r.end, r.end + 30))) return true;
  // What people do "anyway" ("packagers do it anyway", "every admin I know deletes them anyway"): their habit, not
  // what the program does ("the server crashes anyway" is that; eighth pass).
  if (/^anyway$/i.test(said)) {
    // "Anyway, flagging it.", "Anyway, it still happens": opening a sentence before a comma, it turns to what comes next
    // and tells nothing itself (bands, twelfth pass).
    // So does one before the reporter's own clause, with no comma ("Anyway I wanted to log it"; thirteenth pass, read-12),
    // and before any clause: "Anyway it would be great to ..." turns to the clause, which is read on its own (seventeenth
    // pass, bands).
    if (/(?:^|[.!?:;]\s*|\n\s*)$/.test(before) && /^\s*(?:,|[a-z]+\b)/i.test(text.slice(r.end, r.end + 4))) return true;
    // (a chat line's timed head is who wrote when: "[09:22] tom: log a ticket anyway"; fifteenth pass, bands)
    const clause = (text.slice(Math.max(0, r.start - 100), r.start).split(/[.!?;,\n]/).pop() ?? "").replace(TIMED_HEAD, "");
    // ("Flagging anyway", "Raising it anyway": the reporter files the ticket all the same; bands, tenth pass)
    if (/^\s*(?:(?:and|but|so|i['’]?m|i am|we['’]?re|just)\s+)*(?:flag(?:ging)?|rais(?:e|ing)|log(?:ging)?|fil(?:e|ing)|report(?:ing)?|post(?:ing)?|mention(?:ing)?|open(?:ing)?|creat(?:e|ing))(?:\s+(?:it|this|that|a ticket|the ticket))?\s*$/i.test(clause)) return true;
    if (new RegExp(`^\\s*(?:(?:and|but|so|then)\\s+)?(?:(?:every|each|all|most|many|some|the|our|their)\\s+)?(?:i|we|you|he|she|people|everyone|everybody|nobody|${PEOPLE}|${MAINTAINERS})\\b`, "i").test(clause)) return true;
  }
  // ("nobody wants it any more", "no one really loves it any more": people's liking, not what the program stopped doing;
  // "loves" seventeenth pass, bands)
  if (/^(?:anymore|any more)$/i.test(said)) {
    const clause = text.slice(Math.max(0, r.start - 80), r.start).split(/[.!?;,\n]/).pop() ?? "";
    if (new RegExp(`\\b(?:nobody|no one|i|we|you|they|people|${PEOPLE})\\s+(?:\\w+\\s+){0,2}?(?:wants?|likes?|loves?|enjoys?|trusts?|cares?|bothers?|recommends?)\\b`, "i").test(clause)) return true;
  }
  // What people still run or use ("We still run 2.2.34 for a legacy application", "our customers still use IE"): their
  // habit, not a state of the program that did not change ("the badge still shows 4"; fifteenth pass, httpd).
  if (/^still\s+(?:run|runs|use|uses|need|needs|rely|relies|maintain|maintains|deploy|deploys|host|hosts|support|supports)$/i.test(said) &&
    new RegExp(`\\b(?:i|we|you|they|people|everyone|everybody|${PEOPLE}|${MAINTAINERS})\\s+$`, "i").test(before)) return true;
  // "Do NOT close", "Don't merge": an instruction to the team at a sentence's start, not what the program does.
  // ("Please do not ask me for more information": what the team is asked not to do; bands, eighth pass)
  if (/^(?:do not|don['’]?t|do n['’]?t)\s+(?:close|reopen|merge|deploy|release|ship|touch|delete|remove|forget|ignore|mark|downgrade|reassign|assign|move|change|ask|contact|call|email|e-mail|ping|chase|bother)\b/i.test(said) &&
    /(?:^|[.!?:;]\s*|\n\s*|[-*•]\s*)(?:please\s+|pls\s+|kindly\s+)?$/i.test(text.slice(Math.max(0, r.start - 18), r.start))) return true;
  // "designed by someone who has never been to a zoo": what a person has done, in a clause about them, not an absence
  // (thirteenth bands pass, read-12).
  if (/^never\s+\w+$/i.test(said) && new RegExp(`\\b(?:someone|somebody|anyone|anybody|nobody|people|${PEOPLE}|[a-z]+(?:ers|ors|ists|ians))\\s+who\\s+(?:has|have|had)\\s+$`, "i").test(before)) return true;
  // "I have never been this frustrated": a person's mood, not an absence (bands, eighth pass).
  if (/^never\s+been$/i.test(said) && /\b(?:i|we|you|he|she|they)\s+(?:have\s+|has\s+|had\s+|['’]ve\s+)?$/i.test(before) &&
    new RegExp(`^\\s+(?:(?:this|so|that|as|more|less)\\s+)?${MOOD.source.replace(/^\\b/, "")}`, "i").test(text.slice(r.end, r.end + 40))) return true;
  // How long a failure has gone on ("going on for far too long", "been open for too long") is people's waiting, not
  // the program's slowness ("the import runs for too long" is that).
  if (/^too long$/i.test(said) && /\b(?:going on|gone on|been (?:going on|happening|broken|open|like this|an issue|a problem)|happening|waiting) for (?:far |way |much )?$/i.test(before)) return true;
  // What the reporter does with the ticket and why ("raising this so it doesn't get lost", "logging it here so that
  // nobody forgets"): the ticket's fate, not what the program does (bands, seventh pass).
  if (TICKET_PURPOSE.test(text.slice(Math.max(0, r.start - 80), r.start))) return true;
  // The reporter who looked for a setting or for help and found none ("I couldnt find a setting for it in Options",
  // "I looked in the docs and found nothing") tells a search, and people who "will never find" it a guess: neither is
  // what the program does ("Firefox could not find the file" is: its subject is the program).
  if (/^(?:(?:can(?:no|['’ ]?)t|could(?:n['’ ]?t| not)|did(?:n['’ ]?t| not)|never) find|found nothing)$/i.test(said)) {
    const sentence = `${text.slice(Math.max(0, r.start - 80), r.start).split(/[.!?\n]/).pop() ?? ""}${said}${text.slice(r.end, r.end + 80).split(/[.!?\n]/)[0]}`;
    const searcher = /^(?:i|we)\b/i.test(sentence.trim()) || /\b(?:i|we)\s+(?:\w+\s+)?$/i.test(before) || /\b(?:people|users|nobody|no one|anyone)\s+(?:will|would)\s+$/i.test(before);
    if (searcher && (/\b(?:will|would)\s+$/i.test(before) || /\b(?:docs?|documentation|manual|faq|wiki|options|preferences|prefs|settings?|about:config|google|forums?)\b/i.test(sentence))) return true;
  }
  // The team's work not done on the ticket ("if this is not resolved by Friday", "the issue hasn't been fixed yet") is
  // its state, not what the program does (bands, eighth pass; IMPLIED_EXPECTED takes no opposite from it either). "The
  // table is not sorted", "the host name is not resolved" are the program's.
  if (/^(?:(?:is|are|was|were|has|have|had|gets?|got)(?:n['’ ]?t| not)|not)(?:\s+(?:been|yet|even|ever))*\s+(?:resolved|fixed|addressed|sorted out|answered|solved|escalated|prioriti[sz]ed|looked at|picked up)$/i.test(said) &&
    /\b(?:this|it|that|the (?:issue|bug|ticket|problem|defect|case))\s+$/i.test(before)) return true;
  // "STILL NOT FIXED", "still not resolved" with no subject: the ticket's state, as "it is still not fixed" is (bands,
  // tenth pass).
  if (/^still not$/i.test(said) && /^\s+(?:been\s+)?(?:resolved|fixed|addressed|sorted(?: out)?|solved|done)\b/i.test(text.slice(r.end, r.end + 30)) &&
    /(?:^|[.!?:;\n]\s*|\b(?:this|it|that|the (?:issue|bug|ticket|problem|defect|case))\s+(?:is\s+|was\s+)?)$/i.test(before)) return true;
  // Getting a chance or a moment ("when you get a chance") is the reader's time, not what is seen (bands, fifth pass).
  if (/^(?:i|we|you|they)\s+(?:get|got)$/i.test(said) && /^\s+(?:a (?:chance|moment|minute|sec(?:ond)?)|(?:the |some )?time|round to|around to)\b/i.test(text.slice(r.end, r.end + 20))) return true;
  // People who cannot do their work ("my team cannot do their jobs") say what it costs them, not what the program does.
  if (/^(?:can(?:no|['’ ]?)t|could(?:n['’ ]?t| not)) do\b/i.test(said) && /^\s+(?:their|our|my|his|her|your) (?:jobs?|work)\b/i.test(text.slice(r.end, r.end + 20))) return true;
  if (/^(?:can(?:no|['’ ]?)t|could(?:n['’ ]?t| not)) (?:lose|afford|wait|risk|miss|accept|ignore)\b/i.test(said) && /\b(?:we|i|you)\s+$/i.test(before)) return true;
  // The general case of all the above: the clause's subject a person and its verb not one of meeting the program.
  return personsOwn(text, r);
}

/** The reporter's act on the ticket, then a purpose clause that the read stands in: "Raising this so it doesn't ...". */
const TICKET_PURPOSE = /\b(?:rais(?:e|ing)|log(?:ging)?|fil(?:e|ing)|open(?:ing)?|creat(?:e|ing)|flag(?:ging)?|not(?:e|ing)|track(?:ing)?|add(?:ing)?|park(?:ing)?|put(?:ting)?|captur(?:e|ing)|record(?:ing)?)\s+(?:this|it|that|a ticket|this ticket|the ticket)(?:\s+(?:here|now|again|up|down|in jira|on the board))?,?\s+so\s+(?:that\s+)?(?:it|this|we|nobody|no one|people)\s+(?:[\w'’]+\s+){0,2}$/i;

/**
 * The read stands in a question ("Could the jobs not be run in the background?", "Shouldn't this return every
 * post?"): a question asks, it does not say what happens. The sentence ends at the first "?", "!", ". " or a line
 * that does not run on; it is a question when it ends in "?" and opens as one (`QUESTION`).
 */
function asked(text: string, r: Read): boolean {
  const end = /[?!]|\.(?:\s|$)|\n(?![ \t]*[a-z(])/.exec(text.slice(r.end, r.end + 400));
  return end?.[0] === "?" && QUESTION.test(lineAround(text, r).replace(TIMED_HEAD, "").replace(GREETING, ""));
}

/**
 * A chat line's head with its time, before or after who wrote ("[09:14] mel:", "Fiona 08:02:"): who wrote when. The
 * question opens after it ("Fiona 08:02: morning, anyone else having trouble with the system?"; fifteenth pass, bands).
 * A time is asked for, so a label ("Note: is it ...?") is left as it stands.
 */
const TIMED_HEAD = /^[ \t>]*(?:(?:\[[^\]\n]{0,20}?\d{1,2}:\d{2}(?::\d{2})?\]|\d{1,2}:\d{2}(?::\d{2})?)[ \t]*\p{L}[\p{L}\d._-]{0,30}|\p{L}[\p{L}\d._-]{0,30}(?:[ \t]\p{L}[\p{L}\d._-]{0,20})?[ \t]+\[?\d{1,2}:\d{2}(?::\d{2})?\]?)[ \t]*:[ \t]*/u;

/**
 * A greeting that opens a sentence, up to its comma ("Hi all, can we ...?", "Morning team, is ...?"): the question that
 * follows opens after it (thirteenth bands pass, read-12).
 */
export const GREETING = /^\s*(?:hi|hey|hello|hiya|morning|afternoon|evening|good (?:morning|afternoon|evening)|dear)\b[^,.!?\n]{0,30}[,!]\s*/i;

/** The read stands in a question that opens with an auxiliary or a modal and ends at a "?" of its own ("Can we check these?"). */
function askedOfTeam(text: string, r: Read): boolean {
  const end = /\?(?=\s|$)|[!](?=\s|$)|\.(?=\s|$)|\n(?![ \t]*[a-z(])/.exec(text.slice(r.end, r.end + 300));
  return end?.[0] === "?" && /^\s*(?:[-*•>]\s*)?(?:can|could|would|will|should|shall|may|might|do|does|did|is|are)\b/i.test(lineAround(text, r).replace(GREETING, ""));
}

/**
 * A sentence that opens as a question: an auxiliary or a modal first ("Is it ...", "Could not ...", "Shouldn t
 * this ..."), or a question word other than "why" ("Why does the editor crash on save?" takes the failure as
 * given and says what happens). "I could not find the page any more. can it be added back?" run together opens
 * with "I": it states first. A sentence that opens with "Or" and ends in "?" is the other half of a question ("Is it
 * possible to ...? Or only the first one counts?"; twelfth pass, httpd).
 */
export const QUESTION = /^\s*(?:[-*•>]\s*)?(?:(?:can|could|would|will|should|shall|may|might|must|do|does|did|is|are|was|were|has|have|had)(?:n['’ ]?t)?|what|which|who|whom|whose|where|when|how|whether|anyone|anybody|any one|or)\b/i;

/**
 * A failure word that is part of what is seen: inside a quoted message ("'File Open Error' after ...") or naming
 * the thing that appears ("an error dialog", "Error message: ...").
 */
function named(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const before = text.slice(lineStart, start);
  const quoted = ((before.match(/["“”]/g) ?? []).length % 2 === 1) || (before.match(/(?:^|[\s(])'/g) ?? []).length > (before.match(/'(?=[\s),.:;!?]|$)/g) ?? []).length;
  // A quote in the first person ('"I tried again and it still doesn't work"') is what a person said, not the program's
  // words: it names nothing.
  if (quoted && /["“]\s*(?:I|I['’]m|I['’]ve|I['’]d)\b[^"“”]*$/.test(before)) return false;
  // Nor is a quote whose clause is a person's telling or feeling ("feedback from the owner: 'my clients keep complaining
  // about it'"): a program prints no one's mood (bands, twelfth pass).
  if (quoted && toldByPeople(text, { start, end })) return false;
  // Nor a quote of people's liking ("front desk says: 'members don't like the app'"; eighteenth pass, bands-read-16).
  if (quoted && peopleFeel(text, start, text.slice(start, end))) return false;
  // A quote that opens with a judgement that it does not work ('their integration "isn't working right"') is what a
  // person said (the program shows a message, not "isn't working"): it names nothing (bands, sixth pass).
  if (quoted && /["“'‘]\s*(?:(?:it|it['’]s|is|are|was|were|just|still|simply)\s+){0,2}$/i.test(before) && /^(?:(?:is|are|was|were|does|do|did)(?:n['’ ]?t| not) (?:work|working|works)|not (?:working|work)|broken)$/i.test(text.slice(start, end).replace(/\s+/g, " ")) &&
    /^(?:\s+(?:right|properly|correctly|well|at all|again|anymore|any more|for us|for them)){0,2}\s*[.!,]?\s*["”'’]/i.test(text.slice(end, end + 30))) return false;
  return quoted || /^\s*(?:dialog|message|box|popup|pop-up|page|screen|window|banner|toast|alert|code|text)\b|^\s*:\s*\S/i.test(text.slice(end, end + 20));
}

/** Negations that are not what the program does: "I don't know", "not sure", "should not". */
const QUESTION_OR_EXPECTATION = /\b(?:should(?:n['’ ]?t| not)|must not|ought not|need not|(?:i|we)\s+(?:do|did)(?:n['’ ]?t| not)\s+(?:know|think|see why|understand|mind|care|have (?:a|any|time))|not sure|(?:am|is|are|was|were)(?:n['’ ]?t| not) (?:sure|certain)|no idea|(?:does|do)(?:n['’ ]?t| not) (?:matter|need|have to)|no need|would(?:n['’ ]?t| not) (?:be|have)|if (?:it|this) (?:does|did)(?:n['’ ]?t| not))\b[^.\n]{0,12}$/i;

function lineAround(text: string, r: Read): string {
  let start = r.start;
  while (start > 0 && !/[\n.!?]/.test(text[start - 1])) start--;
  return text.slice(start, r.end);
}

// ---------------------------------------------------------------------------------------------------------------
// What should happen.

/**
 * "should" and "must" of a guess, not of what the program should do: "must be buggy", "should be easy to fix",
 * "should be related to bug 12", "should have been fixed in 3.1", "must be coming from the ad".
 */
const EPISTEMIC = String.raw`\s+(?:probably\s+|also\s+|really\s+)?(?:(?:not\s+)?(?:matter\b|make (?:a|any|much of a) difference\b|be\s+(?:(?:ir)?relevant|important)\b)|be\s+(?:(?:very|quite|fairly|pretty|really)\s+)?(?:easy|simple|trivial|straightforward|related|caused|due|buggy|broken|somewhere|something|the same (?:bug|issue|problem|cause|thing as (?:bug|issue))|the (?:cause|culprit|reason)|a (?:bug|dup|duplicate|problem|regression)|fixed (?:in|by|with|now|already)|noted|coming from|originating (?:from|in))\b|have been (?:fixed|caused|introduced)\b)`;
/**
 * "needs to be fixed today", "must get resolved", "has to be looked at": a plea for a fix, not what the program should
 * do. ("It should be fixed" stays a vague expected result: the labelled reports count it as one.)
 */
const FIX_PLEA = String.raw`(?!\s+(?:really\s+|urgently\s+|definitely\s+)?(?:be|get)\s+(?:\w+ly\s+)?(?:fixed|resolved|addressed|looked (?:at|into)|investigated|sorted(?: out)?|prioriti[sz]ed|handled|patched)\b)`;
/**
 * "should ask" of people ("we should ask the vendor"), not of the program: a thing that should ask ("It should ask for
 * the password", "the installer should ask where to put it") says what the program should do (eighth pass). Nor "we
 * should probably find a usability expert to ...": the people to bring in (sixteenth pass, the shared reports).
 */
const ASK_PEOPLE = String.raw`(?<!\b(?:it|this|that|which|apache|httpd|the\s+[\w-]+)\s+should(?:n['’ ]?t)?)\s+(?:(?:really\s+)?ask\b|(?:probably\s+|maybe\s+|perhaps\s+)?(?:find|hire|consult|involve|get)\s+(?:an?|some|the|our)\s+(?:[\w-]+\s+)?(?:experts?|designers?|specialists?|consultants?|people)\b)`;
/**
 * A modal of what should be: "should", "is supposed to", "must", "needs to", "ought to". Not of a person's ("I should
 * have", "you must"); a program's option is no person ("via -i it should fail", "with -u it must"; ninth pass).
 * Not "needs to" put as a question, the auxiliary before its subject ("does it need to be enabled?", "Does the user
 * need to be connected?"): it asks whether, and says nothing of what should be (tenth pass).
 * Nor "someone needs to look at the whole thing": a person's need, the team's work, as "someone should" is (thirteenth
 * bands pass, read-12).
 * A question put with the negated auxiliary before its subject ("Isn't the lock supposed to be released?", "Is the
 * limit not supposed to apply?") states what should be, as "Shouldn't it ...?" does; "Is this supposed to happen?" asks
 * (fifteenth pass, httpd).
 * The word between the person and "should" may be an adverb ("I really should"), not a verb in the past: "Tabs I closed
 * should stay closed", "the file you saved should open" is a thing named with a clause of its own, and its "should" says
 * what should be of it (sixteenth pass, read-15 firefox).
 */
const MODAL = new RegExp(`\\b(?:(?<!(?:(?<!-)\\b(?:i|u)|\\b(?:you|somebody|someone|anyone|anybody))\\s+(?:(?!(?!indeed\\b)[a-z]+ed\\s)\\w+\\s+)?)should(?:n['’ ]?t)?(?!\\s+(?:i|we)\\b)(?!\\s+(?:really\\s+)?(?:hurry|look into|make a (?:bug )?report|report|file|contact|(?:do|try|change) (?:something|anything|stuff|things)(?: \\w+)? about))(?!${ASK_PEOPLE})(?!${EPISTEMIC})|(?=should)(?<=\\byou\\s+)should(?= be able to)|(?:is|are|was|were) supposed to|(?:is|are|was|were)(?:n['’]?t\\s+(?:(?:the|a|an|this|that|my|our|its)\\s+)?[\\w."'“”%-]+(?:\\s+[\\w.-]+)?|\\s+(?:(?:the|a|an|this|that|my|our|its)\\s+)?[\\w."'“”%-]+(?:\\s+[\\w.-]+)?\\s+not)\\s+supposed to|ought to|(?<!(?:(?<!-)\\bi|\\b(?:you|we|one|they))\\s+)must(?![\\w-])(?!\\s+(?:fix|have (?:been|\\w+ed)|be\\s+(?:a|an|the|some|my|our)\\b))(?!(?<=(?:^|[.!?;]\\s*|\\n\\s*)must)\\s+(?:kill|restart|reboot|re-?start|force[- ]?quit|end|wait)\\b)(?!${EPISTEMIC})${FIX_PLEA}|(?<!(?:(?<!-)\\bi|\\b(?:you|one|they|users?|someone|somebody|anyone|anybody))\\s)(?<!\\b(?:do|does|did)(?:n['’ ]?t)?\\s+(?:i|we|you|they|users?|one|it|this|that|he|she|(?:the|a|an|my|our|your|each|every|this|that)\\s+[\\w-]+)\\s+)(?<!\\b(?:i|you|one|they|users?)(?:\\s+(?:would|will|might|may|could)|['’]d)\\s)needs? to(?<!\\bwhether\\s+(?:i|we)\\s+needs? to)(?! (?:know|do|restart|reboot|re-?start|close|reopen|kill|wait))(?! (?:address|investigate|fix|resolve|look (?:into|at)|sort out|deal with) (?:this|these|that|those|it|them|the following|the (?:above|below|issues?|problems?|bugs?))\\b)${FIX_PLEA}|(?:has|have) to(?= be\\b)${FIX_PLEA} be)\\b`, "i");
/**
 * A bare comparative after the modal ("needs to be better", "should be faster", "must be improved"), with no measure
 * and nothing to compare with: that something is wrong, not what should happen (bands, sixth pass). "should be faster
 * than 2 seconds" and "should be better aligned with the header" say what.
 */
/**
 * "We expected better after the last call", "I expected more for what we pay": a bare comparative after "expected" is
 * people's disappointment, not a result to check (bands, tenth pass). "expected better than 2 seconds" says what.
 */
const EXPECTED_BETTER = /^\s+(?:(?:a lot|much|far|way|something|a bit)\s+)?(?:better|more)(?=\s*(?:[.,;!]|$|\s+(?:after|for|from|of|than (?:this|that)|by now|given|to be honest)\b))/i;
/**
 * A quality asked for as a comparative and nothing more: "better", "faster", "clearer", or "more" or "less" of any one
 * quality ("more reliable", "less confusing", "more user friendly"), with no measure and nothing named to compare with.
 * Since the thirteenth bands pass (read-12) any quality after "more" or "less" counts, not only a list of them: the
 * comparative names how the thing should feel, not what it should do ("Needs to be more user friendly", "They should be
 * clearer", "Can we make it less confusing"). "more than 3", "less than a second" compare with a measure.
 */
const QUALITY_COMPARED = "(?:(?:a lot|much|way|far|a bit|a little|so much|really)\\s+)?(?:better|faster|quicker|nicer|easier|clearer|simpler|cleaner|friendlier|improved|smoother|snappier|(?:more|less)\\s+(?!than\\b)[\\w-]+(?:\\s+friendly)?)";
/**
 * A request to make it better and nothing more ("Can we make it better?", "please make search faster", "could you make
 * this more reliable"): as "it should be better" (BARE_COMPARATIVE), it names no result to check a change against (bands,
 * twelfth pass). "make it faster than 2 seconds", "make the list sort by date" name one. The thing may be named
 * in two words and the request may end at a comma ("Please make recurring giving more reliable, it matters to us";
 * thirteenth bands pass).
 */
/**
 * A request to make it work as it did and nothing more ("Can we just make it work like before?", "please make the rota
 * behave as it used to", "could you make it work again"): it names no result either, only that it once worked
 * (eighteenth pass, bands-read-16). "make it work like before, listing the night shifts first" names one.
 */
const MADE_AS_BEFORE = /^\s+(?:it|this|that|them|things|(?:the\s+|our\s+|your\s+)?[\w-]+(?:\s+[\w-]+)?)\s+(?:work|behave|run|act|be)\s+(?:(?:just\s+)?(?:like|as)\s+(?:before|it (?:did|used to|was)|they (?:did|used to|were)|(?:it|they) did before)|again|properly|normally|the way it (?:did|used to|was))(?:\s+(?:asap|now|please|again))?\s*(?:[.!?;]|$)/i;
const MADE_BETTER = new RegExp(`^\\s+(?:it|this|that|them|things|(?:the\\s+|our\\s+|your\\s+)?[\\w-]+(?:\\s+[\\w-]+)?)\\s+${QUALITY_COMPARED}(?:\\s+(?:asap|now|already|soon|please|again|than (?:this|that|it is|now|before)))?\\s*(?:[.!?,;]|$)`, "i");
export const BARE_COMPARATIVE = new RegExp(`^\\s+(?:be\\s+)?${QUALITY_COMPARED}(?:\\s+(?:asap|now|already|soon|than (?:this|that|it is|now|before)))?\\s*(?:[.!,;]|$)`, "i");
/**
 * A modal that asks to make the thing better and nothing more ("the kiosk should make it easier", "it needs to make things
 * clearer"): as "please make it easier" (`MADE_BETTER`) and "it should be easier" (`BARE_COMPARATIVE`), it names no result
 * to check (sixteenth pass, bands). "should make the list sort by date" names one.
 */
const MADE_BARE = /^\s+make\b/i;
export function bareComparative(after: string): boolean {
  return BARE_COMPARATIVE.test(after) || (MADE_BARE.test(after) && MADE_BETTER.test(after.replace(MADE_BARE, "")));
}
/**
 * The team to think a thing over again ("We should rethink check-in", "we need to revisit the waiver flow", "we must
 * reconsider how ..."): the team's deliberation, as "we should do something about it" is, names nothing the program
 * should do (sixteenth pass, bands). "The app should revisit the server every minute" is the program's act. So is the
 * team to fix it, said actively ("we need to sort the waiver thing out", "we should look at how charges come across"),
 * as "it needs to be sorted out" is a plea (`FIX_PLEA`), and the team to take a look ("we need to take a proper look at the
 * whole area"), as "we should look at" is (seventeenth pass, bands). So is the team's or the reporter's decision or plan
 * ("we need to decide whether to import it", "..., need to plan the migration"), and the reporter's own act that mends the
 * failure, told with "need to" and no subject ("Need to unload the module to fix."): a person's task, not the program's
 * (twentieth pass, read-19; writers 14, 18 and 19).
 */
function teamRethinks(text: string, r: Read): boolean {
  const before = text.slice(Math.max(0, r.start - 20), r.start);
  const after = text.slice(r.end, r.end + 40);
  return (/\b(?:we|the team)\s+(?:really\s+|probably\s+|all\s+|first\s+)?$/i.test(before) || (/^needs?\s+to$/i.test(text.slice(r.start, r.end)) && OWN_TASK_OPENS.test(before))) &&
    /^\s+(?:really\s+|probably\s+|seriously\s+|first\s+)?(?:rethink|reconsider|revisit|re-?evaluate|re-think|decide|plan|figure\s+(?:[\w-]+\s+){0,2}?out|work\s+out|sort\s+(?:[\w-]+\s+){0,3}?out|fix (?:this|it|that)|deal with|look (?:at|into)|(?:take|have) a (?:\w+ )?look (?:at|into))\b/i.test(after) ||
    (/^needs?\s+to$/i.test(text.slice(r.start, r.end)) && OWN_TASK_OPENS.test(before) && OWN_MENDING.test(text.slice(r.end, r.end + 100)));
}
/**
 * "need to" with no subject, opening its sentence or a clause after a comma or a semicolon: the reporter's own need, whose
 * subject is left out as in a note ("..., need to plan the migration", "Need to unload apache.nlm to fix."; twentieth pass,
 * read-19). "Should be X" with no subject stays what should be; only "need to" is a person's task this way.
 */
const OWN_TASK_OPENS = /(?:^\s*|[.;!?,:]\s*|\n\s*)$/;
/** An act of the reporter's that mends the failure, told as what they need to do ("Need to unload apache.nlm to fix."): a workaround, no expected result (the eighteenth pass's decision). */
const OWN_MENDING = /^\s+(?!be\b)[a-z]+\b[^\n!?;]{0,60}?\bto\s+(?:fix|recover|get\s+(?:it|this|things|them)\s+(?:working|back))(?:\s+(?:it|this|that|things))?\s*(?:[.!;]|$)/i;
/** "you should see", "should be able to reproduce": a step's expected observation, not an expectation. */
const MODAL_NOT_EXPECTED = /\b(?:you|one|we)\s+should\s+(?:see|get|notice|observe|be able to (?:see|reproduce|notice))\b|\bshould (?:be able to )?reproduce\b|\bshould i\b|\bif (?:it|this|you) should\b/i;
/**
 * "like it should", "as it should", "the way it should" closing a clause after a negation ("Search doesn't work like it
 * should", "is not returning in nearly as many cases as it should be") judge what happens and name nothing that should
 * happen instead; after a plain statement ("Windows shows a blurred square as it should") it says a case that works,
 * which stays read (twelfth pass). So does "where it should be" after a negation ("is not where it should be"), a place or a
 * level named by where it ought to be (seventeenth pass, second half, bands).
 */
const AS_IT_SHOULD = /^\s*(?:should|ought to|is supposed to|are supposed to)(?: (?:be|do|work))?(?=\s*(?:[.,;!?)]|$|and\b|but\b|anymore\b|any more\b))/i;
const AS_IT_BEFORE = /\b(?:like|as|the way|how|where) (?:it|they|this|that|things|everything)\s*$/i;
const NEGATED_CLAUSE = /(?:n['’`]?t|\bnot|\bnever|\bno longer|\bnowhere near)\b[^.;:!?\n]*$/i;
function judgedAsItShould(text: string, r: Read): boolean {
  const before = text.slice(Math.max(0, r.start - 200), r.start);
  return AS_IT_BEFORE.test(before) && AS_IT_SHOULD.test(text.slice(r.start, r.start + 40)) && NEGATED_CLAUSE.test(before);
}
/**
 * Stated expectation: "expected", "I'd expect", "instead of", "rather than", "the correct value is", a value given in
 * brackets, quotes or figures and called correct ("Interpreter output (60) is correct", "12 is right"; fifteenth pass,
 * read-14 firefox: the right value says what should happen). Not what the reporter
 * expects of people ("I expect someone to look at it properly", "we expect a reply today"; bands, eighth pass). Nor
 * "not what I expected", a disappointment (thirteenth bands pass, read-12).
 */
const EXPECT = /\b(?:(?<!\b(?:as|than|not|un)\s*)(?<!(?:\bnot|n['’]t)\s+what\s+(?:[\w'’]+\s+){1,2})expect(?:ed|s|ing|ation|ations)?(?! (?:exception|error))(?!\s+(?:someone|somebody|anyone|anybody|you|the team|your team|support|a developer|(?:a|an|some) (?:reply|response|answer|update|fix|call ?back))\b)|(?:i|we)['’ ]?d expect|instead of|rather than|(?:the )?(?:correct|right|desired|intended|proper|normal|ideal|preferred) (?:behaviou?r|result|outcome|output|value|order|way|state|response)|(?:is|are|was) intended to|(?=\S)(?<=(?:^|[.!?;:]\s+|\n\s*))(?:correct would be\b|(?:correct|right) (?:would be|is|are)(?=\s*["“'‘:]|\s+\d))|(?:\w+\s+(?:\(\s*[^()\n]{1,20}?\s*\)|["“][^"“”\n]{1,30}["”])|(?<![\w.])\d[\d.,]*)\s+(?:is|was|would be)\s+(?:the\s+)?(?:correct|right)|en (?:vez|lugar) de|au lieu d(?:e|u|es)|(?:an)?statt|invece di|em vez de|ao inv[ée]s de)\b/i;
/**
 * What does not happen, followed by a sentence that opens with "Instead" ("Insights don't show the tab names. Instead
 * we see numbers."): the "Instead" sets what is seen in place of the negated action, which is what should happen.
 */
const NOT_INSTEAD = new RegExp(`${NEGATED}[^.,;\\n]{1,80}(?=[.,;]\\s+(?:but\\s+)?instead\\b)`, "i");
/** A wish or a judgement of what would be better: "it would be nice if", "I'd like", "I wish", "I need all cookies to get it" (ninth pass: "all", "every", "each", "both" beside "the"). */
const WISH = /(?:(?:^|[.!?]\s+|\n\s*)would be (?:\w+\s+)?(?:nice|good|great|cool|awesome|helpful|useful|handy|better|best|ideal)\b|\b(?:(?:it|this|that|which)\s+would\s+be\s+(?:\w+\s+)?(?:nice|good|great|better|best|helpful|useful|preferable|ideal|desirable|appropriate|logical|reasonable|correct|cool|awesome|handy|sensible|consistent|intuitive|convenient|simpler|easier|clearer|safer|more \w+|(?!(?:either|other|under|over|after|never|ever|rather|whether|neither|later|together)\b)[a-z]+er\b)|would (?:be|make) (?:\w+ )?(?:more )?sense|makes? (?:more )?sense (?:to|if)|(?:i|we)(?:['’ ]?d| would) (?:like|love) (?:to (?:see|have|be able|get)\b|(?!to\b)\w+)|(?:i|we)(?:['’ ]?d| would) (?:prefer|rather|want|expect)|(?:i|we) (?:just |really |only |simply )?(?:wish|want) (?!to\b|you\b)|(?:i|we)(?:['’ ]?d| would)? (?:suggest|propose|recommend)(?! (?:the|my|our|this|these|it|them)\b[^.!?;\n]{0,30}\bto (?:(?:my|our|their|all|the) )*(?:friends|family|people|users|customers|colleagues|others|everyone|contacts|followers)\b)|(?:a |the |one )?(?:possible |simple |easy |better |proper |right )?(?:solution|fix)(?: (?:to|for) (?:this|the|that) (?:problem|issue|bug))? (?:would be|could be|is) to\b|in my (?:opinion|view)|\bimho\b|(?:i am|i['’ ]?m|we are|we['’ ]?re) (?:requesting|asking)\b|(?:my |a |the )?(?:suggestion|proposal|recommendation) (?:is|would be)|feature request|enhancement request|(?:it|this) (?:would|will) (?:be|make)(?:\s+\w+)? (?:nice|good|great|better|easier|possible)|better (?:to|if|would be)|would rather|(?:i|we) need (?:a|an|the|all|every|each|both|to be able|some|more|better)\b|there should be|(?:is|are) needed\b))/i;
/**
 * A request to change it: "please add ...", "could you make ...", "can it be added back?", "consider renaming". "How
 * about" and "what about" suggest only where a sentence or a clause opens with them ("What about a filter by date?");
 * "Not sure what about exactly" asks what the complaint was about (thirteenth bands pass, read-12).
 */
const REQUEST = /\b(?:(?:please|pls|plz|kindly)\s+(?:(?:also|just|consider|think about)\s+)?(?:add|make|allow|support|provide an?(?!\s+(?:(?:quick|proper|permanent)\s+)?(?:solution|fix|workaround|answer|reply|response|update|resolution|patch)\b)|change|remove|rename|include|expose|implement|show|display|enable|disable|let(?! (?:me|us) know)|restore|bring back|put back|(?:bring|put) (?:it|them|this|that) back|keep|stop|prevent|avoid|use|switch|move|return|document|update the (?:docs|documentation)|open up|update (?:it|this|that|them|the [\w-]+) to)\b|(?:could|can|would|will)\s+(?:you|we|it|this|they|someone|somebody|the \w+)\s+(?:please\s+)?(?:\w+\s+)?(?:be\s+)?(?:add|added|make|made|allow|allowed|support|supported|provide|provided|change|changed|remove|removed|rename|renamed|use|used|include|included|expose|exposed|implement|implemented|consider|considered|show|shown|display|displayed|enable|enabled|let|update|updated|restore|restored|bring|brought|put|moved?|fixed so|increased?|decreased?|raised?|lowered|lower|reduced?|extended|extend|shortened|lengthened)\b|why (?:not|doesn['’ ]?t it|can['’ ]?t (?:we|it|you|i))|is (?:it|there) (?:possible|a way) to|consider(?:ing)? (?:\w+ing|making|adding|using|changing|removing|renaming)|(?=\S)(?<=(?:^|[.!?;:]\s*|\n\s*|\b(?:and|so|but|also),?\s+))(?:how|what) about)\b/i;
/**
 * A case that works, set beside the failing one: "works on Chrome", "worked in 2.3", "used to show". The place named
 * first may open a clause after a comma, and "they" work there as "it" does ("... fail with 502 on https, on http they
 * work"; seventeenth pass, read-16 httpd). "It didn't in 3.6" may name the failure with "do that" ("It didn't do that with
 * 3.0", as "It didn't happen with 3.0" is read; twenty-first pass, read-20 firefox).
 */
const WORKING_CASE = /(?:\b(?:does|do|did) work (?:for|on|in|with|when|under)\b|(?:^|[.!?]\s+|\n\s*)(?:typically|normally|usually|ordinarily),? (?:when|if|you|it|the|we|this)\b|\b(?:looks|works|behaves|acts|is) (?:exactly )?the same as (?:it )?(?:always|before|usual|it did|it does|in|on)\b|\b(?:does|do|did)(?:n['’ ]?t| not) (?:happen|occur|exist|reproduce)s? (?:on|in|with|under|for|when|if)\b|\b(?:does|do|did)(?:n['’ ]?t| not) (?:crash|hang|freeze|fail|leak|assert)s? (?:on|in|with|without|under|when|if|after|before)\b|\b(?:it|this|that|the (?:problem|bug|issue|error|crash|behaviou?r|failure))\s+(?:does|do|did)(?:n['’ ]?t| not) (?:show up|appear)s? (?:on|in|with|under|for|when|if)\b|\bonly (?:happens|occurs|fails|breaks) (?:on|in|with|under|for|when|if)\b|\b(?:it|this|that) (?:is|was) able to\b|\bwill (?:also )?work (?:after|if|when|on|in|with)\b|(?<!(?:n['’ ]t|\b(?:(?:do|does|did|is|was|are|were|ca|wo|could|would|should|has|have|had)nt|not|never))\s+(?:\w+\s+){0,2})\bas expected\b|(?<!(?:n['’ ]t|\b(?:(?:do|does|did|is|was|are|were|ca|wo|could|would|should|has|have|had)nt|not|never))\s+)\b(?:correctly|properly) (?:displays?|display|shows?|show|renders?|render|loads?|load|works?|work|uses?|use|handles?|handle|returns?|return|says?|reads?|lists?|prints?|states?)\b|\b(?:displays?|shows?|loads?|renders?|appears?|returns?|looks?|opens?)\s+(?:\w+\s+)?(?:properly|correctly|fine|ok|okay|normally) (?:in|on|with|for|under|from|using|when)\b|(?<!(?:n['’ ]t|\b(?:(?:do|does|did|is|was|are|were|ca|wo|could|would|should|has|have|had)nt|not|never|who|i|we|you|he|she|they|people|someone|to))\s+(?:\w+\s+)?)\b(?:works?|worked|working|behaves|behaved)\s+(?:\w+\s+)?(?:fine|well|correctly|properly|ok|okay|as expected|perfectly|normally|great)\b|(?<!(?:n['’ ]t|\b(?:(?:do|does|did|is|was|are|were|ca|wo|could|would|should|has|have|had)nt|not|never))\s+)\b(?:it|this|that|which|everything) (?:works?|worked|is working|was working|is fine|was fine) (?:\w+ )?(?:on|in|with|under|for|from|using|when|if|via)\b|(?:^|[.!?;]\s+|\n\s*)(?:works?|worked) (?:\w+ )?(?:on|in|with|under|for|from|using|when)\b|\b(?:it|this|that|which|they|everything|he|she) (?:always |still )?used to (?:work|be|show|display|return|open|load|appear|have|allow|happen|do)\b|(?<!\b(?:i|we|you|he|she|they)\s+)\b(?:was|were) (?:working|fine|ok|okay|correct) (?:before|in|until|prior|on|with|yesterday)\b|(?:as|like) (?:it )?(?:does|did|is|was|works|worked) (?:in|on|for|with|under|when|before)\b|(?:same|different) (?:as|from|than) (?:in|on|with|how|what)\b|(?:behaves?|behaved|works?|worked|acts?) different(?:ly)? (?:from|than)\b|\bunlike\b|(?<!\b(?:changed|came|introduced|added|removed|happened|occurred|appeared|started|began|fixed|resolved|solved|patched|addressed)\s+)(?:in|with|on|under) (?:the )?(?:previous|earlier|older|prior|last) (?:versions?|releases?|builds?)\b|\b(?:previous|earlier|older|prior) (?:versions?|releases?|builds?) (?:of [\w .-]{1,30}?)?(?:supported|allowed|did|handled|worked|showed|had)\b|(?:before|until) (?:the |this |our |last |yesterday['’]?s? )?(?:upgrade|update|release|deploy|version|change|commit)\b|(?:^|[.!?;,]\s+|\n\s*)(?:in|on|with|under|using) (?:[^,.;:\n]|\.(?=\S)){1,40}?,? (?:(?:it|this|that|everything) (?:works|worked|is working|was working|is fine|was fine|is correct|behaves correctly)|they (?:work|worked|are working|were working|are fine|were fine))\b(?! (?:not|only)\b)|\b(?:can(?:no|['’ ]?)t|could(?:n['’ ]?t| not)|unable to|not able to) reproduce (?:it |this |that |the (?:problem|bug|issue|crash|error) )?(?:in|on|with|under|using)\b(?! (?:demand|purpose|will|command|a (?:whim|schedule)|my own)\b)|(?<!(?:n['’ ]t|\b(?:(?:do|does|did|is|was|are|were|ca|wo|could|would|should|has|have|had)nt|not|never|cannot|nobody|no one))\s+(?:\w+\s+)?)\b(?:see|sees|saw|get|gets|got|receive|receives|received)\s+(?:it|them|this|that|the [\w-]+)\s+(?:fine|correctly|properly|normally|ok|okay|as expected)\b|\b(?:it|this|that|they)\s+(?:did|does|do)(?:n['’ ]?t| not)\s+(?:do\s+(?:that|this|so|it)\s+)?(?:in|on|with|before|until|under)\s+(?:[A-Za-z][\w.-]*\s+)?v?\d+(?:\.\d+)+\b|(?:^|[.!?;]\s+|\n\s*)(?:in|on|with|under) [^,.;:\n]{0,30}?\d[\w.]*,?\s+(?:i|we|you|one) (?:could|was able to|were able to|used to)\b|\bcompared (?:to|with)\b|\b(?:in|on|with|under|using) (?:[A-Z][\w.+-]*|v?\d[\w.]*)(?: [\w.+-]+){0,5} (?!(?:is|are|was|were|be)\b)[a-z]+(?:s|ed) (?:fine|correctly|properly|normally|ok|okay|perfectly)\b|(?<!(?:n['’ ]t|\b(?:(?:do|does|did|is|was|are|were|ca|wo|could|would|should|has|have|had)nt|not|never|cannot))\s+(?:\w+\s+)?)\b(?:opens?|loads?|renders?|shows?|displays?|handles?|plays?|accepts?|saves?|prints?|imports?|installs?|starts?|runs?)\s+(?:it|them|this|that|the [\w-]+|fine)\s+without (?:any |a |an )?(?:warnings?|errors?|problems?|issues?|complaints?|crash(?:es|ing)?|prompts?)\b|\bfromchange=\w+&(?:amp;)?tochange=\w+|\/compare\/[\w.-]+\.{2,3}[\w.-]+|\bregression (?:range|window)\b|\bregressed (?:by|in|with|since|after|from|between)\b|\b(?:a|is a) regression (?:from|since|in|of|after|caused by|introduced by)\b|(?<!(?:n['’ ]t|\b(?:(?:do|does|did|is|was|are|were|ca|wo|could|would|should|has|have|had)nt|not|never))\s+)\b(?:built|builds|compiled|compiles|ran|runs|started|starts|passed|passes|installed|installs)\s+(?:\w+\s+)?(?:fine|correctly|properly|cleanly|ok|okay|without (?:any )?(?:errors?|problems?|issues?|warnings?))\s+(?:with|in|on|under|using|before|against|for)\b)/i;
/**
 * A wish or a proposal whose subject was left out: "Would be useful for load testing.", "Suggest raising it to 500.",
 * and a patch said to add what it asks for ("The attached patch adds an option ...", "Adds --with-ssl-libdir."): the
 * change the report asks for; so is an enhancement or a patch named without its article and said to do it ("Small
 * enhancement, lets X take a hostname", "Minor patch: adds a flag"; fifteenth pass, read-14).
 */
const WISH_UNSAID = /(?:^|[.!?;]\s+|\n\s*)(?:(?:would|will) be (?:\w+ )?(?:nice|useful|helpful|good|great|better|handy|convenient)\b|(?:suggest|propose|recommend)(?:ed)? (?:to |that |making |adding |raising |lowering |using |changing |\w+ing\b)|(?:adds|implements|introduces) (?:an? |the |support |new )?\S)|\b(?:the|this|attached|my|a|following) (?:\w+ )?patch(?:es)? (?:\w+ )?(?:adds|implements|introduces|allows|lets|makes|provides|enables)\b|(?:^|[.!?;]\s+|\n\s*)(?:(?:small|minor|simple|trivial|tiny)\s+)?(?:patch|enhancement|improvement)[,:]?\s+(?:that\s+|which\s+)?(?:adds|implements|introduces|allows|lets|makes|provides|enables)\b/i;
/**
 * A case that works told in other words: the same thing elsewhere works ("The same URL in Firefox 2 works"), the
 * failure dated from a named revision or version ("broken since r600124", "fails since 2.2.8"), so it worked before, going
 * back to a version mends it ("downgrading to 2.2.4 fixes it"), or another handles it ("1.3 handled this fine", "does
 * the right thing"), or it is done right in another case ("the same way it is done for a 200", "in the same way as it
 * was made in 3.1"; eighth pass). The same thing said to be fine where it is named after ("Same form is fine in Opera
 * and in the 2.0 build", "the same clip looks right on Linux"; seventeenth pass, read-16 firefox).
 */
const WORKS_ELSEWHERE = /\bsame (?!(?:problem|issue|bug|error|thing happens)\b)[\w.-]+(?: [\w.-]+)? (?:is|was|looks|looked|renders|rendered|works|worked|plays|played) (?:just )?(?:fine|ok|okay|correct|right|good|correctly|properly|well|normal|normally) (?:in|on|with|under|using)\b|\b(?:the )?same (?:[\w.-]+ ){0,3}(?:in|on|with|under|using|from|via|over|through) (?:[^,.;:!?\n]|[:.](?=\d)){1,30}? (?:works|worked|is fine|was fine|behaves correctly|loads fine)\b|\b(?:broken|broke|fails?|failing|failed|crash(?:es|ing)?|stopped working|(?:does|do)(?:n['’ ]?t| not) (?:work|compile|build|start|load)) (?:again |ever )?since (?:r\d{3,}|rev(?:ision)?\.? ?\d+|(?:version |release |build )?v?\d+\.\d+[\w.-]*)|\b(?:downgrad(?:e|ed|ing)|revert(?:s|ed|ing)?|roll(?:ed|ing)? back|going back|went back) to (?:version |release |build )?(?:r\d{3,}|v?\d+\.\d+[\w.-]*)\b(?:(?!\bnot\b|n['’ ]?t\b|\bnever\b)[^.;\n]){0,30}?\b(?:fix(?:es|ed)?|solves?|solved|cures?|helps?|helped|makes? it work|made it work)\b|(?<!(?:\bnot|n['’ ]?t|\bnever)\s+)\b(?:handles?|handled|treats?|treated|shows?|showed|displays?|displayed|renders?|rendered|draws?|drew|prints?|printed) (?:it|this|that|them|these|the (?:same )?[\w-]+) (?:just )?(?:fine|correctly|properly|right)\b|(?<!(?:\bnot|n['’ ]?t|\bnever)\s+)\b(?:does|did|do) the right thing\b|\bthe (?:very )?same way (?:as )?(?:it|this|they|that) (?:is|are|was|were) (?:already )?[a-z]+ (?:for|in|on|with|under|by)\b/i;
/** "The same" input or place, where a case that works is told ("In Chrome the same file downloads"), not "the same" failure. */
const SAME_INPUT = String.raw`same(?! (?:pages?|sites?|urls?|machines?|computers?|hardware|profiles?|files?|documents?|videos?|content|network|system|box|device|fields?|forms?|keys?|accounts?|settings?|data|input|requests?|tests? ?cases?|markup|code)\b)`;
/**
 * A case that works, told in forms the readings above miss (`WORKING_KEPT` is read with its case, so a capital names a
 * product, and a browser is named as one: "Chrome", not a browser's "chrome" or "chrome://"): a state another version kept ("In Firefox 2 the text was
 * still there", "in other apps it's smooth"), another browser or server named doing it ("Chrome shows it in 4
 * seconds", "IE and Opera pick the right charset"; not "Chrome too" or "the same error"), "was not like that in 3.6", a
 * version that does not show it ("4.0b7 does not show this") or never did ("1.3 never did that"; twelfth pass, httpd), a version with nothing wrong ("In 2.2.14 nothing", "on
 * 2.2.11 fine"), a variant that works ("If the line is first it works", "Removing the Order lines works", "Without a
 * proxy the pref is honored"), what could be done there ("In 2.2 the LAN could access it"; not "could not", "could
 * be", "could also crash"; twelfth pass, httpd).
 */
const WORKING_KEPT = new RegExp(String.raw`(?:^|[.!?;,]\s+|\n\s*)(?:[Ii]n|[Oo]n|[Ww]ith|[Uu]nder|[Uu]sing) (?:(?:all |the )?(?:other|another|older|previous) [\w.+-]+|(?:the )?(?:version|release|build) v?\d[\w.]*|[A-Z][\w.+-]*|v?\d[\w.]*)(?: [\w.+-]+){0,4},? (?:it|its|it['’ ]?s|the [\w-]+(?: [\w-]+)?|this|that|they|everything) (?:is |was |were |are )?(?:still )?(?:there|shown|displayed|visible|fine|correct|ok|okay|smooth|fast|quick|preserved|kept|saved|instant|could (?!(?:not|never|also|still|only|be|crash|fail|hang|break|freeze|leak|lose|see the same)\b)[a-z]+)\b|(?:\b[Oo]ther browsers|\b(?:IE|MSIE|Internet Explorer|Edge|Chrome|Chromium|Safari|Opera|Konqueror|SeaMonkey|Netscape|Epiphany|IIS)|\b(?:nginx|lighttpd))(?: ?\d[\w.]*)?\b(?!:\/\/)(?:(?!\b(?:[Nn]ot|n['’ ]?t|[Nn]ever|[Nn]o|also|too|${SAME_INPUT}|either|only|fails?|crash\w*|hangs?|broken|slow|wrong|errors?|warnings?|exceptions?)\b)[^.;!?\n]){0,40}?\b(?:fine|correctly|properly|ok|okay|smooth(?:ly)?|plays?|is shown|are shown|goes to|loads?|renders?|displays?|shows?|starts?|works?|picks?|opens?|announces|keeps?(?!\s+(?:\w+ing|on)\b)|remembers?|gives?(?!\s+(?:an?\s+|the\s+)?(?:error|exception|warning|blank|crash|nothing|no|same)\b))\b(?![^.;!?\n]{0,30}\b(?:too|also|as well|only|${SAME_INPUT})\b)`);
/**
 * Another browser named first, then what happens there, in a sentence of its own or after a comma: "In Chrome NVDA
 * reads the message right away.", "..., in chrome it goes back to the previous page." Not with a failure, a negation,
 * "too" or "the same" in it ("In Chrome the same happens", "In Chrome it also fails"), nor a browser's tools ("In Chrome
 * DevTools I see ..."). Internet Explorer is left out: in a web developer's report it is most often the failing browser
 * ("In IE6, when calling FB.init on an ssl page, you get a security error").
 */
const WORKING_IN_BROWSER = new RegExp(String.raw`[Ii]n (?<=(?:^|[.!?;,]\s+|\n\s*)[Ii]n )(?:[Cc]hrom(?:e|ium)|[Ss]afari|Edge|[Oo]pera|other browsers)(?: ?\d[\w.]*)?(?!\s+(?:[Dd]ev ?[Tt]ools|[Cc]anary|[Ee]xtensions?|[Ww]eb [Ss]tore)\b),? (?:(?!\b(?:[Nn]ot|n['’ ]?t|[Nn]ever|[Nn]o|[Nn]othing|also|too|${SAME_INPUT}|either|only|fails?|failed|crash\w*|hangs?|broken|slow|wrong|errors?|warnings?|exceptions?|bug|problem|issue|different(?:ly)?)\b)(?:[^.;!?\n]|[.!?](?=\S))){3,80}(?=[.;!?](?:\s|$)|\n|$)`);
/**
 * The same page or test case named in another browser, then what happens there told of it ("Same page in IE11 with NVDA
 * the update is announced.", "The same test case in Safari renders the caption."): a case that works, read as
 * `WORKING_IN_BROWSER` reads one, with the same words kept out (eighteenth pass, read-17 firefox). Internet Explorer is
 * taken here: "the same page" sets it beside the failing browser. The lookbehind stands after "same", so it is tried
 * only where "same" stands.
 */
const SAME_IN_BROWSER = new RegExp(String.raw`[Ss]ame (?<=(?:^|[.!?;][ \t]{1,4}|\n[ \t]{0,8})(?:[Tt]he )?[Ss]ame )(?:page|site|file|form|test ?case|document|video|url|URL|link|markup|code|snippet|example) (?:in|on|with) (?:IE ?\d*|Internet Explorer(?: ?\d+)?|[Cc]hrom(?:e|ium)|[Ss]afari|Edge|[Oo]pera)(?: ?\d[\w.]*)?,? (?:(?!\b(?:[Nn]ot|n['’ ]?t|[Nn]ever|[Nn]o|[Nn]othing|also|too|${SAME_INPUT}|either|only|fails?|failed|crash\w*|hangs?|broken|slow|wrong|errors?|warnings?|exceptions?|bug|problem|issue|different(?:ly)?)\b)(?:[^.;!?\n]|[.!?](?=\S))){3,80}(?=[.;!?](?:\s|$)|\n|$)`);
/**
 * Another browser named as the subject of a clause of its own, doing the thing in the present ("Chrome pauses in both
 * cases", "Chrome makes about 300 KB from the same page", "Node 20 and Chrome accept it", "Chrome/Safari print 1000",
 * "The same video in Edge looks correct"): the same case where it does not fail, set beside the failing one. Fifteenth
 * pass (firefox). Read with its case (a browser by its name, not "chrome://" or "the edge"); the verb right after the
 * name, in the third person, or in any form after two names joined. Not "is", "has", "does" (what follows says more)
 * or "says" (what it prints); the clause is dropped in `expectedIn` when it tells a failure, a negation, "too", "also",
 * "only", "either" or the same again ("Chrome drops the query too", "Chrome shows the same error"). Another browser's
 * engine named in its stead ("WebKit fades it in", "Blink keeps the scroll position") and Konqueror are other browsers
 * too (seventeenth pass, read-16 firefox).
 */
const OTHER_BROWSER = String.raw`(?:Chrom(?:e|ium)|Safari|Edge|Opera|Brave|Vivaldi|WebKit|Blink|Konqueror)(?: ?v?\d[\w.]*)?`;
/** What a verb is followed by, and a noun after a name ("Chrome users report it") is not: its object, a place, a value, a manner. */
const TAKES_OBJECT = String.raw`(?=\s+(?:the|a|an|it|its|them|this|that|these|those|in|on|at|to|from|with|without|about|both|all|every|each|any|some|as|into|up|down|back|out|over|through|right|just|fine|correct|correctly|properly|well|\d|["“'(])|\s*[.;,!]|\s*$)`;
const NOT_ACTING = String.raw`(?:is|was|has|does|says|needs|wants|seems|gets)\b`;
const WORKING_BROWSER_ACTS = new RegExp(String.raw`(?=\S)(?<=(?:^|[.!?;:]\s+|,\s+|\n\s*|\b(?:and|but|while|whereas)\s+))(?:(?:[Tt]he same [\w-]+(?: [\w-]+)? (?:in|on) )?${OTHER_BROWSER} (?:[a-z]+ly )?(?!${NOT_ACTING})[a-z]{2,}s|(?:[A-Z][\w.]*(?: ?v?\d[\w.]*)?(?: and | & |\/))+${OTHER_BROWSER} (?:[a-z]+ly )?(?!${NOT_ACTING}|(?:are|were|have|do|did|also|too|still|just|only|never|not)\b)[a-z]{2,})\b${TAKES_OBJECT}[^.;!?\n]{0,80}`, "g");
/**
 * Another browser said not to, with the verb left out ("Double-clicking the row opens two editors. Opera doesn't.",
 * "..., but IE does not."): the failure just told does not happen there, a case that works. Only with nothing after the
 * negation but "do that" or "have that": "Chrome doesn't either" and "IE doesn't support it" say other things
 * (seventeenth pass, read-16 firefox).
 */
const BROWSER_DOES_NOT = /(?=\S)(?<=(?:^|[.!?;]\s+|\n\s*|\b(?:but|while|whereas)\s+))(?:[Oo]ther browsers|IE|MSIE|Internet Explorer|Chrom(?:e|ium)|Safari|Edge|Opera|Konqueror|WebKit|Blink)(?: ?v?\d[\w.]*)? (?:does|do|did)(?:n['’]?t| not)(?: (?:do|have) (?:that|this|it))?(?=[ \t]*(?:[.!;]|\n|$))/g;
/**
 * More cases that work: "which is correct", "wasn't like this in 3.6", "with 2.2.4, no errors", "works when I pay by card,
 * but not with a voucher" (the case that works set against the one that fails), "for other users we can fetch 200 items
 * without a problem" (not "runs without errors but ...", which tells the failure), "without the filter it works".
 */
// (and, opening a clause, the thing beside the failing one called correct as it stands: "...; the booking in the calendar
// is correct", "but its total is correct"; with "correctly says|reads|lists|prints|states" in `WORKING_CASE`: seventeenth
// pass, bands)
const WORKING_MORE = /(?:\b(?:which|that) (?:is|was) (?:the )?correct\b|(?:^|[.!?;]\s+|\n\s*|,\s+(?:but|while|whereas)\s+|\b(?:but|while|whereas)\s+)(?:the|its|their) [\w-]+(?: [\w-]+){0,5}? (?:is|are|was|were) (?:still |always )?correct(?=\s*(?:[.;,!]|$))|(?<!(?:n['’]t|\bnot|\bnever|\blonger|\bto)\s+(?:\w+\s+)?)\b(?:works?|worked|runs?|ran|loads?|loaded|starts?|started|compiles?|compiled|builds?|built|(?:can|could)(?: still)? [a-z]{3,})\b(?:(?!\b(?:not|never|but|yet|however|though|although)\b|n['’]t\b)[^.;\n]){0,60}?\bwithout (?:a |any )?(?:problems?|issues?|errors?|trouble|hiccups?|warnings?|crash(?:es)?)\b(?![^.;\n]*\b(?:but|yet|however|though|although|except)\b)|(?<!(?:n['’]t|\bnot|\bnever|\blonger)\s+(?:\w+\s+)?)\bworks?(?: (?:fine|ok|okay|well|correctly|properly|perfectly))? (?:when|in|on|with|under|for|from|via|using|through|if) [^.;\n]{1,60}?,? but (?:not|fails|breaks|never|doesn['’]?t|does not)\b|\b(?:was|were)(?:n['’ ]?t| not) (?:like (?:this|that)|the case|happening|a problem) (?:in|on|with|before|under)\b|(?<![\w.])v?\d+(?:\.\d+)+[a-z]*\d*(?:[ \t]+\w+)? (?:does|did)(?:n['’ ]?t| not) (?:show|have|do|exhibit|crash|hang|freeze|leak|fail)\b|(?<![\w.])v?\d+(?:\.\d+)+[a-z]*\d*(?:[ \t]+\w+)? never (?:did|does|had|has|showed|shows) (?:that|this|it)\b|\b(?:in|on|with|under) v?\d+(?:\.\d+)+[\w.]*,? (?:\w+ )?(?:nothing|no (?:problem|issue|errors?|warnings?|messages?)|fine|ok|okay|quiet|correct)\b|\b(?:if|when|once|with) [^.,;\n]{1,60}?,? (?:it|this|that|everything) works\b|(?:^|[.!?;]\s+|\n\s*)(?:removing|disabling|adding|setting|changing|switching|reverting|deleting|moving|passing|specifying|turning (?:off|on)) [^.;\n]{1,60}? works\b|\bwithout (?:the |a |an )?[\w.-]+(?: [\w.-]+)?,? (?:the [\w.-]+ |it |this |everything )?(?:is |are )?(?:honou?red|works?|fine|respected|applied|shown|correct)\b|\b(?:other browsers|IE|MSIE|Internet Explorer|Edge|Chrome|Chromium|Safari|Opera)\b[^.;!?\n]{0,20}?\b(?:has|have|had|shows?|showed|gives?|gave)\s+no\s+(?:\w+\s+)?(?:lag|delays?|problems?|issues?|errors?|flicker(?:ing)?|jank|stutter(?:ing)?|crash(?:es)?|hangs?|slowdowns?|glitch(?:es)?|artifacts?|warnings?)\b)/i;
/**
 * A wish or a judgement told without "I" or "it": "A clear error would be better than crashing", "An option would
 * make tests more realistic", "Adding it to the log lines would help" (not "any help would help"), "Would like
 * separate prefs" (not "Would like to know ..."), "Scripts would benefit from a plain-text variant" (the benefit of
 * what is asked for; fifteenth pass, read-14), and a version that worked ("3.6 was working", "2.2 worked"; a version
 * of three parts with "fine" or "ok" and nothing after it, "2.4.58 fine.", and "Worked in 2.4.57" opening a sentence
 * that lost its space after the stop: eleventh pass; "TLS 1.2 works." with nothing after "works", not after "nor" or
 * "not": twelfth pass, httpd), "the same
 * thing" that worked on another version ("on 2.2 the same thing logged all input"; not "In Chrome the same thing
 * happens", the failure there too), "instead" before a figure.
 */
// ("Would help if ..." opening a sentence, "it would help if ...": a wish, as "Would be good to ..." is; eighteenth pass,
// read-17 httpd)
// ("A checkbox next to X would be enough", "a warning would be enough", "a hidden pref would suffice for me": the least
// change the reporter asks for, a wish; not "would be enough to lose the draft", an amount that sets the failure off.
// Twenty-first pass: read-20 firefox, read-16 firefox, read-14 and read-8 httpd, Eclipse)
const WISH_MORE = /\bwould be (?:much |far |a lot |way )?(?:better|nicer|preferable|more (?:useful|helpful|intuitive|consistent|logical))\b|\bwould (?:be (?:quite |more than |already )?(?:enough|sufficient)|suffice)(?=\s*(?:[.!;)]|$|,?\s+(?:for (?:me|us|now|most|our|my)|here|already|though|imho|imo)\b))|\bwould make (?:\w+ ){0,3}(?:more|less|easier|simpler|better|possible)\b|\b(?:adding|making|showing|logging|putting|having|moving|using|allowing|supporting|exposing|keeping)\b[^.;\n]{0,60}? would (?:really |greatly |certainly |also )?help\b|(?:^|[.!?]\s+|\n\s*)would (?:like|love|prefer) (?:a|an|the|separate|some|more|to (?:see|have|be able|get))\b|\bwould (?:really |greatly |certainly |also |all )?benefit from (?:a|an|the|having|some|more|being)\b|(?:(?:^|[.!?]\s+|\n\s*)|\b(?:it|this|that)\s+)would (?:really |greatly |certainly |also |much )?help (?:a lot )?if\b/i;
/**
 * What it did before, told as the case that worked: "Previously it kept ...", "In Firefox before it keep the zoom" (a
 * non-native "before" for "earlier"); "It used to keep the zoom for each site" is `usedToBefore`'s, with every other
 * "used to" (the twenty-second pass made the two one). Not a failure of the past ("previously it crashed too"); another
 * browser in lower case that works ("In edge is working": lower case only right before what it does, so "the edge of the
 * dialog" is not read; eleventh pass); "Before," with its comma, not "before it closes", a clause of time. Tenth pass.
 * Nor how it felt, with nothing after ("Previously it was much better."): an impression that names nothing that worked
 * (bands, twelfth pass). "Before it was ~150MB per child." at a sentence's
 * start, a sentence of its own: with a comma after it ("Before it was fixed, we ...") it is a clause of time (thirteenth
 * pass, httpd).
 */
const WORKED_BEFORE = /(?:^|[.!?;]\s+|\n\s*)(?:[Pp]reviously,?|[Ff]ormerly,?|[Bb]efore,)\s+(?:it|this|that|they)\s+(?!(?:was|were)\s+(?:(?:much|way|far|a lot|so much|a bit)\s+)?(?:better|nicer|good|great|fine|ok|okay|faster|easier|smoother|simpler|clearer|quicker)\s*(?:[.!;]|$))(?![^.;!?\n]*\b(?:too|also|broken|wrong|slow|the same)\b)(?!(?:also|too|crash|fail|hang|freeze|break|threw|throw|did(?:n['’]?t| not)|was(?:n['’]?t| not)|had the same)\w*\b)\w+|\b[Ii]n [A-Z][\w.]* before,?\s+(?:it|this|that|they)\s+(?!(?:also|too|crash|fail|hang|freeze|break)\w*\b)\w+|\b[Ii]n (?:edge|chrome|chromium|safari|opera) (?:it )?(?:is working|works|is fine|is ok|working|work)\b|(?:^|[.!?;,]\s*)before,?\s+(?:it\s+)?(?:was|were|worked|kept|showed|had)\b(?!\s+(?:(?:much|way|far|a lot|so much|a bit)\s+)?(?:better|nicer|good|great|fine|ok|okay|faster|easier|smoother|simpler|clearer|quicker)\s*(?:[.!;]|$))(?![^.;!?\n]*\b(?:too|also|broken|wrong|slow|the same)\b)|(?:^|[.!?;]\s+|\n\s*)Before\s+(?:it\s+)?(?:was|were|worked|kept|showed|had)\b(?!\s+(?:(?:much|way|far|a lot|so much|a bit)\s+)?(?:better|nicer|good|great|fine|ok|okay|faster|easier|smoother|simpler|clearer|quicker)\s*(?:[.!;]|$))(?![^.;!?\n]*(?:,|\b(?:too|also|broken|wrong|slow|the same)\b))|(?:^|[.!?;,]\s*|\b(?:in|on|with|version|v|firefox|esr)\s)\d{2,3}(?:\.\d+)* (?:was|were) (?:fine|ok|okay|correct|good|working|normal|right|fast|smooth|sharp|stable)\b|\b[a-z][\w.-]* (?:downloads|loads|opens|plays|prints|renders|shows|displays|handles|reads|parses|accepts|serves|fetches) (?:the same|this|that) (?:file|page|url|site|request|video|document|image|certificate|feed|font|pdf|stream|response)s? (?:fine|correctly|properly|ok|okay|without (?:any )?(?:problems?|issues?|errors?))\b/;
/**
 * What a thing of the program did before, told with "used to" after a subject that names it, or after none at a
 * sentence's start: "Backspace used to go back a page", "Typing ... and pressing Ctrl+Enter used to open ...",
 * "Default used to be 1GB", "print STDERR ... in my CGI scripts used to go in error_log", "Used to work with 2.0."
 * (twenty-first pass, read-20 httpd; the same shape in read-11 Firefox, read-18 httpd, read-19 and read-20 Firefox).
 * A pronoun's ("It used to ...", "it still used to open in 3.6") is read wherever it stands. The earlier behaviour is a
 * case that works (DECIDED). Not read:
 * - a participle, "used" for "employed": a finite verb before it in its sentence ("The page contains elements used to
 *   display ...") or after it ("The method used to retrieve data is ..."), or a colon after it ("Command line used to
 *   start eclipse:");
 * - a passive or a habit of being ("is used to", "got used to"), and people's own habit ("we used to", "users used to");
 * - a relative or negated subject ("what used to be", "nothing used to"), a question, and a failure of the past ("...
 *   used to crash too"), and a judged feeling ("It used to feel much faster.").
 */
const USED_TO = /\b[Uu]sed to\s+(?!be\s+(?:a|an|the)\b)(?!(?:feel|seem|look|sound)\s+(?:(?:a lot|much|way|far|a bit)\s+)?(?:better|nicer|good|great|fine|smoother|faster|quicker|okay|ok)\s*(?:[.,;!]|$))(?!(?:crash|fail|hang|freeze|break|throw|show an error|happen|do the same|have the same)\w*\b)[a-z]+\b/g;
/** A pronoun right before "used to" ("It used to ...", "... since they used to open"): the thing, whatever comes around. */
const PRONOUN_BEFORE = /\b(?:[Ii]t|[Tt]his|[Tt]hat|[Tt]hey|[Tt]hese|[Tt]hose)\s+$/;
const FINITE_BEFORE = /\b(?:is|are|am|was|were|be|been|being|has|have|had|does|do|did|gets?|got|getting|can|could|will|would|should|may|might|must|contains?|includes?|uses|needs|provides?|offers?|holds|requires?|not|no|never|nothing|none|what|which|who|whom|where|there)\b|\b\w+n['’]t\b/i;
const FINITE_AFTER = /^[^.!?;\n]*?(?:\b(?:is|are|was|were|has|have|had|can|could|will|would|should|must)\b|:)/i;
function usedToBefore(text: string): Read[] {
  const out: Read[] = [];
  for (const m of text.matchAll(USED_TO)) {
    // (a few reads tell it; a paste of the words over and over would give each later filter thousands to judge)
    if (out.length >= 8) break;
    // A pronoun's "used to" is the thing's, wherever it stands in its sentence: a participle has no pronoun before it.
    const pronoun = PRONOUN_BEFORE.exec(text.slice(Math.max(0, m.index - 12), m.index));
    if (pronoun && m[0].startsWith("u")) {
      out.push({ start: m.index - pronoun[0].length, end: m.index + m[0].length });
      continue;
    }
    const sentence = text.slice(Math.max(0, m.index - 200), m.index).split(/[.!?;:](?=\s|$)|\n/).pop() ?? "";
    const words = sentence.trim().split(/\s+/).filter(Boolean);
    const end = m.index + m[0].length;
    const rest = /^[^.!?;\n]*(?:[.!?;](?=\s|$)|\n|$)/.exec(text.slice(end, end + 200))?.[0] ?? "";
    if (words.length === 0 ? !m[0].startsWith("U") : words.length > 12 || FINITE_BEFORE.test(sentence) || personRightBefore(sentence) || /^(?:it|this|that|they|these|those|he|she)$/i.test(words[words.length - 1])) continue;
    if (FINITE_AFTER.test(rest) || /\?\s*$/.test(rest)) continue;
    out.push({ start: m.index - sentence.trimStart().length, end });
  }
  return out;
}

/**
 * A question that asks the program, or a part of it, to act: "Could mod_rewrite check X-Forwarded-Proto, or could
 * mod_remoteip set HTTPS?", "Could the default page have a bit more info?" (twenty-first pass, read-20 httpd; the same
 * shape in read-14 and read-16 Firefox and read-19 httpd, where `REQUEST` reads "Could the tooltip also show" and "Could
 * it use"). A request is an expected result (DECIDED). `REQUEST` takes "could" before "you", "it" or "the" and one word,
 * and a verb of its list; this takes a subject that names the program or its part, a name or up to three words after
 * "the", and a verb in its bare form. Not read:
 * - people as the subject ("Could you ...", "could we ...": `REQUEST`, `MEETING_QUESTION`), "there" or a pronoun ("Could
 *   there be anything I do wrong?", "Could this be due to ...": a guess at a cause);
 * - "Can" and "Will", which ask what the program can or will do ("Can suexec log to syslog?", "Will 3.6 still run on
 *   Windows 2000?"): the writers label those both ways;
 * - a verb of cause ("Could the upgrade cause / trigger / break this?"), a passive ("Could SNI be sent ...?"), and a
 *   sentence that does not end in a question mark.
 */
const ACT_ASKED = /(?:^|[.!?][ \t]+|\n[ \t]*|,[ \t]+or[ \t]+)[Cc]ould[ \t]+(?!(?:you|u|we|i|they|he|she|it|this|that|these|those|there|someone|somebody|anyone|anybody|everyone|people|not)\b)((?:the[ \t]+)?[\w.+/-]+(?:[ \t]+[\w.+/-]+){0,3})[^.!?\n]{0,160}\?/g;
const CAUSE_VERB = /^(?:be|cause|trigger|break|affect|happen|mean|explain|relate|result|lead|interfere|conflict|crash|fail|hang)$/i;
function actAsked(text: string): Read[] {
  const out: Read[] = [];
  for (const m of text.matchAll(ACT_ASKED)) {
    if (out.length >= 8) break;
    const words = m[1].split(/[ \t]+/);
    const first = words[0].toLowerCase() === "the" ? 1 : 0;
    // (the subject: one word, or one to three after "the"; the verb right after it, in its bare form)
    for (let k = first + 1; k <= Math.min(words.length - 1, first + 3); k++) {
      const verb = words[k], next = words[k + 1] ?? "";
      if (k > first + 1 && !first) break;
      const bare = /^[a-z]+$/.test(verb) && !/(?:ed|ing)$/.test(verb) && !CAUSE_VERB.test(verb) &&
        (actionStem(verb) && !/[^s]s$/.test(verb) || verb === "have" && /^(?:a|an|more|some|its|their|an?)$/i.test(next));
      if (bare) { const start = m.index + m[0].search(/[Cc]ould/); out.push({ start, end: m.index + m[0].length }); break; }
    }
  }
  return out;
}

/**
 * "Same URL works in IE8 with the same PAC file", "Same page is fine in Konqueror": the same input, named after "same",
 * works in another named place, told in the present and in this order (`WORKS_ELSEWHERE` reads "the same X in Y works"
 * and "same X works fine in Y"). Twenty-first pass: read-20 firefox, read-16 firefox, read-10 httpd. Not the past ("Same
 * setup worked on our old server", "The same code worked 2 days ago": writers split on it), nor a failure that is the
 * same ("same problem", "same error").
 */
const SAME_WORKS_IN = /(?:^|[.!?;][ \t]+|\n[ \t]*|,[ \t]*|\b(?:but|while|whereas)[ \t]+)(?:the )?same (?!(?:problem|issue|bug|error|thing|crash|failure|result|behaviou?r)\b)[\w.'’-]+(?: (?!(?:works|is)\b)[\w.'’-]+)? (?:works|is fine|is ok|is okay|loads|opens|renders|plays)(?: (?:fine|ok|okay|correctly|properly|well|normally))? (?:in|on|with|under|using|from)\b(?! (?:the same (?:problem|issue|error)|both)\b)/i;

/**
 * A case that "works as it should" or "as documented", told with what makes it that case in its sentence ("With SetPoint
 * uninstalled the checkbox works as it should", "access using https:// works as it should", "policies.json in the app's
 * folder works as documented"). Twenty-first pass: read-20 firefox, read-7 firefox, the shared Facebook reports. Not
 * "works as intended" or "as designed" (said of the failure: "This is working as intended IMO"), nor a negation.
 */
const WORKS_AS_IT_SHOULD = /(?:^|[.!?;][ \t]+|\n[ \t]*|,[ \t]*)(?=[^.!?;\n]{0,80}?\b(?:with|without|in|on|under|using|via|when|if|after|once)\b)(?![^.!?;\n]{0,80}?\b(?:not|never|no longer|nothing|n['’]t|doesn|isn|don)\b[^.!?;\n]{0,40}?\b(?:works?|worked|behaves|functions)\s+(?:just\s+|exactly\s+)?as)(?:[^.!?;\n]|\.(?=\S)){1,80}?\b(?:works|worked|behaves|behaved|functions)\s+(?:just\s+|exactly\s+)?(?:as (?:it|they) should|as documented)\b/i;

/**
 * A command line of another program that works, the line ending there or with where it was run ("ldapsearch -H
 * ldaps://dc1.example works from the same box", "openssl s_client -connect host:636 works"): the same thing done another
 * way, as "curl downloads the same file fine" is (twelfth pass, httpd). Only the command's arguments stand before "works":
 * not "never works", "no longer works", a failure told after an arrow and "then it works" (the same case later), nor a
 * line that goes on after "works" ("curl -k works but httpd fails"). Read on the lines as written: `unwrapped` joins a line in
 * lower case to the one before, and a command's line starts in lower case.
 */
const COMMAND_WORKS = /(?:^|\n)[ \t]*(?:[$#%>][ \t]+)?[a-z][\w.+-]*(?:[ \t]+[a-z][\w.:\/-]*)?[ \t]+-{1,2}[A-Za-z]\S*(?:[ \t]+(?!(?:it|then|and|but|or|the|a|an|for|after|before|when|if|so|now|never|not|longer|also|too)\b|[-=]+>)\S+){0,12}?[ \t]+(?:works|worked|succeeds|succeeded|connects|connected)(?: (?:fine|ok|okay|correctly|well))?(?:[ \t]+(?:from|on|with|in|against|over)[ \t][^\n.!?;,]{1,40})?[ \t]*[.!]?[ \t]*(?=\n|$)/;
/** A command with an option said to work, alone in brackets: "(curl -r 0-99 works)", "(rsync --partial worked fine)". */
const COMMAND_WORKS_ASIDE = /\(\s*[a-z][\w.+-]{0,30}(?:[ \t]+(?:-{1,2}[A-Za-z][^\s()]{0,40}|[^\s()-][^\s()]{0,60})){1,8}?[ \t]+(?:works|worked|succeeds|succeeded)(?:[ \t]+(?:fine|ok|okay|correctly|well))?\s*\)/g;
// (In "On 2.2 the same thing logged ...", the place may be a release with its library's, "With 2.4.58 and OpenSSL 3.0 the
// same config only logged a warning", and the verb may follow "only", "just" or "simply"; fifteenth pass, httpd.)
// ("With 2.2 same config it dumps everything": "the" and a subject may be left out, or said, before the verb told of
// the version that works; eighteenth pass, read-17 httpd)
const WORKED_VERSION = /(?<![\w.])v?\d+(?:\.\d+)+[a-z]*\d*(?: \w+)? (?:was|were) (?:working|fine|ok|okay|correct|good)\b|(?<![\w.])v?\d+(?:\.\d+){2,}[a-z]*\d*,? (?:is )?(?:fine|ok|okay|good)(?=\s*(?:[.;!]|,\s|$))|(?<![\w.])(?<!\b(?:[Nn]or|[Nn]ot|[Nn]either|[Nn]o) )v?\d+(?:\.\d+)+[a-z]*\d* (?:worked|works)(?: (?:fine|ok|correctly|well)\b| |(?=[.;!]|,\s|\s*$))|\b(?:[Oo]n|[Ii]n|[Ww]ith|[Uu]nder) (?:v?\d[\w.]*|[A-Z][\w.+-]*)(?: (?:and|\+) (?:[A-Z][\w.+-]* )?v?\d[\w.]*)? (?:the )?same (?:thing|config(?:uration)?|setup|file|page|request|code|script|test(?:case)?),? (?:(?:it|they) )?(?:(?:only|just|simply) )?(?!(?:happen|occur|fail|crash|break|hang|freez|error|show)\w*\b)[a-z]+(?:ed|s)\b|\binstead (?=~?\d)|\b(?:[Pp]revious|[Ee]arlier|[Oo]lder|[Pp]rior|[Ll]ast|[Oo]ld) (?:version|release|build|update|nightly)s? (?:was|were|looked|worked|works|is) (?:\w+ )?(?:normal|fine|ok|okay|correct|good|right)\b|(?<!\b(?:[Ii]|[Ww]e|[Yy]ou|[Hh]e|[Ss]he|[Tt]hey|[Pp]eople)\s+)\b(?:[Rr]an|[Ww]orked|[Ww]as fine|[Ww]ere fine) (?:fine |well |ok |okay )?(?:on|in|with|under) (?:the )?(?:beta|version|release|build|rc|nightly|v?\d)[\w.]*(?: \d[\w.]*)?\b|(?<![\w.])v?\d+\.\d+[\w.]* (?:had|showed|kept) (?:it|this|that|them)\b/;
/**
 * A case that works told by what it is set or run with rather than by a place: a configuration directive (a name in
 * CamelCase) with its values, said to work in a sentence of its own ("DocumentRoot /srv/www/alt works.", "CacheSize
 * 64M ... works fine."; not "Nothing works.", "Login works but ...", a word with no values, nor one that goes on after
 * "works"), and an option left out with a count of failures of zero ("Without --retry: Errors: 0", "without -z, 0
 * failures"). Seventeenth pass, read-16 httpd.
 */
const WORKING_DIRECTIVE = /(?:^|[.!?;]\s+|\n\s*)[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+(?:[ \t]+(?:\.{3}|(?!(?:not|never|no|longer|also|too|but|and|only|it|then|now)\b)[^\s.]\S{0,60})){1,8}?[ \t]+(?:works|worked)(?: (?:fine|ok|okay|correctly|well))?[ \t]*[.!]?(?=[ \t]*(?:\n|$)|[ \t]+[A-Z])/;
const WORKING_WITHOUT_OPTION = /\bwithout (?:the )?-{1,2}[A-Za-z][\w-]*:[ \t]+(?:[A-Za-z][\w ]{0,30}? )?(?:errors?|failures?|failed(?: \w+)?|warnings?|crash(?:es)?)[ \t]*:[ \t]*0(?!\w|\.\d)/i;
/** The directive's values hold a figure, a quote, a path or a sign: a setting, not a word in CamelCase. */
const directiveValued = (text: string, r: Read) => /^\S*\s+\S*[\d"'\/:=+]/.test(text.slice(r.start, r.end).replace(/^[.!?;\s]+/, ""));
/**
 * Another browser on a line of its own, with its result after a colon ("Chrome 120 on the same machine: solid 60 fps",
 * "- Safari 17: OK", also after a sentence on the same line): the comparison a Firefox report lays out line by line, a
 * case that works, unless the line tells a
 * failure, a negation or the same again ("Chrome: same problem", "Edge 120: also broken"). Twelfth pass.
 */
const WORKING_BROWSER_LINE = /(?:^[ \t]*(?:[-*•][ \t]*)?|[.!?][ \t]+)(?:Chrom(?:e|ium)|Safari|Edge|Opera|Brave|Vivaldi|Internet Explorer|IE ?\d+)(?: ?v?\d[\w.]*)?(?: \([^)\n]{1,40}\))?(?: on (?:the same|this|my) (?:machine|computer|system|device|laptop|page|site|profile|box))?[ \t]*:[ \t]*(?:(?!\b(?:[Nn]ot|n['’]?t|[Nn]ever|[Nn]o|[Nn]othing|also|too|[Ss]ame|either|only|fails?|failed|crash\w*|hangs?|broken|slow|wrong|errors?|bug|problem|issue|different(?:ly)?)\b)[^\n]){2,80}$/gm;
/**
 * Another platform that is fine, as a clause after the failure: "only in a Wayland session (GNOME 45), X11 is fine",
 * "..., chrome works", "Linux and macOS are unaffected" (twelfth pass). A browser, an operating system, a display server
 * or an MPM by name, at the head of a clause, before "is fine", "works", "is ok", "is unaffected". Not at a sentence's
 * start with a capital (where "Performance is fine" could stand), only after a comma, a semicolon, "and" or "but".
 */
const WORKING_PLATFORM = /(?:[,;]|\b(?:and|but|while|whereas))\s+(?:on\s+|in\s+|with\s+)?(?:chrom(?:e|ium)|safari|edge|opera|brave|vivaldi|windows(?: \d+)?|mac ?os(?: \d+)?|macos|osx|linux|ubuntu|debian|fedora|android|ios|x11|xorg|wayland|gnome|kde|prefork|worker|event|the (?:prefork|worker|event) mpm)(?: ?v?\d[\w.]*)?(?:\s+and\s+[\w.]+)?\s+(?:is|are|was|were|seems?|seem)?\s*(?:fine|ok|okay|unaffected|not affected|works?|worked|working)\b(?!\s+(?:too|either|the same)\b)/gi;
/**
 * What was there in an earlier version: "it was there in 119", "the option was available in 2.4.57" (twelfth pass). A
 * version, dotted or of two or three digits, right after the place it was in.
 */
const WAS_THERE_IN = /\b(?:it|this|that|they|the \w+(?: \w+)?) (?:was|were) (?:still )?(?:there|available|present|shown|visible|possible|listed|offered) in (?:v(?:ersion)? ?)?\d{2,3}(?:\.\d+)*\b(?! ?%| (?:cases|of|out|percent|ms|seconds|px|rows|items|times)\b)/gi;
/**
 * The same input in another place, named first, and the result it gives there: "In the main server config the same
 * sections give X-Site: a.", "In the PDF viewer the same field shows the text joined." (tenth pass). A case that works
 * with what it yields, as "On 2.2 the same thing logged all input" is (`WORKED_VERSION`, where the place is one word and
 * the thing one of a few). Not with a failure, a negation, "too", "also" or "the same" again in what it gives ("In
 * the main config the same lines give the same error").
 */
const SAME_ELSEWHERE = /(?:[Ii]n|[Oo]n|[Ww]ith|[Uu]nder|[Ff]rom) (?<=(?:^|[.!?;]\s+|\n\s*)(?:[Ii]n|[Oo]n|[Ww]ith|[Uu]nder|[Ff]rom) )(?:the |a |an |my |our |another |other )?(?:[\w.-]+ ){0,3}?[\w.-]+,? the same (?:[\w-]+ ){0,2}?(?:gives?|gave|returns?|returned|produces?|produced|yields?|yielded|shows?|showed|renders?|rendered|sends?|sent)\b(?:(?!\b(?:[Nn]ot|n['’]?t|[Nn]ever|[Nn]o|[Nn]othing|also|too|either|same|errors?|fails?|failure|crash\w*|hangs?|broken|wrong|blank|empty)\b)[^.;!?\n]|[.](?=\S)){1,80}(?=[.;!?](?:\s|$)|\n|$)/;
/**
 * What follows "Expected" when its label is left empty before any other capitalised label (`emptyField`), one joined
 * by "&" too ("Build Date & Platform:", a Bugzilla form's field; eighth pass).
 */
const EMPTY_LABEL = /^(?:[ \t]+(?:[Rr]esults?|[Bb]ehaviou?rs?|[Oo]utcome|[Oo]utput))?[ \t]*:[ \t]*(?:\n\s*)?(?:$|[A-Z][\w-]*(?:[ \t]+[\w&-]+){0,3}[ \t]*:)/;
/**
 * "IndexIgnoreReset does not exist in 2.2": a thing that is missing from a version, which is what happens, not the
 * failure absent from another case ("the problem does not exist in 3.1", "it doesn't exist on Linux").
 */
function thingMissing(text: string, r: Read): boolean {
  // ("it", "this" or "that" as the subject opens its clause: "paths that do not exist on my box" is a relative clause of
  // a thing; nineteenth pass, expected results across writers)
  return /\bexists?\b/i.test(text.slice(r.start, r.end)) &&
    !/(?:(?:^|[.!?;:,(]\s*|\n\s*|\b(?:and|but|so|because|since|though|although)\s+)(?:it|this|that)|\b(?:problem|bug|issue|error|crash|failure|behaviou?r|leak|hang|defect|regression))\s+$/i.test(text.slice(Math.max(0, r.start - 40), r.start));
}
/**
 * What a protocol's norm says the program should do: an RFC or the HTTP standard that says or requires it ("RFC 2616
 * section 14.23 requires a 400", "per RFC 2616", "according to the HTTP/1.1 spec"), or a complaint that it breaks one
 * ("violates RFC 2616"). "According to the docs" is left out: on the shared reports it quotes how an API is described
 * more often than what it should do.
 */
const NORM_SAYS = /\b(?:(?:rfcs? ?\d{3,4}|the rfc|the (?:http )?(?:standard|protocol))(?:,? (?:(?:section|sec\.|§) ?)?\d+(?:\.\d+)*)?,? (?:clearly |explicitly )?(?:says|said|states|stated|requires|required|mandates|specifies|specified|defines|recommends)\b|(?:per|according to|as (?:per|required by|specified (?:in|by)|defined (?:in|by)|described in)) (?:the )?(?:rfcs?\b|http(?:\/1\.[01])? (?:standard|spec(?:ification)?)\b|http\/1\.[01]\b)|(?:violat(?:es|ed|ing|ion of)|breaks|not compliant with|non-?compliant with|(?:does|do)(?:n['’ ]?t| not) (?:comply|conform) (?:with|to)) (?:the )?(?:rfcs?|http)\b)/i;
/**
 * Another input that comes out whole, opening a sentence or a contrast: "8-character codes print completely", "Shorter
 * names show in full", with its verb of output and nothing after "completely" or "in full" but the clause's end. Beside a
 * text cut short it is the case that works (seventeenth pass, second half, bands). "The page loads completely blank" goes
 * on after it, and is not read.
 */
const WORKING_IN_FULL = /(?:^|[.!?;]\s+|\n\s*|,\s+(?:but|while|whereas)\s+)(?:the\s+)?(?:\d[\w-]*|shorter|smaller|short|other)\b[\w -]{0,40}? (?:prints?|printed|shows?|showed|shown|displays?|displayed|appears?|appeared|saves?|saved|exports?|exported|loads?|loaded) (?:completely|in full|fully)(?=\s*(?:[.;,!]|$))/gi;
/**
 * What a rule the business holds the program to says it should do: a contract, a policy, an agreement, the terms, a
 * regulation or a tariff that says or requires it ("The contract says to round up to the next quarter hour", "our refund
 * policy states that ..."), as a norm's text is for a protocol (`NORM_SAYS`). Not one that says nothing ("the policy
 * doesn't say") nor one asked about (seventeenth pass, second half, bands).
 */
const RULE_SAYS = /\b(?:the|our|their|your|this|that)\s+(?:[\w-]+\s+)?(?:contract|policy|agreement|terms|rules?|regulations?|tariff|price list|rulebook|handbook|statute|bylaws?)\s+(?:clearly\s+|explicitly\s+|also\s+)?(?:says|states|requires|specifies|stipulates|sets out|mandates|prescribes)\s+(?:to|that)\b/i;
/**
 * What the program's own documentation says it does ("The docs say retry defaults to 60 seconds", "Docs say all
 * htpasswd formats are supported", "gives #top unescaped as documented", "reading the help on filters leads me to believe
 * that ..."): the behaviour the report holds it to. Not "the docs don't say" nor "according to the docs", which on the
 * shared reports quotes how an API is described.
 */
// (what the docs "still say" is the stale text the report is about, not what should happen: "the default changed to 5
// but the manual still says 15"; eighteenth pass, read-17 httpd)
const DOCS_SAY = /(?<!\b(?:did|done|do|followed|follow|configured|set (?:it )?up|installed)\b[^.;\n]{0,30}\b(?:like|as) (?:the |what the )?)\b(?:docs?|documentation|manual|man ?page|javadoc)\b(?:(?!\b(?:not|never|still)\b|n['’ ]?t\b)[^.;\n]){0,30}?\b(?:say|says|said|state|states|stated|claim|claims|claimed|promise|promises|suggests?|implies|implied)\b|\bas documented\b|\b(?:docs?|documentation|manual|man ?page|help(?![ -]?desk)|javadoc)\b[^.;\n]{0,40}?\b(?:leads?|led) (?:me|us|one) to (?:believe|think|expect)\b/i;
/** Titles that ask for the change: "Add ...", "Allow ...", "Support ...", "Need a way to ...". */
const REQUEST_TITLE = /^(?:\[[^\]]*\]\s*|[\w .-]{1,30}:\s*)*(?:add|allow|support|provide|make|enable|disable|let|show|display|remove|rename|improve|implement|introduce|expose|include|use|change|move|replace|tell|offer|consider|retain|keep|avoid|prevent|create|need|request|want|should|please|do not|don['’ ]?t|switch|update|extend|document|warn|ask|hide|split|merge|separate|link|sort|restore|reduce|increase|simplify|clarify|customi[sz]e|expand)\b(?!-)(?!\s+(?:is|are|was|were|has|does|did|doesn['’ ]?t|didn['’ ]?t|isn['’ ]?t|can['’ ]?t|cannot|won['’ ]?t|fails|failed|crash(?:es|ed)|hangs|breaks|stops|freezes|loses|returns|throws|leaks|shows|gets|takes)\b)(?!\s+[\w.-]+\s+(?:overwrites|overwrote|replaces|replaced|changes|changed|adds|added|uses|used|moves|moved|deletes|deleted|removes|removed|ignores|ignored|installs|installed|puts|writes|wrote|creates|created|sends|sent|fails|failed|crash(?:es|ed)|hangs|hung|breaks|broke|returns|returned|throws|threw|leaks|leaked|loses|lost|is|are|was|were|does|did|doesn['’ ]?t|didn['’ ]?t|isn['’ ]?t|won['’ ]?t|can['’ ]?t|cannot)\b)/i;

/**
 * What the reporter took the program to do, told as belief: "I thought \"set\" replaces an existing header?", "I assumed the
 * module rewrites the address", "we thought it would retry": the behaviour they held it to, as "I'd expect" says (fifteenth
 * pass, httpd). The clause after it says what the program does, in the present or with "would", "will", "should". Not a
 * belief about the cause or the state ("I thought it was the cache", "I thought this is a bug", "I thought so"), nor
 * about the reporter's own act ("I thought this time I would paste the link", "I thought I would try again").
 */
const THOUGHT_IT_DOES = /\b(?:i|we)\s+(?:had\s+)?(?:thought|assumed|believed|was under the impression)(?:\s+that)?\s+(?:["“'‘][^"”'’\n]{1,30}["”'’]|(?:the|a|an|this|that|its|my|our)\s+[\w./%-]+(?:\s+(?!(?:i|we|you)\b)[\w./%-]+)?|(?!(?:the|a|an|this|that|its|my|our|i|we|you)\b)[\w./%-]+(?:\s+(?!(?:i|we|you)\b)[\w./%-]+)?)\s+(?:would|will|should|(?!(?:is|was|has|does|this|thus|its|as|yes|less|unless|always|perhaps)\b)[a-z]{2,}(?<![^s]s|us|ss)s)\b/gi;

export type ExpectedKind = "modal" | "expect" | "wish" | "request" | "working_case";

/**
 * The read stands inside a quotation of what the program says: 'then says "Update could not be installed. Please make sure
 * there are no other copies of Firefox running"' is the program's message, not the reporter's request (twelfth pass). The
 * quote opens within the paragraph after a word of the program speaking ("says", "shows", "message", "error", "dialog",
 * "prompt", ...) and is still open at the read. The quote may be in single marks, and the program may speak by failing
 * with it, giving or returning it ("Update fails with 'Update could not be installed. Please make sure ...'"): the
 * request is the program's (twentieth pass, expected results across writers). Read for requests and for the directives
 * named in steps; a statement of another kind in a quoted message (a "must", an "expected") was measured and left: it
 * moved a Jira issue whose title asks for a warning the rules do not read as a request.
 */
const PROGRAM_SPEAKS = /\b(?:says?|said|saying|shows?|showed|showing|displays?|displayed|reads?|prints?|printed|message|error|warning|prompt|dialog(?:ue)?|alert|pop-?up|notification|banner|fail(?:s|ed)? with|gives|gave|returns|returned|complains?|complained)\b[^"“”\n]{0,20}$/i;
// (a single mark opens a quote after a space, a bracket or a colon and before a word; it closes one after a word and
// before a space, a stop or the end: an apostrophe inside a word, "doesn't", does neither)
const SINGLE_OPENS = /(?:^|[\s(:])['‘](?=[\w<>\/.$%-])/g;
const SINGLE_CLOSES = /\S['’](?=$|[\s.,;:!?)])/g;
function quoteOpenAt(before: string): number | null {
  const quotes = [...before.matchAll(/["“”]/g)];
  if (quotes.length % 2 === 1) return quotes[quotes.length - 1].index;
  if (!/['‘]/.test(before)) return null;
  const opens = [...before.matchAll(SINGLE_OPENS)];
  const last = opens[opens.length - 1];
  if (!last) return null;
  const open = last.index + last[0].length - 1;
  return [...before.slice(open + 1).matchAll(SINGLE_CLOSES)].length === 0 ? open : null;
}
function inProgramQuote(text: string, r: Read): boolean {
  const from = Math.max(0, r.start - 300, text.lastIndexOf("\n\n", r.start));
  const before = text.slice(from, r.start);
  const open = quoteOpenAt(before);
  if (open === null) return false;
  if (PROGRAM_SPEAKS.test(before.slice(0, open))) return true;
  // (or the quote is closed by a verb that says the program wrote it: '"... consider raising the limit" is logged once at
  // startup'; eighteenth pass, read-17 httpd)
  const close = /["“”]/.exec(text.slice(r.end, r.end + 300));
  return !!close && PROGRAM_WROTE.test(text.slice(r.end + close.index + 1, r.end + close.index + 60));
}
const PROGRAM_WROTE = /^\s*(?:is|was|are|were|gets|got|keeps being)\s+(?:\w+ly\s+|still\s+|also\s+)?(?:logged|printed|written|shown|displayed|emitted|output|reported)\b|^\s*(?:appears|appeared|shows up|showed up) in (?:the |my |our )?(?:[\w.-]+ )?(?:log|logs|output|console|error_log)\b/i;

/** Every statement of what should happen in a text, each with the kind of statement it is. */
/**
 * A wish for the team's work on the ticket, not for a result of the program: "It would be great if someone could pick this
 * up and sort it out", "I'd like someone to take a look", "would be good if you could look into it". Its subject is who is
 * to work and its verb the work; it names no behaviour (thirteenth pass). "It would be great if you could add an option
 * to ..." names one and stays a wish. Read from the wish's start to the end of its sentence.
 * Getting in touch is the team's work too ("I would like someone to contact me", "can somebody call us back"; fifteenth
 * pass, bands); "I'd like the app to email me when ..." names what the program should do.
 * So is the work wished with no one named to do it: "it would be great to get this sorted", "I'd like to get it fixed
 * soon" (seventeenth pass, bands).
 */
export const ASKS_FOR_WORK = /^[^.!?\n]{0,60}?\bto\s+get\s+(?:this|it|that|things|everything|them)\s+(?:sorted|fixed|looked at|looked into|resolved|dealt with)(?=\s*(?:[.!?,;]|$|\b(?:out|asap|soon|now|quickly|please|before|by|this|at|once)\b))|^[^.!?\n]{0,60}?\b(?:someone|somebody|anyone|anybody|you(?: guys| all)?|the (?:dev(?:elopment)? |engineering |tech |support )?team|devs?|developers?|engineering|IT|support)\s+(?:(?:could|can|would|will|might|to)\s+)?(?:please\s+)?(?:have a (?:quick )?look|take a (?:quick )?look|look (?:at|into) (?:this|it|that)|pick (?:this|it|that) up|sort (?:this|it|that)(?: out)?|check (?:this|it|that)(?: out)?|investigate(?: (?:this|it|that))?|fix (?:this|it|that)|deal with (?:this|it|that)|help(?: us| me)?|follow up|get back to (?:us|me)|(?:contact|call|ring|phone|e-?mail|message) (?:us|me)(?: back)?|get in touch(?: with (?:us|me))?|reach out(?: to (?:us|me))?|address (?:this|it|that)|resolve (?:this|it|that)|handle (?:this|it|that))\b/i;
/**
 * A wish for news from the team, not for a result of the program: "would like an update by Friday", "we'd like a
 * reply today", "We need an update by EOD" (not "an update to the price list", which names what is to change). Read by
 * `expectedIn` since the seventh bands pass (before, only by the neutral rules).
 */
export const ASKS_FOR_NEWS = /^[.!?;\s]*[^.!?\n]{0,40}?\b(?:an?|any|some)\s+(?:update|reply|response|answer|eta|status(?: update)?|news|call(?: ?back)?)\b(?!\s+(?:to|of|for|on the|in the)\b)/i;
/**
 * A request about the team's plan, not for a result of the program: "Can we please make it a priority for the next sprint",
 * "please prioritise this", "could we get it into the next release" (the schedule is what changes, no behaviour is named;
 * bands, twelfth pass). "Please make it the default in the next release" names a behaviour and stays a request.
 */
export const ASKS_FOR_PLAN = /^[.!?;\s]*[^.!?\n]{0,40}?(?:\b(?:an?|the|our|top|high|higher)\s+priority\b|\bprioriti[sz]e\b|\b(?:in|into|for|on)\s+(?:the\s+)?(?:next|this|current|coming|upcoming)\s+(?:sprint|release|iteration|cycle)\s*[.!?]?\s*$)/i;

/**
 * Examples labelled with what each gives, one with the failure and another with its opposite ("Example 1 (the preview is
 * not updated):" over one snippet, "Example 2 (the preview is updated):" over the next): the second is a case that works
 * set beside the failing one, as "works on Chrome" is (fifteenth pass, the Jira bug reading). The two labels say the same
 * words but the negation.
 */
const EXAMPLE_LABEL = /^[ \t]*(?:examples?|cases?|samples?|test ?cases?|snippets?)\b[^(\n:]{0,12}\(([^()\n]{3,80})\)[ \t]*:/gim;
const LABEL_NEGATED = /\b(?:not|never|no)\b|n['’`]t\b/i;
function workingExamples(text: string): Read[] {
  if (!/\(/.test(text)) return [];
  const labels = [...text.matchAll(EXAMPLE_LABEL)].map((m) => ({ start: m.index, end: m.index + m[0].length, said: m[1] }));
  const plain = (said: string) => said.toLowerCase().replace(/\bwon['’`]t\b/g, "will").replace(/\bcan['’`]t\b/g, "can").replace(/n['’`]t\b/g, "")
    .replace(/\b(?:not|never|no)\b/g, " ").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  const failing = new Set(labels.filter((l) => LABEL_NEGATED.test(l.said)).map((l) => plain(l.said)));
  return labels.filter((l) => !LABEL_NEGATED.test(l.said) && failing.has(plain(l.said))).map(({ start, end }) => ({ start, end }));
}

/**
 * "instead of (the) expected results", "rather than the correct output", with nothing after it on its line that names
 * them (a colon at the line's end opens what was printed).
 */
const UNNAMED_EXPECTED = /\b(?:instead of|rather than)\s+(?:the\s+)?(?:expected|correct|right|desired|proper|intended|normal)\s+(?:results?|outputs?|behaviou?rs?|values?|content|data|text|responses?|outcomes?|page|screen|view|dialog|file|message|format|layout)(?=[ \t]*(?:[.;,!)]|:[ \t]*$|$))/gim;

/** The reporter declining an act of their own: "I'd rather not ...", "we would prefer not to ..." and a verb that is no having or keeping. */
const DECLINED_OWN_ACT = /^(?:i|we)(?:['’ ]?d| would) (?:rather|prefer)\s+not\s+(?:to\s+)?(?!(?:have|see|get|be|lose|need|wait|keep|receive|redo|retype|re-?enter)\b)[a-z]+\b/i;
/** The reporter's own doing in a gerund, just before the read: "when using the feed ", "Would calling the API ". */
const CHOICE_BEFORE = /\b(?:when|if|while|by|would|after|before|try|tried|trying)\s+(?:(?:i|we|you)\s+)?(?:using|calling|sending|passing|choosing|selecting|clicking|typing|entering|specifying|posting|running|opening|use|call|send|pass|choose|select|click|type|enter|specify|post|run|open)\s+(?:[^\s.!?;,]+\s+){1,5}$/i;

/** An open doubt right before a read, in the same clause: "I don't know if ...", "not clear whether ...", "wondering if ...". */
const DOUBT_BEFORE = /(?:\b(?:do(?:es)?n['’ ]?t|do not|does not|not|no)\s+(?:really\s+)?(?:know|sure|certain|clear|obvious|idea)|\b(?:unsure|unclear|uncertain|wonder(?:ing|ed)?)\b)\s+(?:if|whether|that)\b(?:(?!\bbut\b)[^.!?;\n])*$/i;

/**
 * A way asked for in the imperative, opening a sentence: "Provide a way to fall back to ...", "Add a simple way to
 * export ...", "Offer some means of ..." (eighteenth pass, read-17 firefox). Only "way" or "means": an imperative "Add a
 * button to the form" may be a step of a test case, "a way to" cannot be.
 */
/**
 * A report that closes on a bare imperative of change addressed to whoever fixes it ("Add the path to the message.",
 * "Remove the others or ask on first start.", "If not needed, remove it from the docs."): a request, which is an expected
 * result (DECIDED), though it has no "please" (twentieth pass, read-19; writers 2, 3 and 19). Only the closing sentence:
 * an imperative among others, or in a numbered or bulleted item, is a step. Not a workaround ("Remove the file and it
 * works."), not "Fix it." (a plea, no result), not "Drop everything." (an idiom; "drop" is also a user's drag and drop), and
 * not a line without a full stop (a button's name, "Add to profile button in ...").
 */
const CLOSING_REQUEST = /(?:^|(?<!\b\d{1,2})[.!?][ \t]+|\n[ \t]*)((?:[Ii]f [^,.\n]{1,40},[ \t]+(?:add|remove|document|mention|rename|replace)|(?:Add|Remove|Document|Mention|Rename|Replace))[ \t]+(?!(?:[^.!?\n]*?\b(?:works?|worked|fix(?:es|ed)?|helps?|helped|solves?|solved|goes away)\b))[^.!?\n]{1,120}[.!])\s*$/;
function closingRequest(text: string): Read[] {
  const from = Math.max(0, text.length - 220);
  const m = CLOSING_REQUEST.exec(text.slice(from));
  if (!m) return [];
  const start = from + m.index + m[0].indexOf(m[1]);
  // (the sentence before it is no imperative: "Open the Library. Remove the bookmark." are steps)
  const previous = text.slice(Math.max(0, start - 200), start).replace(/[.!?\s]+$/, "").split(/[.!?\n]\s*/).pop() ?? "";
  return imperative(previous) ? [] : [{ start, end: start + m[1].length }];
}
const WAY_ASKED = /(?:^|[.!?]\s+|\n\s*)(?:please\s+)?(?:provide|add|offer|give (?:us|users|people|me)|create|introduce|implement) (?:a|an|some) (?:[\w-]+ ){0,2}?(?:way|means) (?:to|for|of)\b/i;
/**
 * A case that works told in a few words (eighteenth pass, read-17 firefox): a thing done "as normal" beside the failing
 * case ("On the other accounts a double click opens it inline as normal"), with no negation in the words before it
 * ("doesn't open as normal"), ending its clause and not a thing
 * marked or rated so ("marking it as normal severity"); a gerund said to work "though" after the failure ("dragging does nothing, pasting the link
 * works though"), not "nothing works though" nor "works though it should not"; and "where/as/like it used to" with its verb left out after a negated one ("the
 * badge doesn't appear on some mirrors where it used to"): the verb left out is the negated one, so it did before. Not
 * after a failure told without a negation ("it still crashes as it used to").
 */
// A case that works told as a clause of its own: another variant (a version, a platform, a module, a mode, another
// program, another input) as the subject, and a verb that says it works or that the failure does not happen there,
// ending the clause ("prefork does not crash.", "Java 8 works, 2.2.x works.", "chrome is working", "safe mode works").
// A pronoun or a negated subject ("it works", "nothing works") is no other case (eighteenth pass, expected results
// across writers).
const WORKING_VARIANT = /(?:^|[.!?;]\s+|\n\s*|,\s+|\b(?:but|while|whereas)\s+)(?!(?:it|its|this|that|these|those|there|here|which|what|who|nothing|something|everything|anything|none|nobody|no|not|never|i|we|you|he|she|they|then|and|or|so|also|still|now|only|sometimes|if|when|until|but|the (?:problem|bug|issue|crash|error|rest|other))\b)[A-Za-z0-9](?:[\w:\\/()+"'’-]|\.(?=\w))*(?:[ \t]+(?:[\w:\\/()+"'’-]|\.(?=\w))+){0,5}?[ \t]+(?:still[ \t]+)?(?:works|worked|is working|was working|(?:is|was|are|were)[ \t]+(?:fine|ok|okay|unaffected)|(?:does|did)(?:n['’]?t| not)[ \t]+(?:crash|hang|freeze|fail|leak|do (?:this|that|it)))(?=[ \t]*(?:[.;!,)]|\n|$))/gi;
// The same measure under two versions, each with its figure ("Fx 3.0.11: 180ms, Fx 3.5: 1900ms", a table of two
// releases' timings): one of them is the case that works, told in numbers (eighteenth pass, expected results across
// writers).
const VERSION_FIGURE = /(?:^|\n|[,;]\s+|[.!?]\s+)[ \t]*(?:[A-Za-z][\w-]*[ \t]+)?(v?\d+(?:\.\d+){1,3}[a-z]?\d*)[ \t]*:?[ \t]*\n?[ \t]*(?:[^\n,;:]{0,30}?[ \t])?~?\d[\d.,]*[ \t]?(?:ms|s|secs?|seconds|[KMG]B\/s|[KMG]bit\/s|req\/s|fps|[KMG]B)\b/gi;
// What the program makes, lists or sends, told by its verb with a value as the object within three words: a number, a
// code or a path ("the launcher sets the clock to 1970", "the backup tool writes the archives to /var/tmp/old", "the
// player gives E-4021"): a wrong value or state, as `PRODUCED` reads one right after the verb. Not after a modal, "to",
// "not" or "please" (what should be made), and not an approximate figure ("usage data shows ~2% of people": a measure
// of use, not of the failure). Eighteenth pass, observed behaviour across writers.
const MAKES_OBJECT = /(?<!\b(?:should|would|must|to|will|can|could|shall|may|might|not|n['’]t|please|also)[ \t]{1,3})\b(?:draws|gives|lists|shows|displays|renders|returns|prints|sends|forwards|writes|sets)[ \t]+(?:(?:a|an|the|only|just)[ \t]+)?(?:[\w/~.-]{1,40}[ \t]+){0,3}?(?:[\w/.-]{0,40}\d[\w/~.-]{0,40}|\/[\w/~.-]{1,80})\b/g;
function versionFigures(text: string): Read[] {
  // (a text with no "d.d" has no version: most texts, read without the scan)
  if (!/\d\.\d/.test(text)) return [];
  const versions = new Set<string>();
  let first: Read | null = null;
  VERSION_FIGURE.lastIndex = 0;
  for (let m = VERSION_FIGURE.exec(text); m !== null; m = VERSION_FIGURE.exec(text)) {
    versions.add(m[1].toLowerCase());
    first ??= { start: m.index, end: m.index + m[0].length };
  }
  return first && versions.size >= 2 ? [first] : [];
}
// Another variant fronted by a preposition, then its clause: a pronoun, "the same ...", "the" and a noun, or no subject
// before "was" ("In Firefox 3.6 was normal"), and a verb that tells the
// program doing its work, with no negation and no failure ("In 29 it renders.", "With 2.4.46 they stayed open for hours.",
// "In Chrome the same mail prints ok", "With a 50 KB file it prints a table."): the case that works, told with its own
// verb rather than "works" (nineteenth pass, expected results across writers). The variant is another browser, a version
// or an input with its size; a version or a size must be the other of two in the text (`frontedVariantWorks`), so the
// failing one fronted ("In 132 they are black and white" under "since 132") is not read.
const FRONTED_VARIANT = /(?:^|[.!?;]\s*|,\s+|\n\s*)(?:in|with|on|under|using)[ \t]+(?:the[ \t]+)?(?:(?<browser>chrom(?:e|ium)|safari|edge|opera|brave|vivaldi|konqueror|ie|msie|internet explorer)(?:[ \t]?v?\d[\w.]*)?|(?:(?<product>[a-z][\w-]*)[ \t]+)?(?<version>v?\d{2,}(?:\.\d+)*|v?\d+(?:\.\d+)+)[a-z]?\d*|(?:a|an)[ \t]+(?<size>\d+(?:[.,]\d+)?)[ \t]?(?:[kmg]i?b|bytes?|kilobytes?|megabytes?|lines|rows|items|elements|entries|characters|chars)[ \t]+[a-z]+)(?:[ \t]+(?:release|build|version|nightly|browser))?,?[ \t]+(?:(?:it|they|this|that|everything|(?:the[ \t]+)?same(?:[ \t]+[\w-]+){1,2}|the[ \t]+[a-z][\w-]*(?:\.[a-z]\w*)?(?:[ \t]+[a-z][\w-]*)?)[ \t]+|(?=(?:was|were)[ \t]))(?!(?:is|are|was|were|has|have|had|does|do|did|can|could|will|would|should|may|might|must)[ \t]+(?:not|also|too|still|never)\b)[a-z]{2,}\b[^.;!?\n]{0,80}?(?=[.;!?](?!\d)|\n|,|$)/gi;
/** A failure state ending a clause: an error or an Err state, a 4xx or 5xx status (with its words, "504 Gateway Timeout"), a
 * refusal, a service down. */
const EXPECTED_FAILURE_BEFORE = /\b(?:[Ee]rr|[Ee]rrors?|[45]\d\d|[Ff]ail(?:s|ed|ure)?|[Dd]enied|[Rr]efused|[Rr]ejected|[Dd]own|DOWN|[Uu]navailable|[Tt]ime[sd]? ?[Oo]ut|[Ff]orbidden|ERR(?:OR)?)\b(?:\s+[A-Z][\w-]*){0,3}\s*,?\s*$/;
/** The reporter's acts that mend a failure (restart, remove, disable ...), not ones that choose another case (use, open). */
const MENDING_ACT = /\b(?:i|we|you)\s+(?:[\w/.-]+\s+){0,5}?(?:restart|reboot|relaunch|reinstall|re-?install|remove|delete|disable|turn(?:ed)?\s+(?:\w+\s+){0,3}?off|switch(?:ed)?\s+(?:\w+\s+){0,3}?off|uncheck|untick|clear|kill|reset|rename|unplug|downgrade|revert|roll(?:ed)?\s+back|set)\w*\b/i;
/**
 * The working case read at `r` is a workaround: what follows it is "around" ("... works around it"), or it is told as
 * working (again) after an act of the reporter's that mends the failure, in the same sentence before it or as its own
 * condition ("When I restart firefox it works again", "If I click the shield and turn protection off, it works").
 */
function workaroundRead(text: string, r: Read): boolean {
  if (/^\s+around\b/i.test(text.slice(r.end, r.end + 10))) return true;
  const read = text.slice(r.start, r.end);
  const sentenceStart = Math.max(text.lastIndexOf(". ", r.start - 1), text.lastIndexOf("\n", r.start - 1), r.start - 160, 0);
  const before = text.slice(sentenceStart, r.start);
  const again = /\bagain\b/i.test(read) || /^\s+again\b/i.test(text.slice(r.end, r.end + 8));
  // (the act as the read's own condition, "If I ... it works", or in the sentence before "it works again")
  return /^(?:if|when|once|after|as soon as)\s/i.test(read) && MENDING_ACT.test(read.slice(0, read.search(/,?\s+(?:it|they|everything)\s+\w+\s*$/i) >>> 0 || read.length)) ||
    again && /\b(?:if|when|once|after)\b/i.test(before + read) && MENDING_ACT.test(before + read);
}

/**
 * The clause `FRONTED_VARIANT` read tells the program working there: no negation, no "too"/"also"/"still"/"either", no
 * failure word in it (`FAILING`, `ERROR`, "wrong", "blank", "slow", "differently": "In IE 8 it reacts differently"
 * tells another failure; not all of `WRONG`: "they stayed open" is
 * right after a version that closed them), not asked. A version or a size fronted must be the other of two: it stands once in
 * the text, and another version (another size) is named elsewhere, the failing one ("since 98 ... In 97 it opened
 * automatically", "Uploading a 5 MB file ... With a 50 KB file it prints a table").
 */
// What a version did, told in the past passive ("In 1.3 the variable was passed", "With 2.0 the index.html was served",
// "In 1.3 it was set"): the case that worked there, though the description names no other version (the failing one
// stands in the title, or is left out). A participle right after "was"/"were", closing its clause or followed by what
// it was done to or how; the clause tells no failure (`observedIn` reads nothing in it) and the version stands once in
// the text. `FRONTED_VARIANT`'s subject after "the" may now be a file's name ("the index.html"). Twenty-first pass, read-20 httpd; the same shape in read-1 and read-18 httpd (and read-11 Firefox, read
// already by other words). "In 3.0 it was a popup window", "In 87 it was normal speed" are no participle.
// Nor a verb of change ("In 5.0.1 the processor was changed to Print", "In 3.2 the default port was changed to 8443"): what
// the version changed, no case that worked (twenty-second pass, the audit's wrong firing on a Jira issue).
const PAST_PASSIVE = /^[^,]*?,?[ \t]+(?:it|they|this|that|the[ \t]+[a-z][\w.-]*(?:[ \t]+[a-z][\w.-]*)?)[ \t]+(?:was|were)[ \t]+(?!(?:changed|modified|introduced|added|removed|switched|moved|renamed|replaced|deprecated|dropped|rewritten|reworked|refactored|altered)\b)(?:[a-z]{2,}ed|set|sent|shown|kept|served|given|written|read|found|built|put|run|made|done|seen|taken|held|brought)(?=[ \t]*(?:[.;!,]|$)|[ \t]+(?:to|in|on|at|as|by|with|from|for|through|into|correctly|properly|fine|again|there|back)\b)/i;
function frontedVariantWorks(text: string, r: Read): boolean {
  const clause = text.slice(r.start, r.end);
  if (/\b(?:not|no|never|nothing|none|neither|nor|cannot|also|too|either|still|again|as well|only|same (?:problem|issue|thing|error|bug|behaviou?r|result|crash))\b|\b\w+n['’]t\b|\b(?:dont|doesnt|didnt|isnt|wasnt|arent|werent|cant|wont|couldnt|wouldnt|hasnt|havent)\b/i.test(clause)) return false;
  if (/^\s*\?/.test(text.slice(r.end, r.end + 2)) || FAILING.test(clause) || ERROR.test(clause) || /\b(?:wrong(?:ly)?|incorrect(?:ly)?|invalid|corrupt\w*|garbled|truncat\w*|mangled|errors?|exceptions?|blank|empty|missing|slow(?:er|ly)?|garbage|black|instead|bug|problem|issue|different(?:ly)?|differs?|odd|strange|weird)\b/i.test(clause)) return false;
  FRONTED_VARIANT.lastIndex = 0;
  const m = FRONTED_VARIANT.exec(clause);
  const version = m?.groups?.version, size = m?.groups?.size;
  // (the word before a version names a product or a build, "Firefox 3.6", "Nightly 29", "Ledger 4.0": a capitalised
  // name, or a word of builds; not a place in a text or a form, "line 120", "step 12")
  const product = m?.groups?.product;
  if (version && product && !/^(?:[A-Z][\w-]*|firefox|fx|nightly|beta|aurora|esr|release|version|build|httpd|apache|v)$/.test(product) ||
    product && /^(?:line|step|row|page|section|chapter|port|case|test|figure|item|option|level|table|tab|column|frame|bug|issue|comment|minute|second|hour|day|windows|win|mac|macos|osx|linux|ubuntu|debian|fedora|centos|rhel|suse|android|ios|xp|vista|kernel|gnome|kde|mesa|driver|rx|gtx|rtx|intel|amd|nvidia)s?$/i.test(product)) return false;
  const others = (re: RegExp, own: string, alike: (v: string) => boolean) => {
    const found = [...text.matchAll(re)].map((x) => x[1]);
    return found.filter((v) => v === own).length === 1 && found.some((v) => v !== own && alike(v));
  };
  // (the other version has the same shape: as many parts, "2.4.47" beside "2.4.46", "4.0b7" beside "3.6"; or as many
  // digits, "98" beside "97")
  const shape = (v: string) => v.includes(".") ? `${v.split(".").length}.` : `${v.length}`;
  if (version) {
    const own = version.replace(/^v/i, ""), versions = /(?<![\w.])v?(\d+(?:\.\d+)*)(?![\w.]*\d*%)/g;
    return others(versions, own, (v) => shape(v) === shape(own)) ||
      PAST_PASSIVE.test(clause) && [...text.matchAll(versions)].filter((x) => x[1] === own).length === 1 && observedIn(clause).length === 0;
  }
  if (size) return others(/(?<![\w.])(\d+(?:[.,]\d+)?)[ \t]?(?:[kmg]i?b|bytes?|kilobytes?|megabytes?|lines|rows|items|elements|entries|characters|chars)\b/gi, size, () => true);
  return true;
}

// Two values told by the same verb of making, side by side, the second with a subject of its own ("3.5 gives 320, trunk
// gives 0", "prints 4294967295, interpreter prints -1", "Chrome returns 1, we return 0"): one of the two is the value of
// the case that works (nineteenth pass, expected results across writers). The values differ; a sequence ("then prints
// 5") or a pronoun subject is no other case.
const TWO_VALUES = /\b(?<verb>gives|gave|prints|printed|returns|returned|logs|logged|outputs|output|reports|reported|yields|yielded|shows|showed|displays|displayed)[ \t]+(?<v1>[-+]?\d[\w.,]*|"[^"\n]{1,40}"|'[^'\n]{1,40}'|“[^”\n]{1,40}”)[ \t]*[,;][ \t]*(?:(?:and|but|while|whereas)[ \t]+)?(?!(?:then|and|it|this|that|which|but|so|now|later|after|again|sometimes|also)\b)[\w.+-]+(?:[ \t]+[\w.+-]+){0,2}?[ \t]+\k<verb>[ \t]+(?<v2>[-+]?\d[\w.,]*|"[^"\n]{1,40}"|'[^'\n]{1,40}'|“[^”\n]{1,40}”)/gi;
function twoValues(text: string): Read[] {
  const out: Read[] = [];
  TWO_VALUES.lastIndex = 0;
  for (let m = TWO_VALUES.exec(text); m !== null; m = TWO_VALUES.exec(text)) {
    const strip = (v: string) => v.replace(/[.,]+$/, "");
    if (m.groups && strip(m.groups.v1) !== strip(m.groups.v2)) out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}
const VARIANT_VERB = /\s+(?:still\s+)?(?:works|worked|is working|was working|(?:is|was|are|were)\s+(?:fine|ok|okay|unaffected)|(?:does|did)(?:n['’]?t| not)\s+(?:crash|hang|freeze|fail|leak|do (?:this|that|it)))$/i;
// The subject names another variant: another browser, system, server module or runtime, or a version ("Java 8",
// "2.2.x", "2.4.7", "Fx9 release"; a number of two parts is no version: "a ratio of 1.5 is fine") as the head of the subject ("chrome text is fine" in a Firefox report is its own UI). Another part of the same program that works ("audio is fine", "Cancel works", "small files
// are fine") is not what should happen in the failing case: the writers label those without an expected result.
const VARIANT_SUBJECT = /(?:\b(?:chrom(?:e|ium)|safari|edge|opera|brave|vivaldi|ie|msie|konqueror|thunderbird|windows|mac ?os|macos|osx|linux|ubuntu|debian|fedora|centos|freebsd|solaris|android|ios|x11|xorg|wayland|gnome|kde|prefork|worker|java|jdk|jre|python|perl|php|node)(?:[ \t]+v?\d[\w.]*)?|\bfx ?\d+|(?<![\w.])v?\d+(?:(?:\.\d+){2,}|(?:\.\d+)*\.x))(?:[ \t]+(?:release|build|version|mpm|browser)s?)?$/i;
const NEGATED_SUBJECT = /\b(?:not|no|nothing|never|neither|nor|none|without|\w+n['’]t|and|or|but|it|they|is|are|was|were|be|been|has|have|had|then|when|if|because|so|which|also|too|same)\b/i;
const WORKING_BRIEFLY = /(?<!\b(?:\w+n['’]t|(?:does|do|did|is|are|was|were|ca|wo|could|would|should|has|have|had)nt|not|never|no longer|nothing)\b[^.;!?\n]{0,40})(?<!\b(?:mark|set|flag|file|label|rate|classif|treat)\w*\s+(?:(?:it|this|that|them|the \w+)\s+)?)\bas normal(?=\s*(?:[.,;!)]|$))|(?<!\b(?:not|no|nor|neither)\s+)\b(?!(?:noth|someth|everyth|anyth)ing\b)[a-z]{3,}ing(?:\s+(?!(?:nothing|not|and|but|or|it|that|which)\b)[\w-]+){0,3}?\s+(?:still\s+)?works?,?\s+though(?=\s*(?:[.,;!)]|$))|\b(?:\w+n['’]t|(?:does|do|did|is|are|was|were|ca|wo|could|would|should|has|have|had)nt|not|no longer)\b[^.;!?\n]{1,80}?\b(?:where|as|like|when) (?:it|they|this|that) used to(?=\s*(?:[.,;!)]|$))/i;
export function expectedIn(labelled: string): (Read & { kind: ExpectedKind })[] {
  const text = unwrapped(withoutLabels(labelled));
  const tag = (kind: ExpectedKind, reads: Read[]) => reads.map((r) => ({ ...r, kind }));
  const reads = [
    ...tag("modal", all(text, MODAL).filter((r) => !MODAL_NOT_EXPECTED.test(text.slice(Math.max(0, r.start - 12), r.end + 40)) && !judgedAsItShould(text, r) &&
      !bareComparative(text.slice(r.end, r.end + 60)) && !teamRethinks(text, r))),
    ...tag("expect", all(text, EXPECT).filter((r) => !instructed(text, r) && !emptyField(text, r) && !EXPECTED_BETTER.test(text.slice(r.end, r.end + 40)))), ...tag("expect", all(text, NOT_INSTEAD)), ...tag("wish", all(text, WISH)), 
    ...tag("request", all(text, REQUEST).filter((r) => !inProgramQuote(text, r) && !MADE_BETTER.test(text.slice(r.end, r.end + 60)) && !MADE_AS_BEFORE.test(text.slice(r.end, r.end + 60)))),
    ...tag("working_case", all(text, WORKING_CASE).filter((r) => !thingMissing(text, r) && !actedThen(text, r) && !afterTheFailure(text, r))), ...tag("wish", all(text, WISH_UNSAID)), ...tag("working_case", all(text, WORKS_ELSEWHERE)), ...tag("working_case", all(text, WORKING_MORE)), ...tag("working_case", all(text, BROWSER_DOES_NOT)), ...tag("working_case", all(text, WORKING_KEPT)), ...tag("working_case", all(text, WORKING_IN_BROWSER)), ...tag("working_case", all(text, WORKING_BROWSER_ACTS).filter((r) => browserActsWell(text, r))), ...tag("wish", all(text, WISH_MORE)), ...tag("working_case", all(text, WORKED_VERSION)), ...tag("working_case", all(text, WORKING_DIRECTIVE).filter((r) => directiveValued(text, r))), ...tag("working_case", all(text, WORKING_WITHOUT_OPTION)), ...tag("working_case", all(text, WORKED_BEFORE)), ...tag("working_case", usedToBefore(text)), ...tag("working_case", all(text, SAME_WORKS_IN)), ...tag("working_case", all(text, WORKS_AS_IT_SHOULD)), ...tag("working_case", all(text, SAME_ELSEWHERE)), ...tag("working_case", all(withoutLabels(labelled), COMMAND_WORKS)), ...tag("working_case", all(text, WORKING_BROWSER_LINE)), ...tag("working_case", all(text, WORKING_PLATFORM)), ...tag("working_case", all(text, WAS_THERE_IN)), ...tag("expect", all(text, NORM_SAYS)), ...tag("expect", all(text, THOUGHT_IT_DOES)), ...tag("expect", all(text, DOCS_SAY)), ...tag("expect", all(text, RULE_SAYS)), ...tag("working_case", all(text, WORKING_IN_FULL)),
    ...tag("working_case", workingExamples(text)),
    ...tag("working_case", all(text, WORKING_BRIEFLY)),
    ...tag("working_case", versionFigures(text)),
    ...tag("working_case", all(text, WORKING_VARIANT).filter((r) => { const subject = text.slice(r.start, r.end).replace(VARIANT_VERB, "").replace(/^[\s.!?;,]*(?:but|while|whereas)?\s*/i, ""); return !NEGATED_SUBJECT.test(subject) && VARIANT_SUBJECT.test(subject); })),
    ...tag("working_case", all(text, SAME_IN_BROWSER)),
    ...tag("working_case", all(text, FRONTED_VARIANT).filter((r) => frontedVariantWorks(text, r))),
    ...tag("working_case", twoValues(text)),
    ...tag("request", all(text, WAY_ASKED).filter((r) => !inProgramQuote(text, r))),
    ...tag("request", actAsked(text).filter((r) => !inProgramQuote(text, r))),
    ...tag("request", closingRequest(text.trimEnd()).filter((r) => !inProgramQuote(text, r))),
  ];
  // What the program prints ("Message: Object expected", a log line, a stack frame) or a line of code is not what the
  // reporter expects, however it is worded.
  // A line the parse ran together out of many (a session, its output and the reporter's words) is judged by the sentence
  // the read stands in.
  // A read is judged from its first word, not from the stop or the line break its pattern opens on ("... gets 503. with
  // tomcat 9 same config it was fine": the stop ends the log line before it; thirteenth pass, httpd).
  const fromWord = (r: Read): Read => ({ start: r.start + (/^[\s.!?;,]*/.exec(text.slice(r.start, r.end))?.[0].length ?? 0), end: r.end });
  const inSession = sessionReader(text);
  const programs = (w: Read) => printed(lineOf(text, w).length > 120 ? lineAround(text, w) : lineOf(text, w)) || inBlockComment(text, w) || inSession(w) || messageGoesOn(text, w) || afterMessageNumber(text, w) || introducedOutput(text, w);
  // "how this works" names the way a thing works, asked or told, not a case that works beside the failing one ("Could
  // somebody explain how this works in a private window?"; fourteenth pass, read-12).
  const howItWorks = (r: Read & { kind: ExpectedKind }) => r.kind === "working_case" && /\bhow\s+$/i.test(text.slice(Math.max(0, r.start - 6), fromWord(r).start));
  // "What is the right way to ...?", "which is the correct value": asks for the right behaviour, states none (fifteenth
  // pass, read-14).
  const asksWhichIsRight = (r: Read & { kind: ExpectedKind }) => r.kind === "expect" && /^(?:the\s+)?(?:correct|right|desired|intended|proper|normal|ideal|preferred)\s/i.test(text.slice(fromWord(r).start, r.end)) &&
    /\b(?:what|which)(?:['’]s|\s+(?:is|are|was|were|would be|should be))\s+$/i.test(text.slice(Math.max(0, fromWord(r).start - 20), fromWord(r).start)) &&
    // (asked: the sentence ends in a question mark; "..., which was the desired behavior." states it)
    /^(?:[^.!\n]|[.!](?!\s|$))*\?/.test(text.slice(r.end));
  // "I do not know if the result should be an object", "It's not clear that the child nodes should be removed": the
  // reporter doubts what should happen, and states nothing (sixteenth pass, the shared reports). A "but" ends the doubt
  // ("Not sure if this is a bug, but it should ...").
  const doubted = (r: Read & { kind: ExpectedKind }) => (r.kind === "modal" || r.kind === "expect") &&
    DOUBT_BEFORE.test(text.slice(Math.max(0, fromWord(r).start - 100), fromWord(r).start));
  // "you get some garbage text instead of expected results:" names no result: what was expected is left unsaid (sixteenth
  // pass, the shared reports). "instead of the expected 200 OK" names it.
  const unnamed = [...text.matchAll(UNNAMED_EXPECTED)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const namesNothing = (r: Read & { kind: ExpectedKind }) => r.kind === "expect" && unnamed.some((u) => fromWord(r).start >= u.start && fromWord(r).start < u.end);
  // "when using the feed instead of a link", "Would calling X rather than Y help?": the reporter's choice between two
  // ways of doing it, not what the program should do instead (sixteenth pass, the shared reports).
  const reportersChoice = (r: Read & { kind: ExpectedKind }) => r.kind === "expect" && /^(?:instead of|rather than)\b/i.test(text.slice(fromWord(r).start)) &&
    CHOICE_BEFORE.test(text.slice(Math.max(0, fromWord(r).start - 80), fromWord(r).start));
  // "I'd rather not single anything out", "we would prefer not to name names": the reporter declines an act of their own,
  // and wishes nothing of the program ("I'd rather not have to sign in twice", "I'd prefer not to lose the draft" wish
  // for a behaviour, and stay read; seventeenth pass, second half, bands).
  const declined = (r: Read & { kind: ExpectedKind }) => r.kind === "wish" && DECLINED_OWN_ACT.test(text.slice(fromWord(r).start, r.end + 40));
  // A workaround is no case that works: what "works around it" ("Setting AcceptMutex fcntl works around it"), or an act of
  // the reporter's that mends the failure for a while ("When I restart the app it works again", "If we untick the
  // option, it works"), tells how to get past the failure, not what the program should do (the eighteenth pass's
  // decision; nineteenth pass, expected results across writers). Another case chosen by the reporter ("When I use Chrome
  // it works", "If I open it in a private window, it works") stays a case that works.
  const mended = (r: Read & { kind: ExpectedKind }) => r.kind === "working_case" && workaroundRead(text, fromWord(r));
  // "as expected" after a failure state a step was meant to bring about ("I stopped the backend, the manager showed it as
  // Err as expected", "requests during the restart get 503 as expected") tells a step that went as planned, not the case
  // that works beside the failure (nineteenth pass, expected results across writers).
  const expectedFailure = (r: Read & { kind: ExpectedKind }) => r.kind === "working_case" && /^as expected$/i.test(text.slice(fromWord(r).start, r.end).trim()) &&
    EXPECTED_FAILURE_BEFORE.test(text.slice(Math.max(0, r.start - 80), r.start).split(/[.;:!?\n(]/).pop() ?? "");
  return reads.filter((r) => !programs(fromWord(r)) && !howItWorks(r) && !mended(r) && !expectedFailure(r) && !asksWhichIsRight(r) && !doubted(r) && !namesNothing(r) && !reportersChoice(r) && !declined(r) &&
    !((r.kind === "wish" || r.kind === "request") && (ASKS_FOR_NEWS.test(text.slice(r.start)) || ASKS_FOR_PLAN.test(text.slice(r.start)))) && !(r.kind === "wish" && ASKS_FOR_WORK.test(text.slice(r.start)))).sort((a, b) => a.start - b.start);
}

/**
 * The clause `WORKING_BROWSER_ACTS` read tells no failure, negation or sameness of it ("Chrome drops the query too",
 * "Chrome shows the same error", "Chrome/Safari never print it", "Internet Explorer cannot display the webpage"), and is
 * not asked ("Does Chrome keep it?").
 */
function browserActsWell(text: string, r: Read): boolean {
  const clause = text.slice(r.start, r.end);
  return !new RegExp(String.raw`\b(?:not|n['’ ]?t|cannot|never|no|nothing|also|too|as well|either|only|${SAME_INPUT}|bug|problem|issue|different(?:ly)?)\b`, "i").test(clause) &&
    observedIn(clause).length === 0 && !/\?/.test(text.slice(r.end, r.end + 2)) && !QUESTION.test(lineAround(text, r));
}

/** A shell's or a console's prompt with the command typed after it ("$ ./configure", "C:\Apache24\bin>httpd -k start"). */
const PROMPT_LINE = /^[ \t]*(?:[$%][ \t]+\S|[A-Za-z]:\\[^>\n]*>[ \t]*\S|[\w.-]+@[\w.-]+(?::[^\n$#]*)?[$#][ \t]+\S)/;

/**
 * The text with each console session blanked (same length): from a prompt's line to the end of its block (no blank
 * line between), the commands typed and what the programs printed, none of it the reporter's sentences ("C:\\Apache24\\bin>
 * htpasswd -n bob" and the prompts it printed under a title that says they come out garbled; twelfth pass, httpd).
 */
export function withoutSessions(text: string): string {
  if (!/[$%>#]/.test(text)) return text;
  const lines = text.split("\n");
  const inside = consoleSessionLines(lines);
  // (a line with three words of a sentence goes on in the reporter's words: "which breaks my module's Makefile, it should ...")
  return lines.map((line, i) => (inside[i] && line.split(/\s+/).filter((w) => SENTENCE_WORD.test(w)).length < 3 ? line.replace(/\S/g, " ") : line)).join("\n");
}

/**
 * A program's own diagnostic, its name (and a make's level) before the colon: "configure: error: ...", "collect2: error:
 * ld returned 1", "make[4]: *** [all] Error 1" (fourteenth pass, httpd: a configure run's error that says what an option
 * "must" be was read as the reporter's expectation).
 */
const PROGRAM_DIAGNOSTIC = /(?:^|\s)[\w.+-]+(?:\[\d+\])?:[ \t]+(?:(?:fatal[ \t]+)?error:|warning:|\*\*\*)/i;
/**
 * A line that holds a program's diagnostic (`PROGRAM_DIAGNOSTIC`: "configure: error: APR could not be located. Please use
 * the --with-apr option.", also run on after "checking for APR... "), or opens with a check that failed in a debug build
 * or a test run ("###!!! ASSERTION: Frame should be dirty: ...", "Assertion failure: ...", "TEST-UNEXPECTED-FAIL |
 * test_x.html | got 201, expected 200"): the program's words, however they ask, require or expect (twentieth pass,
 * expected results across writers).
 */
const CHECK_FAILED_LINE = /^\s*(?:#{3}!{3}[ \t]*)?(?:ASSERTION|Assertion failure)[ \t]*:|^\s*TEST-(?:UNEXPECTED-)?(?:FAIL|PASS|TIMEOUT|ERROR)\b/;

/**
 * Words only a person writes about what they ran: the first person, a reasoning's joints, a standard cited, a verdict on
 * what was printed ("Interpreter output (60) is correct, with -j ..."; fifteenth pass, read-14 firefox).
 */
const REPORTER_VOICE = /\b(?:i|we|my|our|me|us)\b|\b(?:but|so|since|because|although|though|however|per|according to|instead)\b|\brfc ?\d+|\b(?:is|was|are|were) (?:the )?(?:correct|right|wrong|incorrect)\b/i;

/**
 * A line under a session's output that the reporter wrote, which ends the session where no blank line does (a text whose
 * blank lines a tracker or an export dropped): a sentence of five words of a sentence, or of three in the reporter's own
 * voice ("bcrypt only uses the first 72 bytes, which is known, but htpasswd should at least warn ..."). Not a message
 * the program printed ("Errors reported here must be corrected before the service can be started."), nor a log line.
 */
function toldByReporter(line: string): boolean {
  if (PROMPT_LINE.test(line) || LOGGED.test(line) || STACK_OR_LOG.test(line) || PROGRAM_DIAGNOSTIC.test(line)) return false;
  const words = line.split(/\s+/).filter((w) => SENTENCE_WORD.test(w)).length;
  return words >= 5 || (words >= 3 && REPORTER_VOICE.test(line));
}

/**
 * Per line, whether it stands in a console session: from a prompt's line (`PROMPT_LINE`) to the next blank line, or
 * to the first line the reporter wrote after it (`toldByReporter`).
 */
export function consoleSessionLines(lines: string[]): boolean[] {
  let inside = false;
  return lines.map((line) => {
    if (!line.trim()) inside = false;
    else if (PROMPT_LINE.test(line)) inside = true;
    else if (inside && toldByReporter(line)) inside = false;
    return inside;
  });
}

/**
 * Whether a read stands on a line of a console session: below a prompt and its command, in the same block (no blank
 * line between), is what the program printed ("Errors reported here must be corrected before the service can be
 * started."), not the reporter's words, up to the first line the reporter wrote. The text's sessions are read once,
 * when the first read is asked about.
 */
function sessionReader(text: string): (r: Read) => boolean {
  const lines = text.split("\n");
  let inside: boolean[] | null = null;
  return (r) => {
    inside ??= consoleSessionLines(lines);
    const at = text.slice(0, r.start).split("\n").length - 1;
    // (a prompt's own line holds the command typed: in a session only when one runs on above it)
    return PROMPT_LINE.test(lines[at]) ? at > 0 && inside[at - 1] : inside[at];
  };
}

/**
 * "before the deploy" or "until the upgrade" dating what a person did in its clause ("a client requested it before the
 * deploy", "we flushed every cache until the upgrade"): when someone acted, not a time the program worked (fourteenth
 * pass, httpd). "It worked until the upgrade", "Before the update it showed ..." still tell one.
 */
/**
 * A sentence that opens on the failure just told being over ("After the freeze the window shows up and works normally",
 * "after the stall, playback goes on fine"): the program coming back from it, not a case set beside the failing one
 * (seventeenth pass, read-16 firefox). "After the update it works fine" still tells one.
 */
function afterTheFailure(text: string, r: Read): boolean {
  const sentence = text.slice(Math.max(0, r.start - 120), r.start).split(/[.!?;\n]/).pop() ?? "";
  return /^\s*after (?:the|this|that|each|every|such an?|an?) (?:[\w-]+ )?(?:freezes?|hangs?|stalls?|delays?|pauses?|lags?|wait|timeouts?|hiccups?|lock-?ups?|crash(?:es)?)\b/i.test(sentence);
}

let personActed: RegExp | null = null;
function actedThen(text: string, r: Read): boolean {
  if (!/^(?:before|until)\s/i.test(text.slice(r.start, r.end))) return false;
  const clause = text.slice(Math.max(0, r.start - 80), r.start).split(/[.!?;,:\n]/).pop() ?? "";
  // (built on first use: PEOPLE is declared further down)
  personActed ??= new RegExp(`\\b(?:i|we|you|they|he|she|someone|somebody|${PEOPLE})\\s+(?!(?:worked|was|were|ran|showed|had|kept|looked|behaved|did|could|used)\\b)[a-z]+(?:\\s+[\\w'’-]+){0,3}\\s+$`, "i");
  // Nor a deadline set on work asked for ("We need to look into this before the release", "Fix it before the launch",
  // "please sort it out until Friday"; sixteenth pass): when it should be done, not a time the program worked.
  return personActed.test(clause) || WORK_BY_THEN.test(clause);
}
const WORK_BY_THEN = /(?:\b(?:please|pls|plz|asap|needs? to|must|ha(?:ve|s) to|should|got to|gotta)\b|^\s*(?:fix|look|check|sort|ship|finish|get|do|handle|address|resolve|investigate|deal)\b)(?:(?!\b(?:work|worked|works|working|was|were|ran|showed|did|behaved)\b)[^])*$/i;

/**
 * "instead of" or "rather than" in a step the reporter tells the reader to take ("4. Set the level to -O2 instead
 * of -O0", "kill the process rather than close it"): a choice in the steps, not what the program should do.
 */
function instructed(text: string, r: Read): boolean {
  const said = text.slice(r.start, r.end);
  // "The line is optimized away. This is expected.": the reporter accepts what is seen, which says nothing of what should happen instead.
  // So does a clause that comments on it, in any tense or hedged ("..., which is kind of expected"; fourteenth pass, httpd).
  if (/^expected$/i.test(said) && /\b(?:this|that|it|which) (?:is|was) (?:(?:kind|sort) of |somewhat |probably |to be )?$/i.test(text.slice(Math.max(0, r.start - 30), r.start)) && /^\s*(?:[.,;)]|$)/.test(text.slice(r.end, r.end + 3))) return true;
  if (!/^(?:instead|rather)/i.test(said)) return false;
  // The sentence runs back over line breaks where the text was wrapped (the next line goes on in lower case).
  let start = r.start;
  while (start > 0 && !/[.!?]/.test(text[start - 1]) && !(text[start - 1] === "\n" && !/^[ \t]*[a-z]/.test(text.slice(start, start + 40)))) start--;
  const sentence = text.slice(start, r.end);
  return imperative(sentence) || /^\s*(?:you|one|we) (?:have to|need to|must|should)\s/i.test(sentence);
}

/**
 * "Expected Results:" with nothing after it, where a form's fields were run together on one line ("... Actual
 * Results: it hangs Expected Results:" at the end, or straight before the next field's label): a label the reporter
 * left empty, not an expectation. (On a line of its own, `withoutLabels` blanks it.)
 */
function emptyField(text: string, r: Read): boolean {
  if (!/^expected$/i.test(text.slice(r.start, r.end))) return false;
  const after = text.slice(r.end, r.end + 80);
  return /^(?:[ \t]+(?:results?|behaviou?r|outcome|output))?[ \t]*:\s*(?:$|(?:actual|observed|steps|reproducible|expected|additional|build|user[ -]agent|platform|version)\b[\w ()&-]{0,30}:)/i.test(after) || EMPTY_LABEL.test(after);
}

/**
 * The line under a message the program printed that ends in a colon, in the same block: the message goes on there
 * ("AH00526: Syntax error on line 18 of ssl.conf:" over "SSLSessionCache: Invalid argument: size has to be < ..."; an
 * httpd message opens with its AH code). Thirteenth pass, httpd.
 */
function messageGoesOn(text: string, r: Read): boolean {
  const prev = lineBefore(text, r.start);
  return prev !== null && /:\s*$/.test(prev) && (printed(prev) || /^\s*(?:\[[^\]\n]*\]\s*)*AH\d{4,5}:/.test(prev));
}

/** The line before the one an offset stands on (past one blank line when asked), or null on the text's first line. */
function lineBefore(text: string, at: number, pastBlank = false): string | null {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  if (lineStart === 0) return null;
  const before = pastBlank ? text.slice(0, lineStart - 1).replace(/\n[ \t]*$/, "") : text.slice(0, lineStart - 1);
  return before.slice(before.lastIndexOf("\n") + 1);
}

/**
 * The read stands in the sentence of a message the program printed, after its message number, run into the reporter's
 * line ("i get this at every start: AH02559: The X directive is deprecated, Y should be used instead. but ..."): the
 * program's words, from the number ("AH02559:", "CWWKZ0013E:") to the first stop, not the reporter's (fifteenth pass,
 * httpd).
 */
function afterMessageNumber(text: string, r: Read): boolean {
  const before = text.slice(text.lastIndexOf("\n", r.start - 1) + 1, r.start);
  const numbers = [...before.matchAll(/\b(?:AH\d{4,5}|[A-Z]{3,5}\d{4,5}[EWI]):\s/g)];
  const last = numbers[numbers.length - 1];
  return !!last && !/[.!?](?:\s|$)/.test(before.slice(last.index + last[0].length));
}

/**
 * A line that says what follows is what the program printed or answered ("I get back the following error:", "it says:",
 * "the server responds with:"), not what the reporter wants: no should, expect or would in it.
 */
const OUTPUT_INTRO = /\b(?:(?:the\s+)?(?:following|this|these|an?|the|same)\s+(?:[\w-]+\s+)?(?:error|errors|exception|message|messages|warning|warnings|output|response|trace|stack ?trace)|(?:i|we|you|they|users?|it|he|she)\s+(?:\w+\s+)?(?:get|gets|got|see|sees|saw|receive|receives|received)(?:\s+back)?|(?:it|this|that|which|the\s+(?:[\w-]+\s+)?(?:server|page|browser|log|console|dialog|api|program|call|request|method|script|compiler|tool))\s+(?:says|said|returns|returned|prints|printed|shows|showed|gives|gave|throws|threw|reports|reported|logs|logged|outputs|responds|responded)(?:\s+(?:with|back))?)\b[^\n]{0,60}:[ \t]*$/i;

/**
 * The read stands on the first line set under a line that introduces what the program printed ("I get back the following
 * error:" over "Uncaught Exception: 15: The method you are calling must be called with ..."), a blank line between or
 * not: the program's words, however they are worded, not the reporter's expectation (sixteenth pass, the shared reports).
 */
function introducedOutput(text: string, r: Read): boolean {
  const intro = lineBefore(text, r.start, true);
  return intro !== null && OUTPUT_INTRO.test(intro) && !/\b(?:should|expect(?:ed|s|ing)?|would|want|wanted|wish|hope|supposed)\b/i.test(intro);
}

/** The whole line a read stands on. */
function lineOf(text: string, r: Read): string {
  const start = text.lastIndexOf("\n", r.start - 1) + 1;
  const end = text.indexOf("\n", r.end);
  return text.slice(start, end < 0 ? text.length : end);
}

/**
 * A line of a block comment in code ("/**" over " * Returns the total ..." lines): a run of lines that open with "*"
 * under a line that opens one. Such a line alone is a list item, Jira's and Markdown's ("* Expected: the total is 0",
 * "* ... it runs one test (and should none)"; markup pass): read as the reporter's words.
 */
function inBlockComment(text: string, r: Read): boolean {
  const lines = text.slice(0, r.start).split("\n");
  if (!/^\s*\*(?!\*)/.test(lines[lines.length - 1] + text.slice(r.start, r.start + 1))) return false;
  for (let i = lines.length - 2; i >= 0; i--) {
    if (/^\s*\/\*/.test(lines[i])) return true;
    if (!/^\s*\*/.test(lines[i])) return false;
  }
  return false;
}

/**
 * A line the program wrote, or a line of code or markup. A sentence that opens with a section's bare name ("<Files>
 * sections are merged after .htaccess, so ... must be denied."; `namesTag`) is the reporter's, read without the name.
 */
function printed(text: string): boolean {
  const line = namesTag(text, 2) ? text.replace(TAG_NAMED_ALL, "tag") : text;
  return STACK_OR_LOG.test(line) || PROGRAM_DIAGNOSTIC.test(line) || CHECK_FAILED_LINE.test(line) || /^\s*(?:[<{}[\]$@]|\/\/|\/\*|\*\/)|[;{]\s*$/.test(line) || /^\s*(?:\[?(?:message|error|exception|warning|details?|reason|response|output|log)\]?\s*:)/i.test(line);
}

/**
 * The words after a verb of the request list make a subject of two to five words with a verb told of it ("Allow from with
 * hostname does ...", "Include with a relative path fails ...", "Merge of two sorted columns returns ..."): the verb opens
 * a noun, a directive's or a command's name, and the title states what it does (seventeenth pass, read-16 httpd). Not
 * where a clause may open inside the words: a word that subordinates or ends a clause ("to", "when", "that", "so", a
 * comma), or an article or a pronoun that no preposition governs, which starts a clause whose "that" is left out ("Warn
 * admins the certificate is ...", "Allow headers the backend needs ...").
 */
const TOLD_VERB = /^(?:does|doesn['’]?t|did|didn['’]?t|is|isn['’]?t|are|aren['’]?t|was|wasn['’]?t|were|weren['’]?t|has|hasn['’]?t|can['’]?t|cannot|won['’]?t|fails|failed|crashes|crashed|breaks|broke|returns|returned|gives|gave|sends|sent|ignores|ignored|leaks|leaked|loses|lost|hangs|hung|stops|stopped|throws|threw|produces|produced|causes|caused|prints|printed|logs|logged)$/i;
const CLAUSE_WORD = /^(?:that|which|who|whom|whose|where|when|whenever|if|unless|until|while|because|since|so|as|once|after|before|how|why|what|whether|than|to|and|or|but|then|time|sure)$/i;
const DETERMINER_OR_PRONOUN = /^(?:the|a|an|this|that|these|those|my|our|your|their|its|his|her|i|we|you|they|he|she|it|me|us|them)$/i;
const GOVERNS = /^(?:with|without|from|of|for|in|on|at|to|by|under|over|inside|into|behind|via|about)$/i;
function subjectTold(rest: string): boolean {
  const words = rest.trim().split(/\s+/).slice(0, 6);
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (i >= 2 && TOLD_VERB.test(w)) return true;
    if (/[,;:]$/.test(w) || CLAUSE_WORD.test(w) || (i > 0 && DETERMINER_OR_PRONOUN.test(w) && !GOVERNS.test(words[i - 1]))) return false;
  }
  return false;
}

/**
 * A title that asks for a change ("Add a way to ...") rather than stating a failure: it says what should be. A verb of
 * the list with a verb of its own after it is the title's subject, a noun ("Update fails with ...", "Sort is wrong"), and
 * so is one with a word and a verb told of it after it ("make install overwrites httpd.conf", "Update check fails behind a
 * proxy"; twelfth pass, httpd: "Make install keep the old httpd.conf" still asks).
 */
const TEAM_WORK_TITLE = /^(?:\[[^\]]*\]\s*|[\w .-]{1,30}:\s*)*(?:please|pls|plz)\s+(?:(?:take|have) a (?:\w+ )?look (?:at|into)|look (?:at|into)|check|investigate|review|sort out|deal with|help with)\s+(?:the|our|this|that|these|those|my)\b/i;
export function titleAsksFor(title: string): Read | null {
  const t = title.trim();
  // A title that only asks for a fix ("Please fix", "pls fix asap") asks what every report does: no result is stated.
  if (addsNothing("", t)) return null;
  // Nor does one that asks the team to look at a thing ("Please look at the rota page", "pls check the invoices"): the
  // team's work, as `ASKS_FOR_WORK` reads it in a wish, names no behaviour (seventeenth pass, bands).
  if (TEAM_WORK_TITLE.test(t)) return null;
  // Nor one that asks only that it work as it did ("Make it work like before", "Make the rota work again"), as
  // `MADE_AS_BEFORE` reads it in a request (eighteenth pass, bands-read-16).
  // Nor one that only pleads for the team's plan ("Please prioritise!!", "pls escalate this"): the schedule is what it
  // would change, as `ASKS_FOR_PLAN` reads it in the description (eighteenth pass, bands-read-16). "Prioritise unread
  // messages in the inbox" names what the program should do.
  if (/^(?:please\s+|pls\s+|plz\s+)?(?:prioriti[sz]e|escalate|expedite|fast-?track)(?:\s+(?:this|it|that|these|them))?(?:\s+(?:asap|now|please|urgently))?\s*[.!?]*$/i.test(t)) return null;
  const made = /^(?:please\s+|pls\s+)?(?:just\s+)?make(?=\s)/i.exec(t);
  if (made && MADE_AS_BEFORE.test(t.slice(made[0].length))) return null;
  const m = REQUEST_TITLE.exec(t);
  // "Make the import stop freezing the editor" asks for the stop; "Save button stops working" states a failure.
  if (!m || observedIn(t).some((r) => !r.generic && !/^stop/i.test(t.slice(r.start, r.end)))) return null;
  // A verb in capitals in a title written in lower case is a name (a WebDAV or HTTP method, a command: "MOVE with
  // Overwrite: T over an existing collection ..."), not a request (thirteenth pass, httpd).
  const verb = /(\S+)\s*$/.exec(m[0])?.[1] ?? "";
  if (/^[A-Z]{2,}$/.test(verb) && /[a-z]/.test(t)) return null;
  // A verb of the list with a verb in the past after it that takes its own object ("Request exceeded the limit of ...",
  // "Update removed my settings") is the title's subject, a noun, told what it did; a participle before a noun ("Remove
  // deprecated directives", "Show hidden files") is an adjective and the title still asks (fifteenth pass, read-14).
  if (/^\s+[a-z]{3,}ed\s+(?:the|a|an|its|my|our|their|this|that|these|those|all|every|\d)\b/i.test(t.slice(m[0].length))) return null;
  if (subjectTold(t.slice(m[0].length))) return null;
  const start = title.indexOf(t);
  return { start, end: start + t.length };
}

// ---------------------------------------------------------------------------------------------------------------
// How to get there.

/** A sentence or line as a unit of steps: its text and where it starts. */
interface Piece {
  text: string;
  start: number;
  /** Cut from the sentence before at "and" or a comma: an action only if that sentence was one ("Open X and click Y"). */
  chained?: boolean;
}

/**
 * The text cut into sentences and steps: a line that runs on in lower case continues the one before (text
 * wrapped at a fixed width), stack frames and log lines are left out, and "then", "->" and ", click ..." cut a
 * sentence into its actions.
 */
function pieces(text: string): Piece[] {
  const lines: Piece[] = [];
  let offset = 0;
  for (const raw of brokenAgain(text).split("\n")) {
    const start = offset;
    offset += raw.length + 1;
    if (!raw.trim() || STACK_OR_LOG.test(raw)) continue;
    const last = lines[lines.length - 1];
    // (not after a line that ends in a space: a break put back where an export took it out, or Markdown's "  ")
    const continues = last && !/[.!?:;]\s*$/.test(last.text) && !/ $/.test(last.text) && /^\s*[a-z(]/.test(raw) && !LIST_MARK.test(raw) &&
      last.start + last.text.length + 1 === start && text[start - 1] === "\n";
    if (continues) last.text = `${last.text}\n${raw}`;
    else lines.push({ text: raw, start });
  }
  const out: Piece[] = [];
  for (const line of lines) {
    let sentence = "";
    let sentenceStart = line.start;
    const flush = () => {
      if (!sentence.trim()) return;
      let at = sentenceStart;
      let chained = false;
      for (const p of sentence.split(AND_THEN)) {
        const i = text.indexOf(p, at);
        if (p.trim() && i >= 0) out.push({ text: p, start: i, ...(chained ? { chained } : {}) });
        if (i >= 0) {
          at = i + p.length;
          // What cut this piece from the next: "then" and "->" start an action of their own; "and" and "," continue one.
          chained = !/^(?:,?\s+(?:and\s+)?then\s+|\s*(?:->|=>|→)\s*)/i.test(text.slice(at, at + 12));
        }
      }
    };
    // Sentences end at ".", "!", "?" or ";" followed by a space or the end (not inside "org.eclipse.ui").
    let m: RegExpExecArray | null;
    let from = 0;
    // ... and after a list number run into its item ("1.open youtube 2.play video", a form the parse ran together).
    // Not after "e.g." or "i.e.": an example follows, the sentence goes on ("Open an article (e.g. https://...) and switch ...").
    const ends = /(?<!\b(?:e\.g|i\.e))[.!?;]+(?=\s|$)|(?<=(?:^|\s)\d{1,2})\.(?=[a-z])/g;
    while ((m = ends.exec(line.text)) !== null) {
      sentence = line.text.slice(from, m.index + m[0].length);
      sentenceStart = line.start + from;
      flush();
      from = m.index + m[0].length;
    }
    sentence = line.text.slice(from);
    sentenceStart = line.start + from;
    flush();
  }
  return out;
}

/**
 * The text with its line breaks put back where an export took them all out (`withLineBreaks`), but for a run of spaces
 * after a word a sentence does not end on: an article, a preposition or a word that names what follows
 * ("click on  Save  and"): two spaces after one are where quotes were lost, not a line break. A browser tracker's form
 * run onto one line has its fields apart again (`formFieldsApart`).
 */
export function brokenAgain(text: string): string {
  const lines = withLineBreaks(text, RUNS_ON);
  return text.includes("\n") ? lines : formFieldsApart(lines);
}

/**
 * A browser tracker's form run onto one line with single spaces ("User-Agent: ... Build ID: 2011... Steps to reproduce:
 * Opened ..., closed one, pressed ctrl+shift+t Actual results: nothing happened Expected results: ..."): each of the
 * fields the reporter fills in (reproducible, steps, actual and expected results, additional information) starts its line
 * again, so each is read as the section it is (sixteenth pass, read-15 firefox). Only in a text given with no line break
 * that opens with the form's first field; the space before the label becomes the break, so the text keeps its length.
 * The build's field is left where it is: the reporter's own words often run on after its value ("Build Identifier:
 * Mozilla/5.0 ... Firefox/4.0 I set the zoom ..."), and as a section of its own they would be read as the environment.
 */
const FORM_OPENS = /^[ \t]*(?:user[- ]agent|build (?:id|identifier))[ \t]*:/i;
const FORM_LABEL = /(?<=\S) (?=(?:Reproducible|Steps to [Rr]eproduce|Actual [Rr]esults?|Expected [Rr]esults?|Additional [Ii]nformation)[ \t]*:)/g;
function formFieldsApart(text: string): string {
  return FORM_OPENS.test(text) ? text.replace(FORM_LABEL, "\n") : text;
}

const RUNS_ON = /^(?:a|an|the|of|on|in|at|to|for|with|from|by|into|onto|and|or|called|named|titled|labell?ed|says?|said|reads?|shows?|click|press|tap|select|choose)$/i;
/**
 * ", like the ..." joined by a comma alone: a comparison with a thing named with its article or its owner ("in bold, like
 * the notes on other pages", "for sites I pick, like my mail"), not a step (`AND_THEN`).
 */
const LIKE_COMPARED = String.raw`like\s+(?:the|a|an|my|our|your|their|his|her|its|this|that|these|those|on|in|with|when)\s`;
function likeAfterComma(j: RegExpMatchArray): boolean {
  return /^like$/i.test(j[1] ?? "") && !/\b(?:and|then)\b/i.test(j[0]) && new RegExp(`^${LIKE_COMPARED}`, "i").test((j.input ?? "").slice((j.index ?? 0) + j[0].length - j[1].length));
}
/**
 * Where one action ends and the next begins inside a sentence: "then", "->", "and click", ", press". Not ", like the
 * ...", a comparison after a comma (`LIKE_COMPARED`, "put it at the top, in bold, like the notes on other pages";
 * fifteenth pass, firefox). Nor "and" before a verb that "is" or "are" follows: two names as a sentence's subject
 * ("Stop and Reload are never enabled at the same time", buttons named; fifteenth pass, read-14 firefox).
 */
// (a run of blanks is entered at its first blank only: the split is the same, as the leftmost match starts there, and no
// place inside a long run scans to its end; sixteenth pass, speed)
const AND_THEN = new RegExp(`(?:(?:,|(?<!\\s))\\s+(?:and\\s+)?then\\s+|(?<!\\s)\\s*(?:->|=>|→)\\s*|(?:,|(?<!\\s))\\s+and\\s+(?=(?:${[...ACTION_VERBS].join("|")})\\b(?!\\s+(?:is|are|was|were)\\b))|,\\s+(?=(?!${LIKE_COMPARED})(?:${[...ACTION_VERBS].join("|")})\\s+(?:the|a|an|on|it|this|that|to|in|"|'|\\w+\\s+(?:button|menu|tab|link|icon|field|view|dialog)\\b)))`, "i");
const LIST_MARK = /^\s*(?:\d{1,2}[.)]|[-*•+#]|step \d+)\s/i;
/** A phrase that only sets the scene of a step: where or with what it is done ("In the Java perspective", "On Android"). */
// (a version's dots stay inside the scene: "On the till app 2.4.1 at the harbour shop"; eighteenth pass, bands-read-16)
const SCENE = /^\s*(?:(?:\d{1,2}[.)]|[-*•+#])\s*)?(?:in|on|from|inside|within|at|under|with|using|for)\s(?:[^,.;:!?\n]|(?<=\d)\.(?=\d)){1,50}$/i;
/**
 * Words that open a reproduction told in one sentence: "To see it, ...", "To see it quickly, ...", "How to see it: ...",
 * "We reproduced it in the lab: ...", and a longer setting before a colon ("You can reproduce it on the pre-prod portal
 * with the test card 4000 0000 0000 3220: start ..."): the colon says the way there follows. So do "You can test it:",
 * "To try this:", "To test it," before what the reader is to do (fourteenth pass, read-12). So does "You can see it", with
 * or without a setting, before a colon ("You can see it on any room: start a game ..."; fifteenth pass, bands).
 */
const REPRO_WORDS = String.raw`(?:(?:how )?to (?:see|trigger|recreate) (?:it|this|that|the \w+)(?: \w+ly)?(?: yourself| for yourself| happen| again)?(?:,? (?:just|simply)(?=\s+[a-z]))?|how(?=\s*:)|(?:you|one|anyone|anybody|everyone|everybody|we|i) (?:can|could|will) (?:see|trigger|recreate|get) (?:it|this|that)(?: \w+ly)?(?: happen| again)?(?:(?:[^.:;\n]|(?<=\d)\.(?=\d)){0,40}(?=\s*:))?(?=\s*:)|(?:(?:you|one) can |you could |to |how to )?(?:test|try) (?:it|this|that)(?: yourself| for yourself| out)?(?=\s*[:,])|[^.:;\n]{0,40}\breproduc(?:e|ed|ing)\b(?:[^.:;\n]{0,40}(?=\s*(?:[:,]|$))|[^.:;\n]{41,140}(?=\s*:)))`;
const REPRO_LEAD = new RegExp(String.raw`${REPRO_WORDS}(?:\s*[:,]\s*|(?<=\b(?:just|simply))\s+)`);
/** A piece that opens with those words, or is only them where the sentence was cut at the comma after them ("To reproduce", ", open ..."). */
const REPRO_OPENS = new RegExp(String.raw`^\s*(?:[-*•]\s*)?${REPRO_WORDS}\s*(?:[:,]\s*|$|(?<=\b(?:just|simply))\s+)`, "i");
// (a "Test:" or "Testcase:" label opens the instructions after it, as "STR:" does: "Test: put a link on any https page and
// click it", "Test: enable MultiViews, request /index/foo", "Testcase: any textarea, paste a big text, type"; twenty-first
// pass: read-20 and read-15 firefox, where only these were missed, and read-1, read-2 and read-12)
const LEAD = new RegExp(String.raw`^\s*(?:(?:\d{1,2}[.)]|[-*•+#>]|step \d+:?|\(\d+\)|[a-z]\))\s*)?(?:(?:then|now|next|first|firstly|second|secondly|finally|also|and|again|just|simply|afterwards|after that|lastly|please|try to|go ahead and)\s*,?\s+|(?:in|on|from|inside|within|at|under|with|using|for) (?:[^,.;:\n]|(?<=\d)\.(?=\d)){1,50},\s*|${REPRO_LEAD.source}|(?:steps?|str|repro|test|test ?case)\s*:\s*)*`, "i");
/**
 * The first word of a sentence is an action, and it is not the subject of one ("Open dialog crashes"). A list
 * item may tell it after the fact ("- Typed in an identifier").
 */
function imperative(piece: string, item: boolean | "numbered" = false): boolean {
  const listed = !!item || LIST_MARK.test(piece);
  const s = piece.replace(LEAD, "");
  // A list item may set its scene without a comma ("1. In a Work container tab open https://x/whoami"): the action
  // after it is the step's.
  const scene = listed ? SCENE_NO_COMMA.exec(s) : null;
  if (scene) return imperative(`- ${s.slice(scene[0].length)}`);
  const m = /^([A-Za-z][\w-]*)\b\s*(.*)$/s.exec(s);
  if (!m) return false;
  let word = m[1].toLowerCase();
  // "right click", "double click", "long press" written as two words.
  const two = /^(right|left|middle|double|triple|long)\s+(click|clicks|clicked|tap|press)\b\s*(.*)$/is.exec(s);
  if (two) {
    word = two[2].toLowerCase();
    m[2] = two[3];
  }
  // After words that say the way there follows ("To reproduce, take down two links", "How to see it: publish a rate"),
  // the first word is the action whatever its verb: the lead says instructions follow. Written in lower case, as an
  // instruction after a comma or a colon is, and not a word that opens a statement or points elsewhere ("see the
  // attached page").
  const led = !two && REPRO_OPENS.test(piece) && /^[a-z][a-z-]*$/.test(m[1]) && !NOT_AN_INSTRUCTION.test(word) && !/\battach/i.test(piece);
  // A list item may tell its step in the third person, its actor left out or named ("2. Cancels the order", "3. The
  // customer opens the receipt"): what the actor does is the step (bands, tenth pass).
  if (listed && !two && !led && !ACTION_VERBS.has(word)) {
    const actor = new RegExp(`^(?:(?:the|a|an)\\s+)?${PEOPLE}\\s+([a-z][\\w-]*)\\b\\s*(.*)$`, "is").exec(s);
    // (left out only in a numbered item: "* Sets the options ..." under a bullet is a comment's line)
    const numbered = item === "numbered" || /^\s*(?:\d{1,2}[.)]|step \d+)/i.test(piece);
    const verb = (actor ? actor[1] : numbered ? word : "").toLowerCase();
    const stem = /s$/.test(verb) ? [verb.slice(0, -1), verb.slice(0, -2)].find((x) => ACTION_VERBS.has(x)) : undefined;
    if (stem) {
      word = stem;
      if (actor) m[2] = actor[2];
    }
  }
  if (!ACTION_VERBS.has(word) && !(listed && pastAction(word)) && !led) return false;
  // "sort it out" asks the team to fix it: no action on the program (bands, fifth pass).
  if (word === "sort" && /^(?:it|this|that|things|them)\s+out\b/i.test(m[2])) return false;
  // A label or a name, not an action: "Build Identifier: ...", "Build: 3.5", "Build I20030312", "Update:",
  // "Build Date & Platform:" (a Bugzilla form's field; eighth pass), "Display.windowProc(...)" (a frame of a trace), "Open(...)".
  const after = s.slice(m[1].length);
  if (!two && (/^(?:[.:(]|\s+(?:id|identifier|number|no\.|#)\b)/i.test(after) || (/^(?:build|release|update)$/.test(word) && /^\s+(?:[A-Z]?v?\d|(?:[Dd]ate|[Tt]ime|[Pp]latform)\b)/.test(after)))) return false;
  const rest = m[2].split(/\s+/).slice(0, 4).join(" ");
  // "run it will get a NPE error": an instruction run into what it gives, its comma left out; a verb of acting in its
  // plain form with "it" after it is no subject of "will" (fifteenth pass, the Jira steps reading).
  if (ACTION_VERBS.has(word) && /^(?:it|them)\s+(?:will|would)\s+(?:get|see|show|give|throw|crash|fail|hang|freeze)\b/i.test(rest)) return !/\?\s*$/.test(piece);
  // "Check/Uncheck does not ...": a pair of actions as the subject of a sentence.
  return !/^(?:\/[\w-]+\s*)?(?:\w+\s+){0,2}(?:is|are|was|were|does|do|did|has|have|had|can|could|will|would|should|shows?|fails?|crashes|works?|doesn|isn|won|seems?|appears?|becomes?|gets?|returns?|throws?)\b/i.test(rest) &&
    // "Go to the settings page", "switch to the Network tab": a verb of moving takes "to" and is an action.
    !(/^(?:of|for|to|is|are)\b/i.test(rest) && !(/^to\b/i.test(rest) && /^(?:go|navigate|browse|switch|scroll|move|log|sign|connect)$/.test(word))) && !/\?\s*$/.test(piece);
}

/**
 * Acts told in the past with no subject, one after the other (`stepsIn`): the first such run of two or more, with its
 * count, or null. Scanned at eight sentence or line openings at most, each clause 120 characters at most.
 */
const SUBJECTLESS_OPENING = /(?:^|[.!?][ \t]{1,4}|\n[ \t]{0,8})([A-Za-z][a-z]+)[ \t]+(?!(?:by|with|is|are|was|were|and|or|working|responding|loading|up)\b)(?![a-z]+ing\b)[^ \t\n]/g;
const SUBJECTLESS_NEXT = /^((?:[^.;!?\n]|\.(?=\S)){1,120}?)(?:,[ \t]*(?:and[ \t]+|then[ \t]+)?|[ \t]+(?:and[ \t]+)?then[ \t]+|[.][ \t]{1,4})([a-z][a-z]+)[ \t]+(?!(?:by|to|is|are|was|were|working|responding|loading)\b)[^ \t\n]/i;
// (the word is a noun's modifier where a verb of its own follows in its clause: "Saved logins are not filled",
// "Closed tabs get restored")
const OWN_VERB = /^(?:[^ \t\n,.;:!?]+[ \t]+){0,3}?(?:is|are|was|were|has|have|had|does|do|did|can|could|will|would|should|gets?|got|keeps?|kept|seems?|shows?|stays?|remains?|[a-z]+n['’]t)\b/i;
const NOT_TOLD_ACT = /^(?:used|based|tested|noticed|expected|seemed|fixed|reported|confirmed|attached|crashed|failed|worked|happened|looked|occurred|appeared|seen|shown|given|made|done|said|named|called|found|got|need|needed)$/i;
function subjectlessActs(text: string): (Read & { count: number }) | null {
  let reads = 0;
  for (const m of text.matchAll(SUBJECTLESS_OPENING)) {
    if (++reads > 8) break;
    let at = m.index + m[0].length - 1;
    if (!pastAction(m[1]) || NOT_TOLD_ACT.test(m[1]) || OWN_VERB.test(text.slice(at, at + 120))) continue;
    let count = 1;
    for (let n = 0; n < 8; n++) {
      const next = SUBJECTLESS_NEXT.exec(text.slice(at));
      if (!next || !pastAction(next[2]) || NOT_TOLD_ACT.test(next[2]) || OWN_VERB.test(text.slice(at + next[0].length - 1, at + next[0].length + 119))) break;
      count++;
      at += next[0].length - 1;
    }
    if (count >= 2) return { start: m.index + m[0].search(/[A-Za-z]/), end: at, count };
  }
  return null;
}

/** A verb joined to the act before it in its clause by a comma, "and" or "then" ("..., adds 2 x water, taps Save"): `stepsIn` counts the acts of a run with it. */
const JOINED_VERB = /(?:,|\band|\bthen)\s+(?:then\s+)?([a-z][\w-]*)/gi;
/** The same, a gerund ("typing ... and pressing ..."). */
const JOINED_ING = /(?:,|\band|\bthen)\s+(?:then\s+)?([a-z][\w-]*ing)\b/gi;

/** The words that say an action is decided on or tried before it: "decide to", "try to" (then the action). */
const INTENT = String.raw`(?:(?:decide[sd]?|try|tries|tried|choose|chose|attempts?|attempted)\s+to\s+)?`;

/** A part of the program with the state it is put in: "with the history view visible", "with the sidebar open". */
const SET_UP_STATE = /\bwith (?:the |a |an |its |my )?(?:[\w.-]+ ){0,5}?(?:view|editor|panel|pane|window|dialog|tab|option|setting|preference|toolbar|sidebar|console|perspective|mode|feature|box)s? (?:visible|open(?:ed)?|shown|enabled|disabled|turned (?:on|off)|switched (?:on|off)|selected|checked|unchecked|linked|maximi[sz]ed|docked|expanded|collapsed|active)\b/i;

/** A scene of up to six words before a list item's action, with no comma: "In a Work container tab " before "open". */
const SCENE_NO_COMMA = new RegExp(`^(?:in|on|from|inside|within|under|using) (?:[\\w'’.:/-]+\\s+){1,6}?(?=(?:${[...ACTION_VERBS].join("|")})\\s+(?:https?:|the |a |an |"|'|[A-Z/]))`, "i");

/** A key, with its modifiers or not, named as pressed. */
const KEYS = String.raw`(?:f\d{1,2}|tab|esc|escape|enter|return|space(?:bar)?|delete|del|backspace|home|end|page ?up|page ?down|pgup|pgdn|insert|ins|(?:the )?(?:up|down|left|right)(?: arrow)?|arrow (?:up|down|left|right))\b`;
/** Modifiers before a key: "Ctrl+", "cmd-", "Ctrl-Shift-". */
const MODIFIERS = String.raw`(?:(?:ctrl|control|alt|shift|cmd|command|meta|opt|option|super|win)\s*[+-]\s*)+`;
/** HTTP's or WebDAV's methods, in capitals, one after the other in one clause: "LOCK then PUT", "a HEAD followed by a GET" (not
 * "GET and POST", methods named together). */
const METHOD_NAME = "(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|PROPFIND|PROPPATCH|MKCOL|COPY|MOVE|LOCK|UNLOCK)";
const METHOD_SEQUENCE = new RegExp(String.raw`\b${METHOD_NAME}(?:\s+requests?)?(?:,?\s+(?:and\s+)?then|\s+followed\s+by)\s+(?:an?\s+)?${METHOD_NAME}\b`);
/**
 * What a setting or a menu path just named is said to do when it mends the failure, in the rest of its clause: "fixes
 * it", "makes it work", "solves it", "it works", "it loads instantly", "the problem goes away".
 */
const MENDS_WORDS = String.raw`(?:\b(?:fix(?:es|ed)?|solves?|solved|cures?|cured) (?:it|this|that|the (?:problem|issue|bug))\b|\bmakes? (?:it|this|that|everything) work\b|\b(?:it|everything|the page|the site|all) (?:works|loads|starts|opens)(?: (?:fine|again|instantly|immediately|normally|correctly|properly|quickly|right away))?(?=\s*(?:[.;!,]|$))|\b(?:it|everything|the page|the site|all) (?:loads|starts|opens) (?:fine|instantly|immediately|normally|correctly|properly|quickly|right away)\b|\b(?:goes|went) away\b)`;
const MENDS_IT = new RegExp(String.raw`^[^.;!?\n]{0,40}?` + MENDS_WORDS, "i");
/**
 * A condition or an action whose sentence says it mends the failure ("If I set network.http.x to false it loads
 * immediately", "When I set intl.y to true it works"): the workaround, not what sets the failure off, and the finding
 * says so. The dots of a setting's name do not end the sentence.
 */
const MENDS_AFTER = new RegExp(String.raw`^[^.;!?\n]{0,100}?` + MENDS_WORDS, "i");
function mendsIt(text: string, f: { start: number; end: number }): boolean {
  const rest = text.slice(f.end, f.end + 200).replace(/\.(?=[\w-])/g, "_");
  return MENDS_AFTER.test(rest);
}
/** A key with its modifiers: "alt+tab", "Ctrl-Shift-T", "cmd+w", "Ctrl+F5". */
const KEY_CHORD = new RegExp(String.raw`^${MODIFIERS}(?:${KEYS}|[a-z0-9]\b)`, "i");
const KEY_NAME = String.raw`(?:${MODIFIERS}(?:${KEYS}|[a-z0-9]\b)|${KEYS})`;
/**
 * Keys pressed one after another in one clause: "press F6 to reach the toolbar and then Tab", "hit Alt+D, then Enter".
 * A word or a quoted text typed, then a key ("type hallo then space then 42", 'enter "abc" then Tab'): the text typed
 * and the key pressed after it are two actions in order, as two keys are (seventeenth pass, read-16 firefox).
 */
const KEY_SEQUENCE = new RegExp(String.raw`\b(?:press|pressing|pressed|hit|hitting|type|typing)\s+${KEY_NAME}[^,.;!?
]{0,40}?(?:,\s*|\s+)(?:and\s+)?then\s+(?:press\s+|hit\s+)?${KEY_NAME}|\b(?:type|typing|typed|enter|entering|entered)\s+(?:["“][^"”\n]{1,40}["”]|[^\s,.;:!?"“]{1,40})(?:,\s*|\s+)(?:and\s+)?then\s+(?:press\s+|hit\s+)?${KEY_NAME}`, "i");

/**
 * Two actions joined by "and" as the subject of what the program then does: "Typing foo into the address bar and pressing
 * Enter sends it to the search engine", "On Linux (Fedora 14) dragging a tab from one window and dropping it on another
 * window does nothing", a key and what is typed after it ("ctrl+f and typing a word ... says", "(Ctrl+H and type a
 * word)"). Each gerund is a step, as "untick ... and reload" are: the sentence tells them in order, with the failure as its
 * predicate (twentieth pass, steps across writers: read-5, read-11, read-18). The subject runs over the dots inside a
 * name ("`example.com.`") and after a scene in brackets; each gerund has an object ("Opening and waiting" names no
 * second act), and the predicate tells what the program does (a verb in -s, "does", "is", "has").
 * A scene closed by a comma opens the sentence as one in brackets does ("On storefront 4.2 in production, choosing
 * Flyers A5, 135 gsm gloss and typing 2,500 as the quantity gives ...", "In the new about:config (Nightly 67), selecting
 * a pref ... and pressing Enter does nothing"): the gerunds after it are the subject, however long (`GERUND_SUBJECT`
 * reads the first and its "and" within sixty characters only; twenty-second pass, bands-read-20, with the same shape in
 * bands-read-14, bands-read-16 and read-19 firefox).
 */
// (the scene as `SCENE` reads it: a preposition of place or means, fifty characters at most, a version's dots and a
// bracket inside it)
const SCENE_COMMA = String.raw`(?:[OoIi]n|[Ff]rom|[Ii]nside|[Ww]ithin|[Uu]nder|[Uu]sing|[Ww]ith|[Aa]t)[ \t](?:[^,.;:!?\n()]|(?<=\d)\.(?=\d)|\([^()\n]{0,60}\)){1,50}?,[ \t]{1,4}`;
const JOINED_GERUNDS = new RegExp(String.raw`(?:(?:^|[.!?;:][ \t\n]{1,4}|\n[ \t]{0,8})(?:${SCENE_COMMA})?|\)[ \t]{1,4})([A-Za-z][a-z-]+ing)[ \t]+(?!and\b)((?:[^.;:!?\n]|\.(?=\S)){1,160}?)[ \t]+and[ \t]+(?:then[ \t]+)?([a-z][a-z-]+ing)[ \t]+(?!(?:is|are|was|were|do|does|did|doesn|don|has|have|had|works?|fails?|seems?|also|too|both)\b)((?:[^.;:!?\n]|\.(?=\S)){1,120}?)[ \t](?:does|did|doesn|is|was|has|had|[a-z]+s)\b([^.;!?\n]{0,80})`, "g");
const KEY_THEN_ACTION = new RegExp(String.raw`(?<![\w+-])${MODIFIERS}(?:${KEYS}|[a-z0-9]\b)[ \t]+and[ \t]+(?:then[ \t]+)?([a-z][a-z-]*)[ \t]+(?!(?:is|are|was|were|do|does|did|doesn|don|has|have|had|works?|fails?|both|also|too)\b)(?=["'“‘\x60\w])`, "gi");
/** What the two joined actions bring about, said as a mend or a case that works ("... and clicking the button again shows the popup correctly"). */
const JOINED_MENDS = /\b(?:fine|correctly|properly|normally|as expected|fix(?:es)?|works?|helps?|solves?)\b/i;
/** Gerunds that tell what the program does or how the reporter goes about it, not an act on it. */
const NOT_ACTED = /^(?:show|display|render|get|use|make|try|set|find|mark|like|work|log|post|build|run)/i;
function joinedActions(text: string): Read | null {
  for (const m of text.matchAll(JOINED_GERUNDS)) {
    if (!actionStem(m[1]) || !actionStem(m[3]) || NOT_ACTED.test(m[1]) || NOT_ACTED.test(m[3]) || JOINED_MENDS.test(m[5])) continue;
    const start = m.index + m[0].indexOf(m[1]);
    return { start, end: m.index + m[0].length };
  }
  for (const m of text.matchAll(KEY_THEN_ACTION)) {
    if (!actionStem(m[1]) || /\b(?:after|before|tried|try|with)[ \t]+$/i.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
    return { start: m.index, end: m.index + m[0].length };
  }
  return null;
}

/** The program restarted, named as a noun after "after" ("After restart it is back", "after a reboot"). */
// (opening its clause, with what is seen after it: "nothing changed after a restart." tells a mend tried)
const AFTER_RESTART = /(?:^|[.!?;,][ \t]{1,4}|\n[ \t]{0,8}|\b(?:but|and|then)[ \t]+)after\s+(?:a\s+|the\s+|every\s+|each\s+)?(?:restart|reboot|relaunch)\b(?!\s+(?:of|is|was)\b)/gi;
/** "the next time I open the site": a moment that comes back to what was done before. */
const NEXT_TIME = /\b(?:the\s+)?next\s+time\s+(?:i|you|we)\s+([a-z][\w-]*)/gi;
/** A condition's clause that comes back to the program: "when I start it again", "when I come back". */
const COMES_BACK = /^[^.,;:!?\n]{0,40}?\b(?:again|back)\b/i;
/** The later of two moments in order, when one is told (see `stepsIn`). */
function laterMoment(text: string, conditions: { start: number; end: number; kind: string }[]): { start: number; end: number } | null {
  const works = (end: number) => mendsIt(text, { start: end, end }) || JOINED_MENDS.test(/^[^.;!?\n]{0,80}/.exec(text.slice(end))?.[0] ?? "");
  const verb = (c: { start: number; end: number }) => /([a-z][\w-]*)\s*$/i.exec(text.slice(c.start, c.end))?.[1].toLowerCase() ?? "";
  // (the same act done again is a try again, not a second step: "When I click the icon nothing opens. When I click it
  // again nothing opens either")
  const stem = (v: string) => v.replace(/^re(?=[a-z]{4})/, "").replace(/(?:ing|ed|es|s)$/, "").replace(/e$/, "");
  const repeats = (v: string, at: number) => conditions.some((b) => b.end <= at && stem(verb(b)) === stem(v));
  for (const m of [...text.matchAll(AFTER_RESTART), ...text.matchAll(NEXT_TIME)]) {
    const end = m.index + m[0].length;
    if (!works(end) && !(m[1] && repeats(m[1].toLowerCase(), m.index))) return { start: m.index, end };
  }
  for (const c of conditions) {
    if (c.kind !== "condition" || works(c.end) || /^(?:try|tries|tried|trying|retry|do|did|want)$/i.test(verb(c)) || repeats(verb(c), c.start)) continue;
    if (/^re(?:open|start|load|launch|visit)/i.test(verb(c)) || COMES_BACK.test(text.slice(c.end))) return { start: c.start, end: c.end };
  }
  return null;
}

/** A piece that presses a key with its modifiers, and not one whose subject the key is. */
function keyStep(piece: string): boolean {
  const s = piece.replace(LEAD, "");
  return KEY_CHORD.test(s) && !CHORD_SAYS.test(s.replace(KEY_CHORD, ""));
}

/** What follows a key when the key is the subject of a statement ("Ctrl-Z does not undo the action", "Ctrl+S saves"). */
const CHORD_SAYS = /^\s+(?:\w+\s+)?(?:is|are|was|were|does|doesn['’]?t|did|didn['’]?t|do|don['’]?t|has|have|had|will|won['’]?t|would|should|can|cannot|can['’]?t|could|[a-z]+s)\b/i;

/** Words that open a statement, a question or a pointer, not an instruction. */
const NOT_AN_INSTRUCTION = /^(?:a|an|the|this|that|these|those|it|its|i|you|we|they|he|she|one|my|your|our|their|there|here|see|refer|not|no|never|always|sometimes|often|only|just|is|are|was|were|be|has|have|had|can|could|will|would|should|must|may|might|do|does|did|and|or|but|if|when|so|as|any|some|all|also|\w+ly)$/;

/**
 * A steps label inside the prose and the run after it, up to the sentence's end: "... all browsers. Steps: go to X, look at
 * Y." The label may say where or with what the reproduction was done before its colon, and be told in a few words that
 * say a reproduction follows ("Repro on the test server: ...", "Repro we ran on staging with the demo account: ...", "It
 * is easy to trigger: ..."; bands, tenth pass): the colon says the way there follows, as "Steps:" does.
 * A sentence that opens "To check:", "To verify it on staging:", "How to confirm:" says it too: what follows is how the
 * reader makes the failure show (bands, twelfth pass).
 */
const LABELLED_RUN = /(?:(?:^|[.!?]\s*|\n[ \t]*)(?:steps?(?: to reproduce)?|str)(?=[ \t]*:)|(?:^|[.!?]\s+|\n[ \t]*)(?:[^.!?:;\n]{0,30}?\b)?(?:repro(?:duc(?:ed|tion))?|to (?:trigger|reproduce|recreate)(?: (?:it|this|that|the \w+))?)(?:[ \t]+(?:[^.!?:;\n]|\.(?=\S)){1,90}?)?|(?:^|[.!?]\s+|\n[ \t]*)(?:how )?to (?:check|verify|confirm)(?: (?:it|this|that|the \w+))?(?:[ \t]+(?:[^.!?:;\n]|\.(?=\S)){1,90}?)?)[ \t]*:[ \t]*((?:[^.!?;\n]|\.(?=\S))+)/gi;

/** Two or more actions in a row inside a sentence: "(i.e., open Settings, pick Billing, press Save)". */
/** The first word of a click or a press written as two words ("right click", "double click", "long press"). */
const TWO_WORD = String.raw`(?:(?:right|left|middle|double|triple|long)\s+(?=(?:click|clicks|tap|press)\b))?`;
// A bracket inside an action ("Open any WebGL demo (e.g. http://host/demo.html), put the laptop to sleep") is one word of it.
/**
 * The verbs a run's actions open with: the action verbs, and two that are instructions only in a run ("..., and watch
 * the disk", "touch the field, then ..."): told by the reporter ("I watch a lot of videos") they are no step.
 */
const RUN_VERBS = [...ACTION_VERBS, "watch", "touch"].join("|");
/** An action of a run told as one not to take ("start it with a few tabs, don't touch it, and watch the disk"). */
const NOT_TO = String.raw`(?:(?:do not|don['’ ]?t|never)\s+)?`;
const RUN_WORDS = String.raw`(?:[^,;()\n.]|\([^()\n]{0,150}\)){1,50}`;
const ACTION_RUN = new RegExp(`(?:^|[(:;,]\\s*|\\b(?:i\\.e\\.|e\\.g\\.),?\\s*)${TWO_WORD}(?:${RUN_VERBS})\\s${RUN_WORDS}(?:,\\s*(?:and\\s+|then\\s+|(?!${LIKE_COMPARED}))${NOT_TO}${TWO_WORD}(?:${RUN_VERBS})(?:\\s${RUN_WORDS}|(?=[.;,]|$))){1,}`, "gim");

/** "When I click Save", "if you open ...", "after the user deletes ...": a condition made of an action. */
/**
 * A person named by the role they have ("a dispatcher in the Rotterdam depot", "the night nurse", "any cashier"), as the one who
 * acts in a condition: "When a dispatcher creates a consignment ... and then prints the note" tells two actions as "When I
 * create ... and print" does (bands, twelfth pass). People only: "the server", "the scheduler" and "a device" are not.
 * The people the impact reader counts (`PEOPLE`, `COUNTED_MORE`: "a donor", "the card holder", "a patron") act too
 * (bands, twelfth pass, read-11); "the editor", a program's as often, does not. So does "a room attendant", a role of
 * the service's staff as "a receptionist" is (twenty-second pass, bands-read-18 and -20).
 */
const ROLE_NOUNS = String.raw`(?:user|customer|client|shopper|buyer|member|subscriber|visitor|player|patient|student|teacher|employee|agent|admin|administrator|merchant|seller|developer|engineer|analyst|nurse|doctor|clinician|physician|guest|resident|passenger|driver|rider|colleague|tester|operator|manager|dispatcher|clerk|cashier|accountant|recruiter|approver|reviewer|moderator|instructor|parent|courier|technician|pharmacist|receptionist|attendant|planner|supervisor|volunteer|applicant|attendee|organi[sz]er|landlord|tenant|staff member|team member|reader|viewer|owner|holder|recipient|partner|vendor|participant|patron|citizen|voter|donor|person)`;
const ROLE_SUBJECT = String.raw`(?:an?|the|any|every|each) (?:[\w-]+ )?${ROLE_NOUNS}s?(?: (?:in|at|from|on|of|with) [^,.;:!?\n]{1,40}?)?`;
/** A numbered item that opens with a person of the service, maybe where they are and a bracket, then a verb in "-s". */
const ROLE_ITEM = new RegExp(String.raw`^[ \t]*\d{1,2}[.)][ \t]+(?:(?:an?|the|any|one|each|every)\s+)?(?:[\w-]+\s+)?${ROLE_NOUNS}s?(?:\s+(?:in|at|from|on|of|with)\s+[^,.;:!?()\n]{1,40}?)?(?:\s*\([^()\n]{1,80}\))?\s+([a-z]{3,}s)\b`, "gim");
/** Verbs of seeing, getting or telling after the person: what they meet, not what they do. */
const ROLE_ITEM_NOT_ACTS = /^(?:sees|gets|receives|notices|finds|reports|says|tells|shows|displays|is|was|has|does|needs|wants|expects|thinks|complains|calls|emails|writes|hears)$/;
/** What a person does with a service, beside the verbs of acting on a program: orders, books, pays, reserves, rents. */
const SERVICE_ACTS = /^(?:orders|books|pays|buys|reserves|rents|requests|applies|enrols|enrolls|subscribes|renews|returns|checks|redeems|transfers|donates|borrows)$/;
/** An action under way told by a gerund with its object after "while" ("while uploading photos", "while holding Shift"). */
const WHILE_DOING = /\bwhile\s+(?:still\s+)?([a-z][\w-]*ing)\s+(?!(?:in|on|at|for|to|from|is|was|are|and|or|but|it|itself|anyway|again|still|forever|slowly|fine)\b)(?=["'(A-Za-z0-9])/gi;
/**
 * A condition whose person is placed ("When a dispatcher in the Rotterdam depot creates ...") and whose verb the pattern
 * missed: the first word in lower case within five words after the place that is a verb of acting in "-s" or "-ed" is
 * the person's verb. The condition runs to it.
 */
function placedVerb(text: string, c: RegExpMatchArray): { index: number; 0: string; 1: string } | null {
  const from = c.index! + c[0].length - c[1].length;
  if (!/ (?:in|at|from|on|of|with) /i.test(c[0].slice(0, c[0].length - c[1].length))) return null;
  const verb = /^(?:[^\s,.;:!?]+[ \t]+){0,5}?([a-z][\w-]*(?:s|ed))\b/.exec(text.slice(from, from + 80));
  if (!verb || !actionStem(verb[1])) return null;
  return { index: c.index!, 0: text.slice(c.index!, from + verb[0].length), 1: verb[1] };
}
/** A gerund joined by a comma, "and" or "then", with its object after it ("and setting players to 7", "then reopening the tab"). */
const JOINED_GERUND = /(?:,|\band|\bthen)\s+(?:then\s+)?([a-z][\w-]*ing)\s+(?!(?:in|on|at|for|to|from|is|was|are|and|or|but|itself|anyway|again|still|forever|slowly|fine|up|down|out|around|back)\b)(?=["'(A-Za-z0-9])/gi;
/** An example set off inside a clause: "for example 1,245.6 kg", "e.g. a PDF", "say 3 items". */
const EXAMPLE_ASIDE = /^(?:for example|for instance|e\.g\.?|say)\s/i;
const CONDITIONAL = new RegExp(String.raw`\b(?:when(?:ever)?|if|after|once|every time|each time|as soon as|upon|while|before)\s+(?:i|you|we|the user|a user|users|someone|somebody|one|${ROLE_SUBJECT})\s+(?:(?:${ADVERB}|first|then|again|try to|tried to|try and|attempt to|want to|wanted to|go to|went to|am|was|have|had)\s+)*([a-z][\w-]*)`, "gi");
/**
 * "When starting Eclipse", "after clicking Save", "by right-clicking": an action as a condition, without a subject.
 * "Reproduce it" may say where and how often before its "by" ("on two phones, both on the beta, by pairing ...").
 * Where it is seen may carry a bracketed aside ("see it on the live shop (version 3.2, Chrome on a Mac) by opening ...";
 * seventeenth pass, bands).
 */
const CONDITIONAL_GERUND = /\b(?:when(?:ever)?|after|before|while|upon|once|(?:repro(?:duc(?:e|ed|ible))?|see|watch|trigger|recreate|observe)\s+(?:it\s+|this\s+)?(?:happen\s+)?(?:(?:in|on|with|under|using|from) (?:[^,.;:!?()\n]|\([^()\n]{0,150}\)){1,40}?\s+)?by|(?:reproduc(?:e|ed|ible)|recreate)\s+(?:it|this)\s+[^.;:!?()\n]{1,80}?\s+by)\s+([a-z][\w-]*ing)\b/gi;
/** A reproduction told, where and with what (brackets allowed), then a comma and a participle: "reproduced it on X (v2), both selecting ...". */
const REPRO_PARTICIPLES = /\b(?:reproduc(?:e|ed)|recreated?)\s+(?:it|this)\s+(?:[^,.;:!?()\n]|\([^()\n]{0,150}\)){1,160}?,\s+(?:(?:both|each|all|each of us|all of us|everyone)\s+)?([a-z][\w-]*ing)\b/gi;
/**
 * "When the plugin is being installed for the first time", "after the project is imported": an action as a
 * condition, told in the passive. It is quoted as what sets the failure off when nothing else is, and counts for
 * no step: the labelled reports do not take it for one.
 */
/**
 * A setting in a state, opening a sentence ("With 'Step-free only' ticked, ...", "With dark mode on, ...", "With the
 * region set to EU, ..."): the condition the failure comes out of, as "when I save" is (bands, eighth pass).
 */
const CONDITIONAL_SETTING = /(?:^|[.!?]\s+|\n\s*)with (?:the )?(?:['"‘“][^'"’”\n]{1,40}['"’”]|[\w-]+(?: [\w-]+){0,3}) (?:option |setting |checkbox |box |toggle |flag |filter |switch |mode |preference )?(?:ticked|checked|unchecked|selected|enabled|disabled|turned (?:on|off)|switched (?:on|off)|on|off|set to [^,.\n]{1,20}),/gi;
const CONDITIONAL_PASSIVE = /\b(?:when(?:ever)?|after|before|while|once|if)\s+(?:the |a |an |this |that |my |our )?[\w-]+(?:\s+[\w-]+){0,2}?\s+(?:is|are|was|were|gets|got)\s+(?:being\s+|first\s+)?([a-z][\w-]*ed)\b/gi;
/**
 * The main clause after a condition made of an action, when it tells how a person feels and nothing the program does
 * ("Every time I log in I dread it", "whenever we open the planner, we groan", "when I open the report I get frustrated"):
 * the rest of the condition's clause, then a person and a verb of feeling (seventeenth pass, bands).
 */
const FELT_AFTER = new RegExp(String.raw`^[^.!?;:\n,]{0,80}?,?\s+(?:i|we|they|he|she|everyone|everybody|people)\s+(?:\w+ly\s+|just\s+|still\s+|always\s+)?(?:dread|hate|loathe|cringe|sigh|groan|despair|wince|shudder|panic|(?:feel|get|am|are|'m|['’]m|['’]re)\s+(?:\w+ly\s+|so\s+|very\s+|really\s+)?(?:${MOOD.source.replace(/^\\b/, "").replace(/\\b$/, "")}|stressed|anxious|nervous|sick|sad|miserable))\b`, "i");
/** How an activity feels to people: a mood or a judgement of the whole ("is frustrating", "was a real pain", "is a nightmare"). */
const JUDGED_ACTIVITY = new RegExp(`^\\s+(?:(?:so|very|really|quite|pretty|super|a bit|just|such)\\s+)*(?:${MOOD.source.replace(/^\\b/, "")}|(?:a |an )?(?:(?:real|total|huge|bit of a|complete)\\s+)?(?:pain|nightmare|chore|hassle|mess|disaster|joke)\\b|tedious|clunky|painful|awful|terrible|horrible|rubbish|awkward|cumbersome|not (?:great|good|nice|ideal|fun)\\b)`, "i");
/**
 * A gerund action as the subject ("Tapping Pay does nothing") or opening the sentence ("Editing a file, ..."). The
 * sentence does not run over a blank line: a log line's last word ("..., skipping") and the next paragraph are no
 * gerund and its verb (fifteenth pass, firefox).
 */
const GERUND_SUBJECT = /(?:^|[.!?:;,]\s+|\n\s*)(?:[-*•][ \t]+)?([A-Z]?[a-z-]+ing)(?=\s)[ \t]*(?:\r?\n(?![ \t]*\r?\n)[ \t]*)?(?=\S)(?:(?:on\s+|the\s+|a\s+|an\s+|any\s+)?[^.\n]{1,60}?\s(?:does|did|do|doesn|causes?|caused|results?|resulted|throws?|threw|crashes|crashed|gives?|gave|shows?|showed|leads?|led|makes?|made|opens?|opened|triggers?|triggered|produces?|produced|returns?|returned|breaks?|fails?|failed|hangs?|freezes|takes?|took|is|was|brings?|brought|has|had)\b|[^.,\n]{1,60},)/g;
/**
 * First-person actions told as a story: "I opened the file, clicked Save", "I go to the toolbar and click Build", "I
 * was typing a comment, switched tabs" (the past progressive since the fourth pass; not "I am running a shop",
 * which tells what the reporter does in general).
 */
const NARRATED = new RegExp(String.raw`\b(?:i|we)\s+(?:(?:then|first|just|also|again|now|simply|${ADVERB}|have|had|['’ ]?ve|['’ ]?d|was|were)\s+)*([a-z][\w-]*)\b`, "gi");
/**
 * A person of the service, named by their role, told acting outside a condition, in the present or the past: "The
 * attendant taps Minibar, adds 2 x water, taps Save and gets ...", "the day attendant logged two beers at 11:02, the
 * turndown attendant opened the room ...", "a nurse logged 2 ml ..., then corrected it". Their acts are told as the
 * reporter's are ("I tap Minibar, add ..."), the way there told of the person who takes it (twenty-second pass, bands:
 * bands-read-18, -19 and -20; a numbered item of theirs is `ROLE_ITEM`, a condition of theirs `CONDITIONAL`).
 */
// (not the roles a program's part has as often: "the PDF viewer opens ...", "the client sends ...", "the driver loads ...")
const ROLE_NARRATED = new RegExp(String.raw`\b(?:the|an?|one|another|each|every|our|that|this)\s+(?:[\w-]+\s+)?(?!(?:reader|viewer|player|driver|agent|holder|client|operator|partner|vendor)s?\b)${ROLE_NOUNS}s?\s+(?:(?:then|first|just|also|again|now|later|${ADVERB})\s+)*([a-z][\w-]*)\b`, "gi");
/** What a person of the service meets, tells or is asked, in the present or the past: no act on the program. */
const ROLE_NOT_ACTS = /^(?:sees|saw|gets|got|receives|received|notices|noticed|finds|found|reports|reported|says|said|tells|told|shows|showed|displays|displayed|needs|needed|wants|wanted|expects|expected|thinks|thought|complains|complained|calls|called|emails|emailed|writes|wrote|hears|heard|asks|asked|tries|tried|uses|used|posts|posted|replies|replied|comments|commented|likes|liked|follows|followed|shares|shared|makes|made|does|did|has|had)$/i;
/**
 * A narrated verb in a clause that tells of a thing named before it, its object left out ("it showed the urls I typed
 * before", "the bookmark I want"): the thing is what the clause names, no action told in order. The noun opens on an
 * article or a quantifier with no preposition before it ("In the settings I clicked Save" tells an action), and the verb
 * has no object after it (fifteenth pass, read-14 firefox).
 */
function objectTold(text: string, m: RegExpMatchArray): boolean {
  const before = text.slice(Math.max(0, (m.index ?? 0) - 40), m.index);
  const noun = /(?:^|[^\w\s]\s*|\s)(\w+)\s+(?:the|every|all|any|some|those|these)\s+[\w-]+s?\s+$/i.exec(before);
  if (!noun || /^(?:in|on|at|from|to|into|onto|under|with|within|inside|for|by|of|via|through)$/i.test(noun[1])) return false;
  return /^\s*(?:(?:before|earlier|yesterday|today|last \w+|once|already|there|here|so far|then)\b|[.,;:!?)]|$)/i.test(text.slice((m.index ?? 0) + m[0].length));
}
/**
 * What came of a mend the reporter tried: it did not help, it was tried already or many times, the same thing came back
 * ("i cleared cookies and cache already doesnt help", "I clicked restart many times, same thing", "reinstalled, no luck").
 */
const TRIED_MARK = /\b(?:already|(?:many|several|multiple|a few|a couple of|\d+|two|three|ten) times(?![ \t]+(?:a|an|per|each|every|in)\b)|(?:do|does|did)(?:n['’ ]?t| not)[ \t]+(?:help|work|change|fix)|doesnt[ \t]+(?:help|work)|didnt[ \t]+(?:help|work)|no[ \t]+(?:help|luck|change|difference)|nothing[ \t]+(?:changed|helps?|helped)|same[ \t]+(?:thing|result|problem|issue|error|again)|to no avail|without success|still[ \t]+(?:the same|happens|there|crashes|fails))\b/i;
/**
 * A told action that comes after the failure, in a sentence that says what came of it as a mend tried (`TRIED_MARK`): the
 * history of what the reporter tried, not a step on the way there (nineteenth pass, the steps reader across the read sets:
 * "after i put password the page keep reloading. i cleared cookies and cache already doesnt help" is one action, the
 * trigger). Only after an account of what happens, in the text before the sentence; not a check repeated ("i checked 3
 * times", `VOUCHED`'s to read), and not how often the failure comes ("several times a day").
 */
// (The sentence is looked for within 300 characters on each side, and what happens is read once for the whole text, so
// the reading stays linear in a long text of many told actions.)
function triedAfter(text: string, at: number, seen: () => Read[]): boolean {
  const from = Math.max(0, at - 300);
  const ends = [...text.slice(from, at).matchAll(/[.!?]["'”’)\]]*(?=\s)|\n/g)];
  const start = ends.length ? from + ends[ends.length - 1].index + 1 : from;
  const end = /[.!?](?=\s|$)|\n/.exec(text.slice(at, at + 300));
  const sentence = text.slice(start, end ? at + end.index : Math.min(text.length, at + 300));
  return start > 0 && TRIED_MARK.test(sentence) && seen().some((r) => !r.generic && r.end <= start);
}
/** Narrated verbs that are what is seen, not done. */
/** Verbs of checking: told with no object, they vouch for what was said before them (`stepsIn`). */
const VOUCHED = /^(?:check|checked|verify|verified|confirm|confirmed|double-checked|tested)$/i;
/**
 * A verb of beginning or going on before what the reporter meets ("we start getting segfaults", "I began seeing 502s",
 * "we keep hitting the limit"): when the failure set in, no action told (sixteenth pass, read-15 httpd). "I started typing"
 * is one.
 */
const ASPECT_MET = /^\s+(?:getting|seeing|receiving|noticing|observing|experiencing|hitting|running into)\b/i;
const ASPECT_VERB = /^(?:start|starts|started|starting|begin|begins|began|begun|keep|keeps|kept|continue|continues|continued)$/i;
const NOT_DONE = /^(?:get|got|getting|see|saw|seeing|use|used|using|want|wanted|wanting|try|tried|trying|need|needed|needing|think|thinking|hope|hoping|expect|expected|expecting|like|liked|do|did|doing|have|had|having|make|made|making|find|found|finding|set|attach|attached|post|posted|going|able)$/i;
/** Words that say a reproduction follows or is attached. */
const REPRO = /(?:^|[.!?]\s+|\n\s*)(?:how )?to (?:see|trigger) (?:it|this|that|the (?:bug|problem|issue|error|failure))(?: \w+ly)?(?: yourself| for yourself| happen| again)?(?:\s*[,:]|,? (?:just|simply)\s)|\b(?:steps? to reproduce|to reproduce|reproduce\s*:|reproduc(?:e|ed|ible|es|ing)\s+(?:it\s+|this\s+|the \w+\s+)?(?:by|with|using|as follows|like this|here|in|on|via)\b|how to reproduce|repro(?:duction)?(?: steps| case| project| repo| app)?\s*:|test ?case|(?:the )?following (?:\w+ )?(?:steps|scenario|sequence|code|snippet|example|test|program|class|classes|file|files|project|configuration|config|setup|commands?|input|query|xml|html|css|json|markup|script)\b|(?:a |the |this |my )?(?:minimal|small|simple|sample|example|attached|standalone|test|demo) (?:project|repo|repository|app|application|example|case|snippet|code|program|plugin|workspace|file|page|component)\b|scenario\s*:|(?:snippet|code|example|test case|program|class) (?:below|above|attached)\b|(?:below|above|attached) (?:snippet|code|example|test case|program)\b|(?:with|using|in|run) (?:this|the following|the attached|the below) (?:code|snippet|example|file|project|class|test|setup|script)\b|(?:here is|here['’ ]?s|see|this is) (?:a|an|the|my|our)? ?(?:repro|reproduction|example|snippet|sample|test case)\b|(?:here is|here['’ ]?s|this is|below is|i am using|i['’ ]?m using|we are using|we use) (?:a|an|the|my|our) (?:\w+ )?(?:code|snippet|markup|html|xml|json|query|request|config|configuration|script|template|call)\b)/i;
/**
 * Navigation through menus: "Window > Preferences > Java", "File -> Export -> Archive"; a context menu opened by the
 * click that opens it, in lower case, and its items named as the program names them ("right-click > Inspect > Copy",
 * "long-press -> Open in New Tab -> Private"); after a lower-case head the items are in capitals, as a menu's are.
 */
/**
 * A context menu opened by its click on a thing named, then the item chosen in it: "right click on image > Save Image As",
 * "long-press a link -> Open in New Tab", "ctrl+click the cell > Copy" (eighteenth pass, read-17 firefox). The thing
 * is a word to three, the item opens in a capital or a quote, as a menu's does.
 */
// (also with the thing after "in", or left out: "right click in the password field > Suggest Strong Password", "via right
// click > Languages", "right click > paste": the click opens the menu wherever it is done, and the item is chosen in it;
// an item in lower case only when it is a verb of acting, "paste", "copy"; twentieth pass, read-3, read-7, read-14,
// read-16)
const CONTEXT_ITEM = /\b(?:[Rr]ight[- ]?click|[Ll]ong[- ]?press|[Cc]trl[- +]click|[Cc]ontrol[- ]click|[Tt]wo-finger click)(?:ing|ed)?(?:\s+(?:(?:on|in|into|inside)\s+)?(?:(?:an?|the|any|some|this|that)\s+)?[\w-]+(?: [\w-]+){0,2}?)?\s*(?:>|->|→|»)\s*(?:["'“]?[A-Z][\w.'’&/+-]*(?: [\w.'’&/+-]+){0,3}|(?:paste|copy|cut|save|open|print|inspect|reload|delete|rename|undo)\b)/;
const MENU_PATH = /(?:^|[\s"'(])(?:[A-Z][\w.'’&/+-]*(?: [\w.'’&/+-]+){0,3}(?:\s*(?:->|→|»|\s>\s)\s*[\w"'][\w.'’&/+-]*(?: [\w.'’&/+-]+){0,3}){2,}|[a-z][\w.'’&/+-]*(?:\s*(?:->|→|»|\s>\s)\s*["']?[A-Z][\w.'’&/+-]*(?: [\w.'’&/+-]+){0,3}){2,})/m;
/**
 * What running a snippet gives, told right under it of the snippet, the page or the browser: "this prints 0 0.01",
 * "Firefox prints 2024-03-09...", "logs 0 when ...", "On Linux with PulseAudio this prints ...".
 */
/** Statements written inline, each closed by ";", opening a sentence or a line (read by `stepsIn` with what follows them). */
/** A statement's head: a declaration, or a name (with its members) assigned to or called ("x = 1", "console.log(x)"). */
const STATEMENT_HEAD = /^(?:(?:var|let|const|return|new|await)\s|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[[^\]\n]{1,40}\])*(?:\s*[-+*\/]?=(?!=)|\())/;
// (the blanks before the statements are given back three at most: a first statement shorter than three characters takes
// up to three of them, more never make a match, and giving back each of 19,000 blanks to scan 160 characters after it was
// a fifth of a page of empty lines' time; the matches are the same)
const INLINE_STATEMENTS = /(?:^|[.!?][ \t]+(?=[ \t]{0,3}(?![ \t]))|\n[ \t]*(?=[ \t]{0,3}(?![ \t])))((?:(?:[^;\n.]|\.(?=\S)){3,160};[ \t]*){1,6})/g;
/**
 * One call of a member, brackets nested two deep, and the members and calls chained after it, opening a sentence or a
 * line, and a verb of printing after it (`stepsIn`).
 */
const INLINE_CALL = /(?:^|[.!?][ \t]+|\n[ \t]*)([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+\((?:[^()\n]|\((?:[^()\n]|\([^()\n]{0,60}\)){0,60}\)){0,120}\)(?:\.[A-Za-z_$][\w$]*(?:\((?:[^()\n]|\([^()\n]{0,60}\)){0,120}\))?){0,6})(?=[ \t]+(?:prints|printed|logs|logged|outputs|alerts|shows|displays)\b)/;
const RESULT_OF_CODE = /^\s*(?:(?:on|in|with|under) [^,.\n]{1,60},?\s+)?(?:(?:this|it|that|the (?:above|code|snippet|script|page|test ?case|example)|firefox|the browser|chrome|nightly)\s+)?(?:prints|printed|logs|logged|returns|returned|outputs|throws|threw|alerts|gives|gave)\b(?!\s+(?:me|us|you|them)\b)/i;
/**
 * The first line of a text that is a page's markup: an HTML element's opening tag or a doctype, also inside a code
 * block ("```html", Jira's "{code:html}" or "{noformat}" on the line before it).
 */
// (the blanks before the markup are taken whole, as an atomic group would, so a long run of them is not tried split by
// split with the blanks after a code fence; the matches are the same)
const MARKUP_TAIL = String.raw`(?:(?:\x60{3,}|~{3,})[\w+-]*[ \t]*\n|\{(?:code|noformat)(?::[^}\n]*)?\}[ \t]*\n?)?\s*<(?:!doctype\b|(?:html|head|body|style|script|div|span|p|a|input|select|option|button|form|table|tr|td|svg|canvas|iframe|img|video|audio|ul|ol|li|figure|picture|textarea|label|details|dialog|h[1-6])\b)[^\n]*`;
const MARKUP_FIRST = new RegExp(String.raw`^(?=(\s*))\1`+MARKUP_TAIL, "i");
/**
 * The reader told to load the markup above, right under it ("<img src=...>\n\nload this.", "Open it in a new tab"): the
 * markup is the test case and loading it the way there, with or without a failure told after it (eighteenth pass,
 * read-17 firefox). Not "this loads fine" nor a page named ("open the settings page").
 */
const LOAD_THIS = /^(?:[ \t]*\n[ \t]*<[^\n]*){0,20}\s*(?:please\s+|just\s+|now\s+|then\s+)?(?:load|open|view|visit)\s+(?:this|it|that|the (?:page|file|test ?case|snippet|markup|html)(?: above)?)\b(?!\s+(?:page|tab|window|setting|menu|dialog)s?\b)/i;
/** A paragraph that opens with a page's markup, after a blank line. */
const MARKUP_PARAGRAPH = new RegExp(String.raw`(?<=\n[ \t]*\n)(?=([ \t]*))\1`+MARKUP_TAIL, "gi");
/**
 * A link to a runnable reproduction, one labelled "Test:" on its line, or a page or an image written into a data: URL
 * ("data:text/html,<form>...", "data:image/svg+xml,<svg ...>"): the test case itself.
 */
const REPRO_LINK = /\btest ?case\s*(?:at|here)?\s*:?\s*https?:\/\/|(?:^|\n)[ \t]*test\s*:[ \t]*https?:\/\/|\bdata:(?:text\/(?:html|xml|svg\+xml)|image\/svg\+xml)[,;][^\s<]*<[a-z!]|\b(?:jsfiddle\.net|codepen\.io|codesandbox\.io|jsbin\.com|plnkr\.co|stackblitz\.com|snack\.expo\.(?:io|dev)|repl\.it|replit\.com|glitch\.com|runkit\.com|jsfiddle|codepen|codesandbox|github\.com\/[\w.-]+\/[\w.-]*(?:repro|example|demo|bug|issue|test)[\w.-]*)/i;
/**
 * A command line: a prompt ("$ make"; not a PHP variable, a Markdown heading or a quote), a command-line tool and its
 * arguments, or an HTTP request ("POST /api/refunds"). A tool named by an English word ("node", "make", "cat", "go")
 * is one only with an argument that looks like one (an option, a path, a file, a known subcommand) or alone on its
 * line: "node has its keys removed" in wrapped prose is a sentence.
 */
const COMMAND = /^[ \t]*(?:[$%] [a-z][\w.-]*(?: |$)|[$%] \.{0,2}\/[\w.-]+(?:\/[\w.-]+)+(?: |$)|(?:js|jsshell|node|python|irb|php|mysql|psql|sqlite3?|redis-cli|scala|ghci)> \S|(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (?:https?:\/\/|\/)\S*|C:\\[^>\n]*>|(?:npm|npx|yarn|pnpm|git|javac|mvn|gradle|gradlew|python3?|pip3?|curl|wget|docker|kubectl|cargo|rustc|gcc|g\+\+|clang|brew|apt(?:-get)?|react-native|tsc|webpack|babel|eslint|hg|svn|php|ruby|rails|dotnet|msbuild)\s+[-\w./:@=]+|(?:java|node|make|go|ant|sh|bash|sudo|cd|ls|cat|echo|export|jest|flow|bundle|rake)(?:\s+(?:-{1,2}\w|[.~/$][\w/.-]*|[\w-]+\.[\w.]+|[\w-]+\/|\w+=|(?:install|test|check|clean|all|build|run|get|exec|start|bin|check)\b)|[ \t]*$)|(?:apachectl|apache2ctl)\s+\w|(?:httpd|ab|telnet|openssl|apxs|nc|gdb|strace|valgrind|cmake|firefox)\s+-{1,2}[A-Za-z]|[a-z][\w.-]{0,20}(?:\s+-{1,2}[A-Za-z][\w=-]*(?:\s+(?:'[^'\n]*'|"[^"\n]*"|[\w./=-]+))?){2,}|\.{1,2}\/[\w.-]+(?:\s|$)|(?:[A-Z][A-Z0-9_]*=\S*[ \t]+)+(?:\.{0,2}\/)?[a-z][\w.\/-]*(?:[ \t]|$))/m;
/**
 * A command or a request inside a sentence: an HTTP request line ("a HEAD request for /index.html", "GET /x
 * HTTP/1.1"; the method in capitals), a command in backticks with an option, curl or wget with an option or a URL, a
 * program run from its directory ("./configure --enable-ssl"), a command chained after "&&", or one run with its
 * options ("running httpd -X"), or a configure option ("--enable-ssl"; not one named by likeness, "a switch like
 * --without-docs", which is asked for and cannot be run yet; eighth pass).
 */
/** A row of figures before a point on its line: five fields or more of digits ("4411", "1/35/902", "0.40", "192.0.2.7"). */
function inPrintedRow(text: string, at: number): boolean {
  const before = text.slice(text.lastIndexOf("\n", at - 1) + 1, at);
  return before.split(/\s+/).filter((f) => /^\d[\d./:-]*$/.test(f)).length >= 5;
}
/** A line of a web server's access log: host, identity, user, [time], "request" ("192.0.2.1 - - [03/Apr/2012:18:22:10 +0200] "GET ..."). */
const ACCESS_LOG_LINE = /^\s*\S+ \S+ \S+ \[[^\]\n]{10,40}\] "/;
/** A sentence that opens with an action and ends by saying it shows the failure ("Load any page with X on to see it."). */
const DONE_TO_SEE = /(?:^|[.!?]\s+|\n\s*)([A-Za-z][a-z]+) [^.!?\n]{2,120}? to (?:see|reproduce|trigger|observe) (?:it|this|that|the (?:bug|problem|issue|error|failure|crash|leak|hang))\s*(?:[.!]|$)/gm;
/**
 * The server told to restart, reload or stop by its control program, named anywhere ("after each apachectl graceful",
 * "httpd -k restart", "systemctl reload apache2"): an action that meets the configuration, as a request does. With one
 * directive written inside a sentence it is the way there (twelfth pass, httpd); alone it is one action.
 */
const SERVER_CONTROL = /\b(?:(?:apachectl|apache2ctl|httpd|apache2)\s+(?:-k\s+)?(?:graceful(?:-stop)?|restart|reload|stop|start)|(?:systemctl|service)\s+(?:(?:graceful|restart|reload|stop|start)\s+(?:apache2|httpd)|(?:apache2|httpd)\s+(?:graceful|restart|reload|stop|start)))\b/;
/** The server's control program run, right after the verb "do" ("and do apachectl graceful", "did a systemctl reload apache2"). */
const DO_CONTROL = new RegExp(String.raw`^[ \t]+(?:an?[ \t]+)?` + SERVER_CONTROL.source.slice(2));
const INLINE_REQUEST = /\b(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|PROPFIND|TRACE) (?:(?:https?:\/\/|\/)\S*|requests? (?:for|to|of|on) (?:https?:\/\/|\/)\S*)/;
// (A configure option named, not passed: what a patch adds, what configure checks for, the condition of what the build
// should do, "unless --with-x is given", "Adds --with-ssl-libdir.", "configure still checks for --enable-x": the option
// is what the report is about, no build run; nineteenth pass, the steps reader across the read sets.)
const INLINE_COMMAND = /`(?:npm|npx|yarn|pnpm|git|docker|kubectl|mvn|gradle|python3?|pip3?|cargo|dotnet|terraform|helm)\s+[a-z][\w-]*[^`\n]*`|`(?:[$%] )?(?:[a-z][\w.-]*|\.{1,2}\/[\w.-]+)\s+-{1,2}[A-Za-z][^`\n]*`|\b(?:curl|wget)\s+(?:-{1,2}[A-Za-z]|["']?https?:\/\/)|(?:^|[\s(])\.\/(?:configure|buildconf|autogen\.sh)\b|&&\s*(?:make\b|[a-z][\w.-]*\s+-{1,2}[A-Za-z])|\b(?:ran|run|running|runs|execute|executed|executing|typed|typing|invoke|invoked|invoking)\s+`?(?:[a-z][\w.-]*|\.{1,2}\/[\w.-]+)\s+-{1,2}[A-Za-z]|(?<!\b(?:like|such as|called|named|adds?|added|adding|checks? for|checked for|checking for|unless|support for|options? for))(?:^|\s)--(?:enable|disable|with|without)-[a-z][\w-]*/i;
/**
 * A database query in backticks with what it gives told right after it ("`select id, count(*) from orders group by 1
 * having count(*) > 1`, which returns 1,204 rows", "`SELECT COUNT(*) FROM t WHERE ...` returns 2x the rows"): running the
 * query shows the failure, as a command with its output does, so it is the way there for a report on stored data. A query
 * quoted with no result after it is what the program sent or wrote ("the ORM generates `SELECT * FROM users`"), not
 * one the reporter runs (bands, twelfth pass).
 */
const INLINE_QUERY = /`[ \t]*(?:select|with)\s[^`\n]*?\bfrom\s[^`\n]*`[ \t]*,?[ \t]*(?:(?:which|that|and(?: it)?)[ \t]+)?(?:returns|returned|gives|gave|yields|yielded|brings back|brought back|comes back with|came back with)\b/i;
/**
 * A program run with an option inside a sentence ("httpd -k install fails", "ab -c 50 -n 100000 on a 10k file", "with
 * htpasswd -b and a long password"): a program's name in lower case (not a word of a sentence),
 * followed by an option, and not the subject of a remark about it ("grep -r is what I used") nor one of the options a
 * sentence lists ("accepts -x and -y"), nor an option a sentence names by likeness or asks about ("like -n for other
 * tools", "what -l 500M will do"; eighth pass).
 * Not a value inside a list of options ("-os win32 -ws win32" is an argument list, not a program run), nor a line a
 * build tool echoes after its own prompt ("messageQ> xdc -ra all": what the build printed). Not an option a verb tells
 * the reader to give ("(use -v to see invocation)", a compiler's hint in its error line; "try -X", "pass -d"; twelfth
 * pass, httpd): "use", "try", "pass", "add", "set", "see" and "specify" are no program.
 */
const INLINE_PROGRAM = /(?:^|[\s(;])(?=[a-z])(?<!-{1,2}[\w.-]+\s+\S*|>\s*)(?!(?:the|a|an|to|and|or|of|in|on|at|is|are|was|were|it|says?|said|with|without|for|from|by|as|than|then|so|but|like|unlike|what|such as|use|using|try|pass|add|set|see|specify)\s)[a-z][\w.-]{1,20} -{1,2}[a-zA-Z][\w-]*(?![\w-]* (?:(?:is|was|are|were|has|had|would|should)\b|(?:and|or) -))(?:[ =](?:\d+|[\w./:-]+))?(?= (?!(?:is|was|are|were|has|had|would|should)\b))/;
/**
 * An action on the test case the report comes with ("Load the attached testcase", "open the attachment"): the page
 * or file it names holds the reproduction, so the one action is the way there. A test case said to be attached
 * ("Testcase attached.", "the attached testcase alerts 0") is one too: by the trackers' convention a test case is the
 * file that makes the failure happen when it is loaded (a screenshot or "the attached test page" to look at is not).
 * So is the line Bugzilla writes for an attachment, "Created an attachment (id=...)", whose description under it names a
 * test case (fifteenth pass, read-14 firefox). So is a script or a program the reporter tested or reproduced it with, said
 * attached ("Tested with a small python script (attached)"): the program that makes the failure happen when it is run
 * (sixteenth pass, read-15 httpd).
 */
// (a script or a page named by its file that demonstrates or reproduces it, "repro.py reproduces it": the test case, as one
// said attached is; eighteenth pass, read-17 httpd)
const ON_TESTCASE = /\b(?:open|opens|opened|opening|load|loads|loaded|loading|run|runs|ran|running|view|viewed|viewing|visit|visited|visiting|import|imported|importing|install|installed|installing|go to|went to|navigate to|navigated to|browse to|browsed to|point \w+ (?:at|to))\s+(?:(?:the|this|my|an?)\s+)?(?:attached|attachment)\b|\b(?:test ?case|testcase|reduced (?:test ?)?case)s? (?:is |are )?(?:attached|in the attachment)\b|\b(?:the |an? |my )?attached (?:\w+ )?(?:test ?case|testcase)s?\b|\bcreated an attachment \(id=\d+\)[ \t]*\r?\n[ \t]*(?:[^\n]{0,40}?\b)?(?:test ?case|testcase|reduced (?:test ?)?case)s?\b|\b(?:tested|reproduced|triggered|shown)\s+(?:it\s+|this\s+)?(?:with|using|by running)\s+(?:a|an|the|my|our|this)\s+(?:[\w-]+\s+){0,2}(?:script|program|client)\s*(?:\(attached\)|,?\s+(?:is\s+)?attached\b)|(?<![\w./-])[\w-]+\.(?:pl|py|sh|rb|php|js|html?|c|java|go)\s+(?:(?:reliably|always)\s+)?(?:demonstrates|reproduces|triggers)\s+(?:it|this|the (?:problem|bug|issue|crash|leak|failure))\b/i;
/**
 * An input that reproduces it, told inside a sentence: a request to a path ("a request for /old/a%20b", "requesting
 * /files/big.iso"), or a preference set to a value ("set browser.tabs.warnOnClose to false", "with
 * media.autoplay.default flipped to 1"), or a payload sent with where it goes ('post {"id": 7} to /api/orders'). Each
 * is one step. A browser's request told as the visit that opens a sentence ("Navigating to https://example.com/a?b=1
 * redirects to ...", "Loading https://... gives"): the address asked for, as "requesting http://..." is (fifteenth
 * pass, firefox; not after "when", where the visit is what sets the failure off).
 * A setting the reporter made, named in words where it is made ("I have set the home page to google in the options")
 * or quoted with its state ('I have "Open links in a new tab" selected'), is a preference set as well: with the action
 * that then fails, the way there (sixteenth pass, read-15 firefox). Not a pronoun set ("I set it to false and it
 * works": the case tried, named before). So is a preference, an option or a setting named with its quoted label and its
 * state told in the passive ('Option "Reuse the open window" is checked'; seventeenth pass, read-16 firefox).
 */
const INPUT_STEP = /\b(?:send|sending|post|posting|produce|producing|publish|publishing|submit|submitting)\s+(?:a |an |the )?(?:[\w-]+ )?\{[^{}\n]{3,200}\}\s+(?:to|on|into|in)\s+[\w./:-]+|\b(?:requests? (?:for|to|of)|request(?:ing|ed)?) (?:https?:\/\/|\/)[\w.~%?=&+\/-]*|(?=\S)(?<=(?:^|[.!?]\s+|\n\s*))(?:(?:navigating|browsing|going) to|opening|loading|visiting) https?:\/\/[\w.~%?=&+\/:#-]*|\b(?:set|sets|setting|flip|flipped|flipping|toggle|toggled|toggling|change|changed|changing|switch|switched|switching|turn|turned|turning)\s+(?:the\s+)?(?:pref(?:erence)?\s+)?["'`]?[a-z][\w-]*(?:\.[\w-]+){2,}["'`]?\s+(?:to|=)\s*["'`]?[\w.-]+|\b(?:i|we)\s+(?:have\s+|had\s+|['’]ve\s+)?(?:set|changed|switched)\s+(?:the\s+|my\s+|our\s+)?(?!(?:it|them|this|that|everything)\b)[\w-]+(?:\s+[\w-]+){0,3}?\s+to\s+["'“‘]?(?:[\w.:\/-]+\s+){0,2}?[\w.:\/-]+["'”’]?\s+in\s+(?:the\s+)?(?:options|preferences|prefs|settings|about:config|about:preferences)\b|\b(?:i|we)\s+(?:have|had|['’]ve got)\s+["“‘'][^"”’'\n]{3,60}["”’']\s+(?:selected|checked|ticked|enabled|turned on|switched on|unchecked|unticked|disabled|turned off)\b|\b(?:the\s+)?(?:pref(?:erence)?|option|setting|check ?box)\s+["“‘'][^"”’'\n]{3,60}["”’']\s+(?:is|was|are|were)\s+(?:selected|checked|ticked|enabled|turned on|switched on|unchecked|unticked|disabled|turned off)\b/gi;
/**
 * A patch: from a diff's header ("--- a/x.c", "+++ b/x.c", "@@ -10,6 +10,7 @@", "Index: x.c", "diff -u ...") on, its
 * lines are the fix, not a way to make the failure happen, and are left out of the steps (blanked, same length).
 */
function withoutPatch(text: string): string {
  if (!/^(?:@@ |diff |Index: |\+\+\+ \S)/m.test(text)) return text;
  let inPatch = false;
  return text.split("\n").map((line) => {
    if (/^(?:@@ |diff |Index: |--- \S|\+\+\+ \S)/.test(line)) inPatch = true;
    else if (inPatch && !/^(?:[ +\-\\]|=+\s*$|$)/.test(line)) inPatch = false;
    return inPatch ? " ".repeat(line.length) : line;
  }).join("\n");
}
/**
 * A line of code, markup or configuration (not a stack frame or a log line): the snippet that reproduces it. A
 * configuration line is a directive named in CamelCase and its arguments ("RewriteRule ^/old /new [R]").
 */
const CODE_LINE_RE = /^(?:```|(?:public|private|protected|static|final|class|interface|import|package|function|const|let|var|def|return|new|if|for|while|try|catch|#include|using|namespace|void|int|String|boolean|@[A-Z]\w*)\b(?=.*(?:[;{}()=<>[\]]|\w\.\w)).*|.*(?:[;{}]\s*$|[\w\]]\(\s*$|=>|\)\s*\{|<\/?[A-Za-z][\w:.-]*(?:\s[^>\n]{0,200})?\/?>|^\s*\w+(?:\.\w+)*\([^)]*\)\s*;?\s*$|^\s*[\w.[\]]+\s*=\s*\S)|^[A-Z][a-z]+[A-Z][A-Za-z]*[ \t]+(?:[/^"'<*$%\d]|On\b|Off\b|[\w-]*[_/:][\w.-]*))/;
/**
 * A line of code or markup, read on the trimmed line: leading blanks before ".*" would make every split of a long
 * run of spaces a new attempt (quadratic on a line blanked out of a report).
 */
function isCodeLine(line: string): boolean {
  return CODE_LINE_RE.test(line.trim());
}
// (a log level's word naming a kind of message, "Error messages have numbers ...", "Warning messages are ...", opens the
// reporter's sentence, not a log line; eighteenth pass, read-17 httpd)
// (a line of Firefox's own log, "1389362114433\tSync.Service\tDEBUG\tIn sync: should login.": a timestamp in
// milliseconds, the logger's name and the level, each after a tab or spaces. Twenty-first pass: read-20 firefox, and the
// same lines from ten writers of the read sets, about:sync-log's and the add-on manager's)
const STACK_OR_LOG = /^\s*(?:\d{10,13}(?:\.\d+)?[ \t]+[\w.$-]+[ \t]+(?:TRACE|DEBUG|CONFIG|INFO|WARN|WARNING|ERROR|FATAL)\b|at [\w$.<>]+\(|(?:caused by|exception in thread)\b|[\w.]+(?:Exception|Error)\b|!\s*(?:ENTRY|MESSAGE|STACK|SUBENTRY)\b|\d{4}-\d\d-\d\d[ T]\d|\[\w+\]\s|(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\b(?![ \t]+(?:messages|logs|pages|codes|numbers|reports|handling|reporting|levels?)\b)|\.\.\. \d+ more|created attachment \d+)/i;
/** A steps section that says there are none: "Unsure how to reproduce", "not reproducible". */
export const NO_STEPS = /\b(?:(?:unsure|not sure|no idea|(?:do|does|did)(?:n['’ ]?t| not) know|unknown|unclear) (?:how|what) (?:to reproduce|to re-?create|to trigger|triggers? (?:it|this)|causes? (?:it|this)|(?:it|this) happen(?:s|ed)?|makes? (?:it|this) happen)|(?:can(?:no|['’ ]?)t|could(?:n['’ ]?t| not)|unable to|not able to|failed to|haven['’ ]?t been able to) (?:reliably |always )?(?:reproduce|re-?create)(?! (?:it |this |that |the \w+ )?(?:in|on|with|under|using|without)\b)|not (?:\w+ )?reproducible(?! (?:in|on|with|under|using|without|below|before|after)\b)|no (?:known )?(?:steps|way to reproduce)|happens (?:randomly|sometimes|occasionally|intermittently))\b/i;

/** Words of a sentence: a line that has one is prose, not a directive and its arguments. */
/** The words every sentence has, as an alternation (`SENTENCE_WORD`; reflow.ts counts them too). */
export const SENTENCE_WORDS = "the|a|an|is|are|was|were|be|been|and|or|but|of|to|it|its|that|this|with|for|when|if|not|my|our|i|we|you|they|has|have|had|does|do|did|can|will|would|should|there|from|by|as|at";
const SENTENCE_WORD = new RegExp(`\\b(?:${SENTENCE_WORDS})\\b`, "i");

/**
 * A line of a server's configuration: a section opened with a bare argument ("<Location /secure>", not a tag with
 * attributes), or a directive and its arguments ("Options +FollowSymLinks", "ProxyPass /app http://backend/app",
 * "SSLEngine on") with no word of a sentence in it and an argument only a setting has: a path, a URL, a quoted
 * string, "+" or "=", a pattern, a name with "_" or a header's ("X-Powered-By"), an option taken away ("Options -Indexes";
 * ninth pass); for a name in CamelCase also on, off or a number.
 */
/**
 * The lines of each block (no blank line inside) that stands under a sentence naming the documentation's example, or
 * under "It should be" / "should read": a page's text quoted, or its correction, not a configuration the reporter runs
 * (thirteenth pass, httpd). The sentence is the text before the block, back to its last stop, and it ends without a
 * colon or with one.
 */
// (a dot inside a version or a name, "the example on the 2.4 page still shows", does not end the sentence; eighteenth pass,
// read-17 httpd)
const DOCS_EXAMPLE_BEFORE = /(?:\b(?:the|an?|this|that|one of the|its|their)\s+(?:\w+\s+){0,2}examples?\b(?:[^.!?\n]|\.(?=\w))*\b(?:reads?|uses?|shows?|says?|is|has|gives?|contains?)|\b(?:should|must|ought to)\s+(?:instead\s+)?(?:be|read|say)(?:\s+(?:just|simply|only))?)\s*:?\s*$/i;
/**
 * A sentence on the documentation that ends by naming its example, the block under it being the example ("In the docs
 * for Require, the text says ... and then the example"; fifteenth pass, read-14). Not "Here is an example:" with no word
 * of the documentation: the reporter's own.
 */
const DOCS_EXAMPLE_NAMED = /\b(?:docs?|documentation|manual)\b[^.!?\n]*\b(?:the|its|their)\s+(?:\w+\s+){0,2}examples?\s*:?\s*$/i;
function docsQuoted(lines: string[]): boolean[] {
  const out = lines.map(() => false);
  let before = "";
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    const blockStart = i === 0 || !lines[i - 1].trim();
    if (blockStart) {
      const sentence = (before.split(/[.!?](?=\s)/).pop() ?? "").replace(/\s+/g, " ");
      if (DOCS_EXAMPLE_BEFORE.test(sentence) || DOCS_EXAMPLE_NAMED.test(sentence)) for (let j = i; j < lines.length && lines[j].trim(); j++) out[j] = true;
    }
    // (the last 400 characters hold the sentence before a block: the text is not kept whole, nor split whole per block)
    before = `${before}${lines[i]}\n`.slice(-400);
  }
  return out;
}

function configLine(line: string): boolean {
  const t = line.trim();
  if (/^<[A-Z][A-Za-z]+\s+[^=>{}\n]+>$/.test(t) || ACCESS_LINE.test(t)) return true;
  const m = /^([A-Z][A-Za-z]+)((?:\s+\S+)+)$/.exec(t);
  // A form's field ("Failed Dev/Tester IDs: 6456, ...") is a label and its value, not a directive.
  if (!m || /[.!?,;]$/.test(t) || m[2].replace(/"[^"\n]*"|'[^'\n]*'/g, " ").split(/\s+/).some((w) => SENTENCE_WORD.test(w) && !/[\w-]-|-[\w-]/.test(w)) ||
    /^\S+(?:\s+\S+){0,3}:(?:\s|$)/.test(t)) return false;
  const camel = /[a-z][A-Z]|^[A-Z]{2,}[a-z]/.test(m[1]);
  return m[2].trim().split(/\s+/).some((a) => /[/+"'=*$^%<~_]|\S:\S|\w-[A-Z]|^-[A-Z][a-z]/.test(a) || (camel && /^(?:on|off|\d+)$/i.test(a)));
}

/**
 * The web server's access directives, whose names and values are English words ("Order allow,deny", "Allow from all",
 * "Require all granted"): a line that is one of them in its own syntax, and nothing else, is configuration.
 */
const ACCESS_LINE = /^(?:Order[ \t]+(?:[Aa]llow[ \t]*,[ \t]*[Dd]eny|[Dd]eny[ \t]*,[ \t]*[Aa]llow|[Mm]utual-[Ff]ailure)|(?:Allow|Deny)[ \t]+from[ \t]+(?:all|env=\S+|[\w.:\/-]+(?:[ \t]+[\w.:\/-]+)*)|Require[ \t]+(?:not[ \t]+)?(?:all[ \t]+(?:granted|denied)|valid-user|(?:user|group|ip|host|env|method|expr|ldap-\w+)[ \t]+\S.*)|Satisfy[ \t]+(?:[Aa]ll|[Aa]ny))$/;
/** A shell's everyday programs, which a reproduction runs one after another ("mkdir big; cd big; touch a"). */
const SHELL_PROGRAM = /^(?:sudo[ \t]+)?(?:mkdir|cd|echo|printf|touch|cp|mv|rm|ln|chmod|chown|cat|curl|wget|ab|telnet|nc|openssl|tar|gzip|make|apachectl|apache2ctl|httpd|htpasswd|htdigest|apxs|perl|python3?|php|for|do|done|while|seq|head|tail|dd|kill|killall|ulimit|export|sed|grep|ls|git|svn|svnadmin|ssh|scp|rsync|ldapsearch|mysql|psql|sqlite3|cadaver|firefox|\.\/[\w.-]+)\b/;

/**
 * Two commands or more run on one line, one after another ("mkdir /var/www/dav/big; cd big; touch a",
 * "make && make install"): each part starts with a program's name.
 */
function commandRun(line: string): boolean {
  const parts = line.trim().replace(/^[$%][ \t]+/, "").split(/(?<![ \t])[ \t]*(?:;|&&|\|\|)[ \t]*/).filter((p) => p.trim());
  return parts.length >= 2 && parts.every((p) => SHELL_PROGRAM.test(p.trim())) && !/[.!?,:]$/.test(line.trim());
}

/**
 * A root shell's prompt and a program run after it that manages or runs the server, or fetches from it (`commandLine`):
 * names that are no English word, so a heading in lower case ("# service names") is not taken for one.
 */
const ROOT_PROMPT = /^[ \t]*#[ \t]+(?:sudo[ \t]+)?(?:systemctl|journalctl|apachectl|apache2ctl|a2enmod|a2dismod|a2ensite|a2dissite|curl|wget|openssl|htpasswd|htcacheclean|rotatelogs|strace)(?:[ \t]+[^\s#]\S*)+[ \t]*$/;

/**
 * A command line of any program: a prompt or not ("$ ", "# ", "> "), a program's name in lower case or its path, at most
 * one word or file before an option ("-t", "--servername", "-d30", or Windows' "/i", "/qn"), and no word of a sentence:
 * "openssl s_client -connect 127.0.0.1:443", "htpasswd -b users bob secret", "# httpd -t", "msiexec /i setup.msi /qn".
 * A sentence that names a program is prose.
 */
function commandLine(line: string): boolean {
  // After a shell's own prompt ("$ ./firefox", "% make"), a program's name alone is the command run, with the
  // environment settings it is started with ("$ MOZ_ENABLE_WAYLAND=1 ./firefox -P clean"; eleventh pass).
  if (/^[ \t]*[$%][ \t]+(?:[A-Z_][A-Z0-9_]*=\S*[ \t]+)*(?:\.{0,2}\/)?[a-z][\w.+\/-]*(?:[ \t]+\S+)*[ \t]*$/.test(line) && !SENTENCE_WORD.test(line.replace(/"[^"\n]*"|'[^'\n]*'/g, " "))) return true;
  // After a root shell's prompt, a program that manages or runs the server, or fetches from it, with its arguments
  // ("# systemctl reload httpd", "# apachectl graceful"; tenth pass): "#" also opens a comment ("# expire GIF images
  // after a week") and a heading ("# Totals"), so the program is one of these, in lower case, and no word of a sentence follows.
  if (ROOT_PROMPT.test(line) && !SENTENCE_WORD.test(line.replace(/"[^"\n]*"|'[^'\n]*'/g, " "))) return true;
  const t = line.trim().replace(/^[$#>%][ \t]+/, "");
  return /^(?:\.{0,2}\/)?[a-z][\w.+\/-]*(?:[ \t]+[\w.:\/-]+)?[ \t]+(?:-{1,2}[A-Za-z][\w-]*(?:[ \t=]|$)|\/[A-Za-z?]{1,2}(?=[ \t:]|$))/.test(t) && !/[.!?,;:]$/.test(t) &&
    // (a Windows option is no word of a sentence: "/i" is not "I")
    !SENTENCE_WORD.test(t.replace(/"[^"\n]*"|'[^'\n]*'/g, " ").replace(/(?<=^|\s)\/[A-Za-z?]{1,2}(?=\s|$)/g, " "));
}

/** The line from `at` is a sentence told about what it names: it ends as a sentence does and has words of one. */
function toldAbout(text: string, at: number): boolean {
  const end = text.indexOf("\n", at);
  const line = text.slice(at, end < 0 ? text.length : end).trim();
  return /[.!?]$/.test(line) && line.replace(/"[^"\n]*"|'[^'\n]*'/g, " ").split(/\s+/).filter((w) => SENTENCE_WORD.test(w)).length >= 2;
}

/**
 * Lines of configuration that name their directive in CamelCase ("ProxyPass", "AuthLDAPURL", "SSLSessionCache") and
 * are no form field ("Component name = CDT", "Environment : Red Hat"): strict enough that one of them, with what sets
 * the failure off ("When ldap1 is down ...", "After restarting Tomcat ..."), is the way there. `shaped` and `known` are
 * each line's `configLine` and `knownDirectiveLine`, read once by `stepsIn`.
 */
function directiveLines(lines: string[], shaped: boolean[], known: boolean[]): number {
  return lines.filter((line, i) => (shaped[i] && /^\s*(?:[A-Z][a-z]+[A-Z]\w*|[A-Z]{2,}[a-z]\w*)\s/.test(line) && !/\s[:=]\s/.test(line)) || known[i]).length;
}

/**
 * What the failure comes out of when it is no one's action but a change to a host or a service the server talks to:
 * "When ldap1 goes down", "when the backend is restarted", "once the database is unreachable", "when it is
 * redeployed". With one line of configuration that names the server's side of it, it is the way there, as a person's
 * action is (`directiveLines`; fifteenth pass, httpd).
 */
const HOST_EVENT = /\b(?:when(?:ever)?|if|after|once|as soon as)\s+(?:(?:the|a|an|our|my|its|one|that|this)\s+)?(?:[\w.-]+\s+){0,3}?(?:(?:goes|went|is|was|are|were|gets|got|becomes|became)\s+(?:down|offline|unreachable|unavailable|restarted|redeployed|rebooted|stopped|killed)|restarts|reboots|redeploys)\b/i;
/** Words that make a directive's name the subject of a sentence ("ProxyPass does nothing", "Timeout is ignored"), not a setting. */
const AFTER_SUBJECT = /^(?:is|are|was|were|be|been|does|doesn['’]?t|did|didn['’]?t|do|don['’]?t|has|have|had|should|would|could|can|cannot|can['’]?t|will|won['’]?t|may|might|must|fails?|failed|seems?|works?|worked|with|without|and|or|in|on|for|to|of|from|by|at|as|the|a|an|not|directive|directives|option|options|setting|settings|also|only|still|just|now|then|returns?|gives?|sends?|ignores?|ignored|causes?|sets?|makes?|needs?|takes?|accepts?|allows?|breaks?|handles?|applies|uses?|matches|rewrites?|says|itself|here|there|that|which|when|if|but|so)$/i;

/**
 * A line of a web server's configuration read by the directive's name (`SERVER_DIRECTIVES`): a name in its own form
 * ("RequestReadTimeout body=10,MinRate=500", "ScriptLog logs/cgi.log") with a value that is no sentence going on from
 * it; a name that is also an English word ("Header", "Allow", "Listen") only when the line has a setting's shape too
 * (`configLine`).
 */
function knownDirectiveLine(line: string): boolean {
  const m = /^\s*<?([A-Za-z][A-Za-z0-9]+)[ \t]+(\S[^\n]*)$/.exec(line);
  const name = m && directiveNamed(m[1]);
  if (!m || !name) return false;
  // (in any case when the name is no English word: "proxypass /app http://backend/"; one that is needs its own form and a
  // setting's shape)
  if (!distinctDirective(name)) return name === m[1] && configLine(line);
  const words = m[2].replace(/"[^"\n]*"|'[^'\n]*'/g, " ").trim().split(/\s+/);
  // (a switch set and nothing after it is a setting however it is written: "rewriteengine on")
  if (/^(?:on|off)$/i.test(m[2].trim())) return true;
  return !AFTER_SUBJECT.test(words[0]) && words.filter((w) => SENTENCE_WORD.test(w)).length <= 1 && !/[.!?]$/.test(m[2].trim());
}

/**
 * A directive and its setting written inside a sentence, or run into one by the parse ("CheckSpelling On, files ...",
 * "SSLSessionCache shmcb:/var/run/cache(512000) at startup ..."): a name in CamelCase or opened by an acronym
 * ("SSLEngine"), then a value only a setting has: on or off, a quoted string, a path, a scheme and path, a name with
 * "_", or "+Option"; a server variable and what it is tested against ("RewriteCond %{HTTPS} off"; twelfth pass, httpd).
 */
/** The sentence around an offset (not cut at "e.g." or "i.e.") wishes for or asks for a change (`expectedIn`'s wish and request). */
function askedFor(text: string, at: number): boolean {
  const ends = [...text.slice(0, at).matchAll(/(?<!\b(?:e\.g|i\.e))[.!?](?=\s)|\n/g)];
  const start = ends.length ? ends[ends.length - 1].index + 1 : 0;
  const end = /(?<!\b(?:e\.g|i\.e))[.!?](?=\s|$)|\n/.exec(text.slice(at));
  return expectedIn(text.slice(start, end ? at + end.index + 1 : text.length)).some((r) => r.kind === "wish" || r.kind === "request");
}
const INLINE_DIRECTIVE = /(?:^|[\s(,;:])(?:[A-Z][a-z]+[A-Z][A-Za-z]*|[A-Z]{2,}[a-z][A-Za-z]*)[ \t]+(?:On|Off|on|off|"[^"\n]+"|\/[\w.~*\/-]*|\w+:\/[\w.\/-]+|[+-][A-Z]\w+|[\w.-]+_[\w.-]+|\*[\w.*]*|%\{[\w:]+\}(?:[ \t]+!?[\w=^$.*+\/-]+)?)(?![\w/])/g;
/**
 * A directive the server knows, written in its own form inside a sentence with a value its settings take that
 * `INLINE_DIRECTIVE` does not read: a number ("ServerLimit 16, ThreadsPerChild 64"), a keyword in capitals
 * ("AllowOverride FileInfo") or one of a few in lower case ("SSLVerifyClient require"), and "Options" with an option
 * added or taken away ('.htaccess has "Options -Indexes"'). Not a name that is also an English word ("Timeout 300"
 * opens a sentence as often), and not a name with a word that goes on the sentence ("ProxyPass rules"; fifteenth pass,
 * httpd).
 */
const KNOWN_INLINE = /(?<=^|[\s(,;:"“'‘])([A-Z][A-Za-z0-9]+)[ \t]+(?:\d+[KkMm]?|[A-Z][A-Za-z]+|require|optional|none|all|any|default|always|never|auto|full|unset|nocase|strict|[+-][A-Z]\w+)(?![\w/.:-])/g;
/**
 * The same, written as a sentence of its own: the directive opens the sentence and a dot that ends it ends the value
 * ("Options +MultiViews. A request for ..."). Not one at the end of a longer sentence, where the directives list how the
 * server runs ("2.4.6 on CentOS, KeepAliveTimeout 5, MaxRequestWorkers 400."; seventeenth pass, read-16 httpd).
 */
const KNOWN_SENTENCE = /(?=[A-Z])(?<=^|[.!?][ \t]+|\n[ \t]*)([A-Z][A-Za-z0-9]+)[ \t]+(?:\d+[KkMm]?|[A-Z][A-Za-z]+|require|optional|none|all|any|default|always|never|auto|full|unset|nocase|strict|[+-][A-Z]\w+)(?=\.(?:\s|$))/g;
// (Not inside a quotation of what a page or the program says: 'the box says "Default: AllowOverride All"', 'should say
// "AllowOverride None"' quote the documentation's words.)
/**
 * A directive the server knows with any one value, said to be set in a configuration file ("SSLCryptoDevice foo in ssl.conf",
 * "KeepAliveTimeout 15 in the vhost"): where it stands says it is a setting, whatever its value (sixteenth pass, read-15
 * httpd). The match ends at the value, as `KNOWN_INLINE`'s does.
 */
const SET_IN_FILE = /(?<=^|[\s(,;:"“'‘])([A-Z][A-Za-z0-9]+)[ \t]+[^\s,;"“”'‘’]+(?=[ \t]+in[ \t]+(?:(?:the|my|our|its|their|every|each|a)[ \t]+)?(?:[\w-]*\.conf|\.htaccess|vhost|virtual ?host)\b)/g;
const CLAUSE_OPENER = /^(?:If|When|Whenever|Once|Unless|While|With|Without|After|Before|Since|Because|Although|Though|Even|Only|Also|But|And|Or|So|Then)$/;
function knownInline(text: string): RegExpExecArray[] {
  // A word that opens a clause ("If", "When", "With" at the sentence's head) does not take the directive after it as its
  // value: the reading goes on from that name ("If SSLVerifyClient require is set ..."; seventeenth pass, read-16 httpd).
  const known: RegExpExecArray[] = [];
  const re = new RegExp(KNOWN_INLINE.source, "g");
  for (let m = re.exec(text); m; m = re.exec(text)) {
    known.push(m);
    if (CLAUSE_OPENER.test(m[1])) re.lastIndex = m.index + m[1].length;
  }
  known.push(...text.matchAll(KNOWN_SENTENCE));
  // (not the directive named as a thing, "the ProxyPass rules in httpd.conf", "ProxyPass lines in the vhost")
  const inFile = [...text.matchAll(SET_IN_FILE)].filter((m) => distinctDirective(m[1]) && !known.some((k) => k.index === m.index) &&
    !/\b(?:the|a|an|my|our|your|its|their|this|that|these|those|all|any|some|every|each|no)\s+$/i.test(text.slice(Math.max(0, m.index - 8), m.index)) &&
    !AFTER_SUBJECT.test(m[0].slice(m[1].length).trim()) && !/^(?:rules?|directives?|lines?|settings?|entries|entry|blocks?|sections?|statements?|values?|parts?|ones?|stuff|config(?:uration)?s?|definitions?)$/i.test(m[0].slice(m[1].length).trim()));
  return [...known.filter((m) => (distinctDirective(m[1]) && !/^[+-]/.test(m[0].slice(m[1].length).trim())) ||
    (m[1] === "Options" && /^\s+[+-]/.test(m[0].slice(m[1].length)))), ...inFile].filter((m) => !inProgramQuote(text, { start: m.index, end: m.index + m[0].length }));
}
/**
 * The server's restart told by its control program (`SERVER_CONTROL`), not a row of a process list that shows the
 * command each process was started with ("2281 86420 /usr/sbin/apache2 -k start": a pid first; fifteenth pass, httpd).
 */
function controlTold(text: string): boolean {
  return [...text.matchAll(new RegExp(SERVER_CONTROL.source, "g"))].some((m) => !/^[ \t]*\d+\s/.test(lineOf(text, { start: m.index, end: m.index })));
}
/**
 * A request told by what it asks for rather than written out: "every .php request", "any GET request", "a request for a
 * .php file", a file "when requested" (eighth pass), a test script to "request with curl" (ninth pass). With one directive
 * it is the request that meets it, as a request line is; alone it is no step. So is a server's page named by its path at
 * the head of a sentence that says what it shows ("/server-info shows the full directive"; thirteenth pass, httpd). So is a
 * method named with its article and what it carries or where it goes ("A MOVE with Destination: ...", "a PUT to /dav/x",
 * "every POST with a body over 1 MB"), and any of these meets one directive written inside a sentence too ("This is with
 * AllowEncodedSlashes On in the vhost"; sixteenth pass, read-15 httpd). So is a request told by its order as the moment the
 * failure comes ("when first request with AuthType X is done", "on the next request"; not a part of it, "the first request
 * line"; seventeenth pass, read-16 httpd).
 */
// (a path on its own line with an arrow to what comes of it, "/docs/intro.html -> 404", is the request told; eighteenth
// pass, read-17 httpd)
const TOLD_REQUEST = /\b(?:[Aa]n?|[Tt]he|[Ee]very|[Aa]ny|[Ee]ach)\s+(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|PROPFIND|PROPPATCH|MKCOL|COPY|MOVE|LOCK|UNLOCK)\s+(?:requests?\s+)?(?:with|to|for|on|of|against)\s+\S|(?:^|[.!?]\s+|\n\s*)\/[\w.-]+(?:\/[\w.-]*)*\s+(?:shows?|showed|displays?|displayed|lists?|listed|returns?|returned|gives?|gave|prints?|printed)\b|\b(?:every|any|each|all|a|an)\s+(?:\.[a-z\d]{1,5}|[A-Z]{3,8})\s+requests?\b|\brequests?\s+(?:for|to|of)\s+(?:an?\s+|any\s+|every\s+)?(?:\.[a-z\d]{1,5}|[\w-]+\.[a-z\d]{1,5})\b|\bwhen (?:it is |they are )?requested\b|(?:^|\n)[ \t]*\/[\w.%~-]+(?:\/[\w.%~-]*)*(?:\?\S*)?[ \t]+->[ \t]|\b(?:[Rr]equest|[Ff]etch|[Cc]all|[Ll]oad|[Oo]pen|[Gg]et)\s+(?:it|them|this|that|the (?:script|page|file|url|uri|cgi))\s+(?:with|using|via|in|from)\s+(?:curl|wget|telnet|(?:a|the|any|your) browser)\b|\b(?:[Ww]hen|[Aa]fter|[Oo]nce|[Oo]n|[Aa]t)\s+(?:the\s+)?(?:very\s+)?(?:first|second|next)\s+requests?\b(?!\s+(?:headers?|lines?|body|bodies|methods?|uris?|urls?|fields?|timeouts?|limits?|sizes?)\b)/;
/** What a server says when its configuration fails as it is read: at startup, a syntax error, a refusal to start, an unknown directive, an address it cannot bind, a module it cannot load. */
const AT_START = /\b(?:at |on |during )?start-?up\b|\bsyntax error\b|\b(?:refuses?|fails?|failed|won['’ ]?t|will not|does not|doesn['’ ]?t) (?:to )?start\b|\bconfig(?:uration)? test\b|\binvalid command\b|\bcould not bind\b|\b(?:cannot|can['’ ]?t|could not|unable to) load\b/i;

/** A section or a tag named by its bare opening, with no attribute and no closing ("<If>", "<VirtualHost>"; `snippetLine`). */
const TAG_NAMED = /<[A-Za-z][\w:.-]*>/;
const TAG_NAMED_ALL = new RegExp(TAG_NAMED.source, "g");
/**
 * A line of code or markup of a snippet. Not a sentence that names a section or a tag by its bare opening ("..., or an
 * ErrorDocument inside <If> that is merged correctly."; tenth pass): it ends as a sentence does, has words of one, and is
 * no code without the name. Markup run into prose where an export lost the line breaks ('... the following code in HTML,
 * <script src="/a.js"></script> ... .') keeps its attributes or its closing tag, and stays code.
 */
function snippetLine(line: string): boolean {
  // (a frame of a stack trace, "at" or not, is what the program printed: "org.acme.Foo.bar(Foo.java:127)" in a trace an
  // export ran together, where each frame lost its "at"; fifteenth pass, the Jira steps reading)
  if (!line.trim() || STACK_OR_LOG.test(line) || FRAME_LINE.test(line) || !isCodeLine(line)) return false;
  return !namesTag(line);
}

/**
 * A sentence that names a section or a tag by its bare opening: it ends as a sentence does, has words of one (`words` or
 * more of `SENTENCE_WORD`), and is no code without the name.
 */
function namesTag(line: string, words = 4): boolean {
  const t = line.trim();
  if (!/[.!?]$/.test(t) || !TAG_NAMED.test(t)) return false;
  const plain = t.replace(TAG_NAMED_ALL, "tag");
  return !isCodeLine(plain) && plain.replace(/"[^"\n]*"|'[^'\n]*'/g, " ").split(/\s+/).filter((w) => SENTENCE_WORD.test(w)).length >= words;
}

/** Lines of code or markup in a text (two or more make a snippet). */
export function codeLines(text: string): number {
  let n = 0;
  // A fence ("```", Jira's "{code}" and "{noformat}") says a block of code or a command follows, and counts as code;
  // around a log or a stack trace pasted as a block ("```" over error_log's lines), what it holds is what the program
  // wrote, and it counts for nothing (markup pass).
  let fence: { logged: boolean } | null = null;
  for (const line of text.split("\n")) {
    if (/^\s*(?:(?:\x60{3,}|~{3,})[\w+-]*|\{(?:code|noformat)(?::[^}\n]*)?\})\s*$/.test(line)) {
      if (fence && !fence.logged) n += 2;
      fence = fence ? null : { logged: true };
      continue;
    }
    if (fence && line.trim() && !STACK_OR_LOG.test(line) && !FRAME_LINE.test(line) && !LOGGED.test(line) && !ACCESS_LOG_LINE.test(line)) fence.logged = false;
    if (snippetLine(line)) n++;
  }
  // (a fence never closed counts as the code it opens)
  return fence ? n + 1 : n;
}

/**
 * Two parties told acting by their order, each opening its sentence: "First client asks for it gzipped, ... Second
 * client, without the header, gets ...", "The first user saves ...; the second user opens ...". The same kind of party
 * both times; "first" and "second" must open their clauses, not stand inside a phrase ("on the first try").
 */
const PARTY = String.raw`(?:client|request|user|browser|visitor|caller|process|connection|worker|session|tab|window|instance|node|job)s?`;
const ORDINAL_PARTIES = new RegExp(String.raw`(?:^|[.!?;]\s+|\n\s*)(?:the\s+)?first\s+(${PARTY})\b[^\n]{3,200}?(?:[.!?;]\s+|\n\s*)(?:then\s+|and\s+)?(?:the\s+|a\s+)?second\s+\1\b`, "i");
export type StepsKind = "actions" | "condition" | "gerund" | "narrated" | "menu" | "repro" | "instruction" | "link" | "command" | "code" | "testcase" | "input" | "config";

export interface StepsRead {
  /** Where the steps are (the first piece of evidence). */
  at: Read | null;
  /** How many steps were counted when they are a list or a sequence of actions. */
  count: number;
  /** Which kinds of evidence were read. */
  kinds: StepsKind[];
  /**
   * When there are no steps: the one action that sets the failure off ("When I save", "Tapping Pay"), if any; `mends`
   * when its sentence says it makes the failure go away instead ("If I set x.y to false it loads instantly").
   */
  trigger?: Read & { mends?: boolean };
}

/**
 * Steps to reproduce: a list with actions in it, two or more sentences that start with an action, an action
 * as a condition ("when I ..."), actions told in the first person, a command, two or more lines of code or
 * markup, a link to a runnable reproduction, or words that say one follows ("to reproduce", "the following
 * code").
 */
/** A fix or a workaround the reporter proposes ("Workaround: define the dependency", "Fix: 1) reconfigure ..."). */
const REMEDY = /(?<![\w-])(?:(?:possible|proposed|suggested|potential) )?(?:fix(?:es)?|workarounds?|solutions?)[ \t]*:/gi;
/** A label that starts the account again after a remedy: steps, the expected or the actual result. */
const ACCOUNT_LABEL = /(?<![\w-])(?:steps(?: to reproduce)?|to reproduce|expected(?: results?| behaviou?r)?|actual(?: results?| behaviou?r)?|observed)[ \t]*:/gi;

/**
 * The text without the fixes and workarounds the reporter proposes, up to the next account label: what the team
 * could do is not what leads to the failure, and its imperatives are no steps to reproduce.
 */
function withoutRemedies(text: string): string {
  let out = text;
  for (const m of text.matchAll(REMEDY)) {
    ACCOUNT_LABEL.lastIndex = m.index + m[0].length;
    const end = ACCOUNT_LABEL.exec(text)?.index ?? text.length;
    out = `${out.slice(0, m.index)}${out.slice(m.index, end).replace(/\S/g, " ")}${out.slice(end)}`;
  }
  return out;
}

export function stepsIn(labelled: string): StepsRead {
  const text = withoutRemedies(withoutPatch(withoutLabels(labelled)));
  const found: (Read & { kind: StepsKind })[] = [];
  const ps = pieces(text);
  // A piece cut at a comma counts when the piece before it acts, or only sets the scene ("In the Java perspective, open ...").
  // ... or opens with words that say a reproduction follows ("To see it, ask a nurse to ..., and reload the roster").
  // A key pressed with its modifiers is a step where it follows another ("hover a button until the tooltip shows, then
  // alt+tab to the terminal"); alone it names the key ("CTRL-SPACE, but after ...", "Ctrl+Tab goes to the next tab").
  // (A numbered item's number ends a sentence to \`pieces\`: "1." is a piece of its own, and the item's text is told it
  // is one by what stands before it on its line.)
  const item = (p: Piece): boolean | "numbered" => {
    const mark = /(?:^|\n)[ \t]*(\d{1,2}[.)]|[-*•+#]|step \d+:?)[ \t]*$/i.exec(text.slice(Math.max(0, p.start - 12), p.start));
    return mark ? (/^(?:\d|step)/i.test(mark[1]) ? "numbered" : true) : false;
  };
  const actions = ps.filter((p, i) => (imperative(p.text, item(p)) && (!p.chained || imperative(ps[i - 1]?.text ?? "") || SCENE.test(ps[i - 1]?.text ?? "") ||
    REPRO_OPENS.test(ps[i - 1]?.text ?? ""))) || (i > 0 && keyStep(p.text) && imperative(ps[i - 1].text)));
  // A run of actions inside one sentence ("open Settings, pick Billing, press Save") counts as the list it is.
  for (const m of text.matchAll(ACTION_RUN)) {
    // Each comma-separated action of the run is a step, unless an action already read starts in it (a sentence cut at
    // a comma before the run's second action: "go to checkout, pick Apple Pay, confirm" read "pick ..." alone).
    const before = [...actions];
    let at = m.index;
    for (const part of m[0].split(/,(?![^()]*\))/)) {
      const start = text.indexOf(part, at);
      if (part.trim() && !before.some((a) => a.start >= start && a.start < start + part.length)) actions.push({ text: part, start });
      at += part.length + 1;
    }
  }
  // After a steps label inside the prose ("Steps: go to /loans/compare, look at the card."), each part of the run is a
  // step whatever its verb, as after "To reproduce,": the label says instructions follow (bands, seventh pass).
  for (const m of text.matchAll(LABELLED_RUN)) {
    const before = [...actions];
    let at = m.index + m[0].length - m[1].length;
    for (const part of m[1].split(/,\s*(?:and\s+|then\s+)?|\s+and then\s+/)) {
      const start = text.indexOf(part, at);
      at = start + part.length;
      // (one word is a step too: "checkout, pass the challenge")
      const word = /^\s*([a-z][a-z-]*)(?:\s+\S|\s*$)/.exec(part)?.[1];
      // (an action already read whose first word is in the part is that step: "Steps: go to X" read as one)
      const first = (a: { text: string; start: number }) => a.start + a.text.length - a.text.replace(LEAD, "").length;
      if (word && !NOT_AN_INSTRUCTION.test(word) && !before.some((a) => first(a) >= start && first(a) < start + part.length)) actions.push({ text: part, start });
    }
  }
  // "1. Client in New York (account TZ America/New_York) orders a ticket for 5 Dec": a numbered item that tells a person
  // of the service acting, in the present, is a step told of them, as "I open ..." is told of the reporter; with the
  // list it stands in, it is the way there (a configuration plus the request that triggers it). Not what they see, get
  // or say ("1. The client sees ...", "2. Customer gets an error"; eighteenth pass, bands-read-16).
  for (const m of text.matchAll(ROLE_ITEM)) {
    const verb = m[1].toLowerCase();
    if (ROLE_ITEM_NOT_ACTS.test(verb) || !(actionStem(verb) || SERVICE_ACTS.test(verb))) continue;
    const begin = m.index + m[0].length - m[0].trimStart().length;
    if (!actions.some((a) => a.start <= begin && begin < a.start + a.text.length)) actions.push({ text: m[0].trimStart(), start: begin });
  }
  actions.sort((a, b) => a.start - b.start);
  // A list whose items act ("1. Open ...", "- click ...") or a run of imperatives.
  if (actions.length >= 2 || (actions.length === 1 && orderedSteps(text) >= 2)) {
    found.push({ kind: "actions", start: actions[0].start, end: actions[actions.length - 1].start + actions[actions.length - 1].text.length });
  }
  // "When I open the cart and tap Pay" is two actions: the ones joined to the first count on their own.
  let joined = 0;
  // So is an instruction with another joined to it in its sentence ("Open https://x.example and translate the page",
  // "Open about:preferences, press Tab repeatedly", "go to Settings, then pick Billing"): each verb of acting that the
  // comma, "and" or "then" joins is a step, unless it already starts an action of its own (a run read above). The
  // sentence runs on over the dots inside an address or a version ("twitter.com", "about:preferences").
  for (const a of actions) {
    const verb = /^\s*([A-Za-z][\w-]*)/.exec(a.text.replace(LEAD, ""));
    if (!verb) continue;
    const from = a.start + a.text.length - a.text.replace(LEAD, "").length + verb[0].length;
    const clause = /^(?:[^.;!?\n]|\.(?=\w))*/.exec(text.slice(from))?.[0] ?? "";
    for (const j of clause.matchAll(/(?:,\s*(?:and\s+)?(?:then\s+)?|\s+(?:and\s+then|and|then)\s+)([a-z][\w-]*)\b/gi)) {
      const at = from + j.index + j[0].length - j[1].length;
      if (ACTION_VERBS.has(j[1].toLowerCase()) && !likeAfterComma(j) && !actions.some((b) => b !== a && at >= b.start && at < b.start + b.text.length)) joined++;
    }
    // "Switch editors rapidly with the history view visible and linked to the editor": a part of the program put in a
    // state the reporter sets up before acting is a step of its own ("Launch it with any project" names no state).
    if (SET_UP_STATE.test(clause)) joined++;
  }
  for (const c of text.matchAll(CONDITIONAL)) {
    // "When a dispatcher in the Rotterdam depot creates a consignment ..., and then prints the CMR note": where the person
    // is runs on to their verb; the pattern's shortest place stops at its first word ("Rotterdam"; twentieth pass,
    // several actions in one sentence).
    const m = actionStem(c[1]) ? { index: c.index, 0: c[0], 1: c[1] } : placedVerb(text, c);
    if (!m) continue;
    // "Every time I open the system I dread it": a condition whose main clause is how a person feels sets off no failure
    // (seventeenth pass, bands).
    if (FELT_AFTER.test(text.slice(m.index + m[0].length, m.index + m[0].length + 120))) continue;
    found.push({ kind: "condition", start: m.index, end: m.index + m[0].length });
    // A run of them after commas ("if a donor opens Apple Pay, cancels the sheet, and then taps Give") counts each
    // (bands, twelfth pass, read-11); the clause ends at the first comma that no action follows.
    // (an example set off by commas is the object's, and the run goes on after it: "creates a consignment with a weight
    // that has decimals, for example 1,245.6 kg, and then prints the CMR note"; a number's comma or dot is no break;
    // twentieth pass)
    const clause = /^(?:[^,.;:!?\n]|(?<=\d)[,.](?=\d))*(?:,\s*(?:and\s+)?(?:then\s+)?[a-z][\w-]*(?:[^,.;:!?\n]|(?<=\d)[,.](?=\d))*)*/.exec(text.slice(m.index + m[0].length))?.[0] ?? "";
    const run = clause.split(/(?<!\d),\s*|,(?!\d)\s*/).filter((part) => !EXAMPLE_ASIDE.test(part));
    // (an action the reporter decides or tries to take is that action: "If I enter a bad path, then decide to uncheck
    // Android"; fifteenth pass, the Jira steps reading)
    const kept = [run[0], ...run.slice(1).filter((part, i, rest) => rest.slice(0, i + 1).every((p) => actionStem(new RegExp(String.raw`^(?:and\s+)?(?:then\s+)?${INTENT}([a-z][\w-]*)`, "i").exec(p)?.[1] ?? "")))];
    joined += [...kept.join(", ").matchAll(new RegExp(String.raw`(?:,\s*(?:and\s+)?(?:then\s+)?|\b(?:and then|and|then)\s+)${INTENT}([a-z][\w-]*)`, "gi"))].filter((j) => actionStem(j[1])).length;
    // "when I close the window while uploading photos", "if I type while holding Shift": an action of the person's under way
    // as the other is done is a second action; the gerund has its object ("while loading" alone, or "while the page
    // loads", is the program's; eighteenth pass, read-17 firefox).
    joined += [...clause.matchAll(WHILE_DOING)].filter((j) => actionStem(j[1])).length;
  }
  for (const m of text.matchAll(CONDITIONAL_GERUND)) {
    // "Reproduce it by ...", "watch it happen by ...": the words say what follows is the way there, whatever its verb.
    const by = /^(?:repro|see|watch|trigger|recreate|observe)/i.test(m[0]);
    if (!by && !actionStem(m[1])) continue;
    found.push({ kind: "condition", start: m.index, end: m.index + m[0].length });
    // "after choosing the date and slot and setting players to 7, the Continue button greys out": the gerunds of acting
    // joined to a condition count, as the verbs joined to "when I choose ..." do (CONDITIONAL). Each has its object
    // ("and setting players to 7"; "when scrolling and zooming in" names no second act told with a thing acted on); the
    // clause ends at the first comma no gerund follows (twentieth pass, several actions in one sentence: bands-read-15,
    // and the Jira issue APSTUD-4501 "After creating an empty ruby file and hitting Enter").
    // (not what was tried against it: "even after clearing the cache and restarting it fails")
    if (!by) {
      // (nor two gerunds sharing one object, "when opening and closing tabs": when the program does something, told by
      // the thing's use, not two acts in order; the first has its own object)
      // (nor the acts of the code a sentence introduces, "I get an exception when removing a resource and then adding a
      // new one with the same path:" over the lines that do it: code alone is no steps, DECIDED; Eclipse 289198)
      // (a Jira block's or a fence's mark is no line of code: the line under it is what the block holds)
      const introduces = /^[^.!?\n]*:[ \t]*\n\s*(?:(?:\{(?:code|noformat)[^}\n]*\}|\x60{3}[\w+-]*)[ \t]*(?:\n\s*)?)?(\S[^\n]*)/.exec(text.slice(m.index));
      if (/\beven\s+$/i.test(text.slice(Math.max(0, m.index - 6), m.index)) || /^\s+(?:and|or|\/)\b/i.test(text.slice(m.index + m[0].length)) ||
        (introduces && isCodeLine(introduces[1]))) continue;
      const clause = /^[^,.;:!?\n]*(?:,\s*(?:and\s+)?(?:then\s+)?[a-z][\w-]*ing\b[^,.;:!?\n]*)*/.exec(text.slice(m.index + m[0].length))?.[0] ?? "";
      joined += [...clause.matchAll(JOINED_GERUND)].filter((j) => actionStem(j[1])).length;
      continue;
    }
    // "by discharging a test patient (version 12.4) and then refreshing the page": the gerunds joined to it count too.
    // "You can see it by opening any part-time employee's profile", "trigger it by pasting a long name": the words say
    // the action after "by" is the way there, as "reproduce it by ..." does (REPRO), so one action is enough (bands,
    // twelfth pass).
    found.push({ kind: "repro", start: m.index, end: m.index + m[0].length });
    const clause = /^(?:[^.;:!?\n]|\.(?=\S))*/.exec(text.slice(m.index + m[0].length))?.[0] ?? "";
    joined += [...clause.matchAll(JOINED_ING)].filter((j) => actionStem(j[1])).length;
  }
  // "We reproduced it on staging (build 4.1) with two phones, both pairing the lock and opening the door": the
  // reproduction told with its actions as participles after a comma, as "reproduce it by pairing ... and opening ..."
  // tells them after "by". Two actions at least: one participle after the comma tells how it went ("reproduced it on
  // staging, getting the same error"), not the way there (seventeenth pass, second half, bands).
  for (const m of text.matchAll(REPRO_PARTICIPLES)) {
    // (a time's colon goes on: "at 10:00-11:00 and clicking ...")
    const clause = /^(?:[^.;:!?\n]|\.(?=\S)|(?<=\d):(?=\d))*/.exec(text.slice(m.index + m[0].length))?.[0] ?? "";
    const more = [...clause.matchAll(JOINED_ING)].filter((j) => actionStem(j[1])).length;
    if (!actionStem(m[1]) || more < 1) continue;
    found.push({ kind: "repro", start: m.index, end: m.index + m[0].length });
    joined += 1 + more;
  }
  for (const m of text.matchAll(CONDITIONAL_SETTING)) {
    const lead = /^[.!?\s]*/.exec(m[0])![0].length;
    found.push({ kind: "condition", start: m.index + lead, end: m.index + m[0].length - 1 });
  }
  for (const m of text.matchAll(GERUND_SUBJECT)) {
    if (!actionStem(m[1])) continue;
    // "Uploading photos is frustrating", "Exporting was a pain": how an activity feels to people judges it, and sets
    // nothing off (bands, tenth pass).
    if (/\b(?:is|was)$/.test(m[0]) && JUDGED_ACTIVITY.test(text.slice(m.index + m[0].length, m.index + m[0].length + 40))) continue;
    found.push({ kind: "gerund", start: m.index + m[0].indexOf(m[1]), end: m.index + m[0].length });
    // "Casting an episode to the TV, skip ahead 10 minutes": what is being done sets the scene, as "In the Java
    // perspective," does, and the action after its comma is a step of its own.
    // So is a gerund of acting after it ("Muting the song, shutting the lid, opening it again = crash"): actions listed
    // one after the other, as "mute ..., shut ..., open ..." are (seventeenth pass, read-16 firefox).
    // (the gerund after the comma is read inside a subject that runs on to its verb too: "Pausing it, closing the lid,
    // opening it again = hang")
    const next = m[0].endsWith(",") ? /^\s*([a-z][\w-]*)\s/.exec(text.slice(m.index + m[0].length)) : null;
    const comma = next ? -1 : m[0].indexOf(",", m[0].indexOf(m[1]) + m[1].length);
    const listed = comma >= 0 ? /^\s*([a-z][\w-]*ing)\s/.exec(m[0].slice(comma + 1)) : null;
    if ((next && (ACTION_VERBS.has(next[1]) || (/ing$/.test(next[1]) && actionStem(next[1])))) || (listed && actionStem(listed[1]))) joined++;
    // "Unticking "Block pop-ups" and reloading has no effect": a gerund of acting joined by "and" inside the subject is a
    // second action, as "untick ... and reload" is (eighteenth pass, read-17 firefox). Not one that names no act
    // ("Opening and waiting" waits), nor one after a comma, counted above.
    else if ([...m[0].slice(m[0].indexOf(m[1]) + m[1].length).matchAll(/\band\s+([a-z][\w-]*ing)\b/g)].some((j) => actionStem(j[1]))) joined++;
  }
  // "after closing it the process stays ... then when I start it again I get ...": a condition told as coming after
  // another ("then when", "and then if", "after that, when") is the second of two actions in order, not the same trigger
  // told again (sixteenth pass, read-15 firefox).
  const conditions = found.filter((f) => f.kind === "condition" || f.kind === "gerund").sort((a, b) => a.start - b.start);
  joined += conditions.filter((c, i) => i > 0 && /(?:^|[\s,.;])(?:and\s+)?(?:then|after that|afterwards),?\s+$/i.test(text.slice(Math.max(0, c.start - 20), c.start)) &&
    conditions[i - 1].end <= c.start).length;
  // "If I select ..." is a condition, already counted; "I opened ..., clicked ..." is told.
  // A check told with nothing checked after it ("The script flushes after every line, I have checked.") vouches for what
  // was just said: the reporter's verification, not a step (tenth pass).
  // An action asked about, the auxiliary before its subject in a sentence that ends in "?" ("how do i configure it to
  // ...?", "Can we set it per vhost?"), is not told as done (fifteenth pass, httpd).
  // (an auxiliary that opens the sentence asks without its "?": "Can we sort it before Friday." ; eighteenth pass,
  // bands-read-16)
  const asked = (m: RegExpExecArray) => /\b(?:do|does|did|can|could|should|shall|may|must|would|will)\s+$/i.test(text.slice(Math.max(0, m.index - 12), m.index)) &&
    (/^[^.!?\n]*\?/.test(text.slice(m.index)) || /(?:^|[.!?]\s+|\n\s*)(?:can|could|should|shall|would|will)\s+$/i.test(text.slice(Math.max(0, m.index - 14), m.index)));
  let seenHere: Read[] | undefined;
  const seenOnce = () => (seenHere ??= observedIn(text));
  const narrated = [...text.matchAll(NARRATED)].filter((m) => !asked(m) && !NOT_DONE.test(m[1]) && actionStem(m[1]) && (VOUCHED.test(m[1]) || !triedAfter(text, m.index, seenOnce)) &&
    !/\b(?:when(?:ever)?|if|after|once|time|soon as|upon|while|before|until)\s+$/i.test(text.slice(Math.max(0, m.index - 12), m.index)) &&
    !objectTold(text, m) && !(ASPECT_VERB.test(m[1]) && ASPECT_MET.test(text.slice(m.index + m[0].length, m.index + m[0].length + 20))) &&
    !(VOUCHED.test(m[1]) && /^[ \t]*(?:[.!;)]|$|\n)/.test(text.slice(m.index + m[0].length))));
  // "i set 150% in the pdf toolbar, close the tab and when i reopen the same pdf ...": a setting told opening its
  // sentence is a condition, no step (DECIDED), but the acts the reporter joins to it are told acts, as the ones joined to
  // an input are (INPUT_STEP). Only the joined acts count: "I set Autoplay to Block, then go to twitter.com" is a setting
  // and one action, the trigger (twentieth pass, several actions in one sentence; read-9 firefox).
  const settings = [...text.matchAll(NARRATED)].filter((m) => /^set$/i.test(m[1]) && !asked(m) && /(?:^|[.!?][ \t]{1,4}|\n[ \t]{0,8})$/.test(text.slice(Math.max(0, m.index - 10), m.index)));
  // "I opened the invoice, changed the address and pressed Save": the actions joined to a told one count too.
  // Told in the present ("I enter the name and click Log In"), the actions joined to it are in the present too.
  for (const m of [...narrated, ...settings]) {
    // The clause runs on over a line break where the text was wrapped (the next line goes on in lower case) and over the
    // dots inside a path ("to /etc/httpd/ssl.crt/ca/"), a file's name ("I change the index.html and reload") or an
    // e-mail address ("I signed in as ana@test.example and opened ..."; bands, tenth pass).
    const clause = /^(?:[^.;:!?\n]|(?<=\/[\w.-]*)\.(?=\w)|(?<=@[\w.-]*)\.(?=\w)|(?<=\w)\.(?=(?:html?|shtml|php|cgi|pl|py|sh|js|css|json|xml|txt|conf|htaccess|jsp|asp|ico|png|jpe?g|gif|svg|pdf)\b)|\n(?=[ \t]*[a-z]))*/.exec(text.slice(m.index + m[0].length))?.[0] ?? "";
    const present = ACTION_VERBS.has(m[1].toLowerCase());
    // (after a setting, an act already read as an instruction of its own is not counted twice)
    const from = m.index + m[0].length;
    const own = (j: RegExpMatchArray) => settings.includes(m) && actions.some((a) => from + j.index! + j[0].length - j[1].length >= a.start && from + j.index! < a.start + a.text.length);
    // "... and do apachectl graceful": "do" with the server's control program after it runs it (seventeenth pass, read-16 httpd).
    joined += [...clause.matchAll(JOINED_VERB)].filter((j) => !own(j) && (pastAction(j[1]) || (present && ACTION_VERBS.has(j[1].toLowerCase()) && !likeAfterComma(j)) ||
      (/^(?:do|did)$/i.test(j[1]) && DO_CONTROL.test(clause.slice(j.index + j[0].length))))).length;
  }
  // "The attendant taps Minibar, adds 2 x water, taps Save and gets ...": a person of the service told acting outside a
  // condition (`ROLE_NARRATED`), each act joined to theirs in the same tense, counted where they are told doing two acts
  // or more in one sentence; one act of theirs is no trigger of the reporter's, and what they meet or tell (`ROLE_NOT_ACTS`)
  // is no act.
  // The clause runs over a clock's colon and a number's dot ("at 11:02, the turndown attendant opened the room").
  // (eight of them read at most)
  const roles = [...text.matchAll(ROLE_NARRATED)].slice(0, 8).filter((m) => !/ing$/i.test(m[1]) && !ROLE_NOT_ACTS.test(m[1]) && !NOT_DONE.test(m[1]) && actionStem(m[1]) &&
    (pastAction(m[1]) || /s$/i.test(m[1])) && !asked(m) && !/\b(?:when(?:ever)?|if|after|once|time|soon as|upon|while|before|until)\s+$/i.test(text.slice(Math.max(0, m.index - 12), m.index)) &&
    !triedAfter(text, m.index, seenOnce));
  let roleActs = 0;
  let roleFirst: RegExpExecArray | undefined;
  for (const m of roles) {
    const clause = /^(?:[^.;:!?\n]|(?<=\d)[.:](?=\d))*/.exec(text.slice(m.index + m[0].length))?.[0] ?? "";
    const past = pastAction(m[1]);
    const acts = 1 + [...clause.matchAll(JOINED_VERB)].filter((j) => !ROLE_NOT_ACTS.test(j[1]) && !likeAfterComma(j) &&
      (past ? pastAction(j[1]) : /s$/i.test(j[1]) && !pastAction(j[1]) && actionStem(j[1]))).length;
    // (two acts in one sentence: one act told in each of two sentences, "The user selected Other ... The user selected
    // Other", is the same act told twice; Facebook 14797)
    if (acts < 2) continue;
    roleActs += acts;
    roleFirst ??= m;
  }
  if (roleFirst) {
    found.push({ kind: "narrated", start: roleFirst.index, end: roleFirst.index + roleFirst[0].length });
    joined += roleActs;
  }
  // "started private browsing, downloaded 2 files, stopped private browsing. opened the downloads window": acts told in
  // the past with their subject left out, as a diary or a list is written ("Closed the editor, and opened it again",
  // "Downloaded a zip file, then moved it ..."), are told acts, as "I opened ..., closed ..." are. Two at least, each
  // opening its clause or sentence; the first not the subject of a verb of its own ("Saved logins are not filled": an
  // adjective), nor an aspect ("Stopped working, ..."), nor a passive's agent ("Created by ...", "Built with ...")
  // (twenty-second pass, read-21 firefox; the shape in read-4 firefox, bands-read-14 and the shared Eclipse reports).
  const untold = subjectlessActs(text);
  if (untold) {
    found.push({ kind: "narrated", start: untold.start, end: untold.end });
    joined += untold.count;
  }
  // "I hide the menu bar. After restart it is back", "after I close the window? When I start it again it says ...", "i
  // click Remember, but next time i open the site the fields are empty": a later moment that comes back to the program
  // after an action already told (a restart named as a noun, a condition told with "again" or "back" or a verb of doing
  // it again, "the next time") is the second of two actions in order, as "then when" is (twentieth pass, steps across
  // writers: read-1, read-5, read-18). Not one said to mend it or to work, nor a try again; and not a condition after an
  // update or an install ("After updating to 3.6 it crashes when I open a tab": the version is the setting, DECIDED).
  const later = laterMoment(text, conditions);
  if (later && (conditions.some((c) => c.end <= later.start) || narrated.some((m) => m.index + m[0].length <= later.start) ||
    actions.some((a) => a.start + a.text.length <= later.start))) joined++;
  // An input told inside a sentence is a step of its own, unless it is the action of a step already counted ("Set browser.x.y to false.").
  // An input joined to the action by "and" or "then" ("Create two files and request /foo") is a step of its own too.
  // Nor a setting said to mend it ("Setting media.cache.x to 0 fixes it", "if I set y.z to true it loads instantly"):
  // what makes the failure go away, not a step on the way to it (seventeenth pass, read-16 firefox).
  const inputs = [...text.matchAll(INPUT_STEP)].filter((m) => !actions.some((a) => m.index >= a.start && m.index < a.start + a.text.length &&
    !/\b(?:and|then)\s+$/i.test(text.slice(a.start, m.index))) && !MENDS_IT.test(text.slice(m.index + m[0].length)));
  for (const m of inputs) {
    found.push({ kind: "input", start: m.index, end: m.index + m[0].length });
    // "set browser.x.y to false, restart and close the last tab": the actions joined to an input count too.
    const clause = /^[^.;:!?\n]*/.exec(text.slice(m.index + m[0].length))?.[0] ?? "";
    joined += [...clause.matchAll(JOINED_VERB)].filter((j) => actionStem(j[1]) && !likeAfterComma(j)).length;
  }
  // A payload given inline with where it goes ("produce {"ts": "..."} to raw-clicks") is the action and its snippet,
  // whether it was read as an input or inside an action already counted.
  const payload = [...text.matchAll(INPUT_STEP)].find((m) => m[0].includes("{"));
  if (payload) found.push({ kind: "code", start: payload.index, end: payload.index + payload[0].length });
  if (narrated.length >= 2) found.push({ kind: "narrated", start: narrated[0].index, end: narrated[1].index + narrated[1][0].length });
  // "Proxy any such page with ProxyHTMLEnable On to see it.": an instruction that says it is the way there.
  for (const m of text.matchAll(DONE_TO_SEE)) {
    if (!NOT_AN_INSTRUCTION.test(m[1].toLowerCase()) && !/(?:s|ed|ing)$/i.test(m[1])) {
      found.push({ kind: "instruction", start: m.index, end: m.index + m[0].length });
      break;
    }
  }
  // "When I press F6 and then Tab, ...": keys pressed one after the other are the way there, told in one clause.
  const keys = KEY_SEQUENCE.exec(text);
  if (keys) found.push({ kind: "actions", start: keys.index, end: keys.index + keys[0].length });
  // "Typing foo and pressing Enter sends it ...", "ctrl+f and typing a word says ...": two actions joined in the subject.
  const joinedPair = joinedActions(text);
  if (joinedPair) found.push({ kind: "actions", ...joinedPair });
  // "The client does LOCK then PUT", "a HEAD followed by a GET": requests sent one after the other are the way there, as
  // keys pressed one after the other are (sixteenth pass, read-15 httpd).
  const sent = METHOD_SEQUENCE.exec(text);
  if (sent) found.push({ kind: "actions", start: sent.index, end: sent.index + sent[0].length });
  // "first client requests it gzipped ... second client without the header gets ...": two parties told acting by their
  // order are two actions in sequence, as requests sent one after the other are (seventeenth pass, second half).
  const ordinal = ORDINAL_PARTIES.exec(text);
  if (ordinal) found.push({ kind: "actions", start: ordinal.index, end: ordinal.index + ordinal[0].length });
  // (a menu path said to mend it, "Tools > Reset > Defaults fixes it every time", is the workaround: seventeenth pass,
  // read-16 firefox)
  const menu = MENU_PATH.exec(text);
  if (menu && !MENDS_IT.test(text.slice(menu.index + menu[0].lastIndexOf(">") + 1))) found.push({ kind: "menu", start: menu.index, end: menu.index + menu[0].length });
  // "right click on image > Save Image As...": the context menu opened on a thing and its item chosen (eighteenth pass,
  // read-17 firefox). A path of two items with no click on a thing stays unread (u15f-053).
  // (nor one the reporter can or has to use, the way round a change asked for: "I know I can right-click > Remove from
  // Toolbar but ...", "Currently I have to right-click > Open in New Container Tab every time"; twentieth pass)
  const opened = menu ? null : CONTEXT_ITEM.exec(text);
  if (opened && !MENDS_IT.test(text.slice(opened.index + opened[0].length)) &&
    !/\b(?:can|could|have to|has to|had to|must|need to|needs to|would|should)[ \t]+$/i.test(text.slice(Math.max(0, opened.index - 20), opened.index))) found.push({ kind: "menu", start: opened.index, end: opened.index + opened[0].length });
  for (const [kind, re] of [["repro", REPRO], ["link", REPRO_LINK], ["command", COMMAND], ["command", INLINE_REQUEST], ["command", INLINE_COMMAND], ["command", INLINE_QUERY], ["command", INLINE_PROGRAM],
    ["testcase", ON_TESTCASE]] as const) {
    // A request in a line of the access log is what the server recorded, not one the reporter sends.
    // Nor one in a row of a table the server printed (server-status: "0-2 4411 1/35/902 W 0.40 ... POST /cart/sync HTTP/1.1",
    // the request a worker serves; fourteenth pass, httpd).
    const m = re === INLINE_REQUEST ? [...text.matchAll(new RegExp(re.source, "g"))].find((r) => !ACCESS_LOG_LINE.test(lineOf(text, { start: r.index, end: r.index })) && !inPrintedRow(text, r.index)) ?? null
      : new RegExp(re.source, re.flags).exec(text);
    // A tool's name opening a sentence ("make install of 2.2 overwrote my config.") is its subject, not a command run.
    if (m && !(re === COMMAND && !/^[ \t]*(?:[$%#>]|C:\\)/.test(m[0]) && toldAbout(text, m.index))) found.push({ kind, start: m.index, end: m.index + m[0].length });
  }
  // "the following FBML:", "here's my config", "with this in httpd.conf:", "my config:": an introduction whose next
  // line is code, markup or configuration.
  for (const m of [...text.matchAll(/\b(?:the following|here(?:['’ ]?s| is) (?:my|the|our|a|an)|this is (?:my|the|our)|(?:with|using) (?:this|these|the following))\s+(?:[\w.-]+\s+){0,2}?[\w.-]+\s*(?:\([^)\n]*\))?\s*[:.]?[ \t]*\n\s*(\S[^\n]*)/gi),
    // A policy is a settings file's content too ("Policy:" over its JSON; twelfth pass).
    ...text.matchAll(/(?:^|\n|\b(?:my|our|the|this|for example,? the) )[ \t]*(?:config(?:uration)?|setup|settings|polic(?:y|ies)|call|request|query|code|snippet|script|markup)\s*:[ \t]*\n\s*(\S[^\n]*)/gi),
    // "Our policies.json:", "my user.js:": a file of settings named as the reporter's own, then its lines. A line that
    // is only the file's name, with where it lies, names it so too ("policies.json (C:\...\distribution\policies.json):";
    // twelfth pass).
    ...text.matchAll(/(?:\b(?:my|our|the|this)\s+(?:[\w-]+\s+)?|(?:^|\n)[ \t]*)[\w-]*\.(?:json|conf|xml|ya?ml|ini|cfg|toml|properties|htaccess|js|css|html?)(?:[ \t]*\([^)\n]{1,120}\))?\s*:[ \t]*\n\s*(\S[^\n]*)/gi),
    // "I have some code that looks like:", "my config reads as follows:".
    ...text.matchAll(/\b(?:code|snippet|markup|config(?:uration)?|call|request|query|script)\s+(?:that\s+|which\s+)?(?:looks|reads|is|goes)\s+(?:like|as follows)\s*:?[ \t]*\n\s*(\S[^\n]*)/gi),
    // "In a background script that runs at startup:", then the line of code it runs.
    ...text.matchAll(/\b(?:snippet|script)\b[^\n.:]{0,60}:[ \t]*\n\s*(\S[^\n]*)/gi),
    // "Minimal:", "Reduced testcase:", "Reproducer:": a label that says the lines under it reproduce it.
    ...text.matchAll(/(?:^[ \t]*|\n[ \t]*|[.!?]\s+(?![ \t]))(?:(?:a |the )?(?:minimal|reduced)(?: (?:test ?case|case|example|repro|reproducer|version))?|reproducer)\s*:[ \t]*\n\s*(\S[^\n]*)/gi)]) {
    if (isCodeLine(m[1]) || /^[<{[$]/.test(m[1])) found.push({ kind: "repro", start: m.index, end: m.index + m[0].length });
  }
  // "In 3.6 the following opens the tab at the end of the strip rather than next to the current one:", then the code: the
  // snippet is the sentence's subject, told what it does wrong in a longer sentence than the introductions above: a failure
  // read in it, or what it does set against what it should ("rather than", "instead of"; sixteenth pass, read-15 firefox).
  // "The following shows what we use:" tells nothing wrong and introduces no reproduction.
  // (not what the program printed, named as the subject: "the following exception is written to the log:", then the log)
  for (const m of text.matchAll(/\bthe following\s+(?!(?:exceptions?|errors?|warnings?|messages?|output|logs?|(?:stack\s+)?traces?|entry|entries|results?|text|response|dialog|prompt|crash)\b)(?!(?:[\w.-]+\s+){0,2}?[\w.-]+\s*(?:\([^)\n]*\))?\s*[:.]?[ \t]*\n)((?:[^.:;!?\n]|\n(?=[ \t]*[a-z])){4,200}):[ \t]*\n\s*(\S[^\n]*)/gi)) {
    const told = m[1].replace(/\s+/g, " ");
    if ((isCodeLine(m[2]) || /^[<{[$]/.test(m[2])) && (observedIn(told).some((r) => !r.generic) || expectedIn(told).some((r) => r.kind === "expect"))) {
      found.push({ kind: "repro", start: m.index, end: m.index + m[0].length });
      break;
    }
  }
  if (codeLines(text) >= 2) {
    let offset = 0;
    for (const line of text.split("\n")) {
      if (snippetLine(line)) {
        // A fence opens the code: the read is its first line ("```" alone quotes nothing; bands, eighth pass).
        const inside = /^\s*\x60{3}[\w+-]*\s*$/.test(line) ? /^\n*([^\n]*\S[^\n]*)/.exec(text.slice(offset + line.length + 1)) : null;
        const start = inside ? offset + line.length + 1 + inside[0].length - inside[1].length : offset;
        found.push({ kind: "code", start, end: start + (inside ? inside[1].length : line.length) });
        break;
      }
      offset += line.length + 1;
    }
  }
  // "A CGI script printing", "a backend that returns:", then the lines it gives on a block of their own: what the program
  // under test is fed, written out, is the test case (fifteenth pass, httpd).
  const fed = /\b(?:an?|the|my|our|this)\s+(?:[\w-]+\s+)?(?:script|cgi|handler|backend|back-end|upstream|servlet|application|app)\s+(?:that\s+|which\s+)?(?:prints?|printing|outputs?|outputting|returns?|returning|sends?|sending|emits?|emitting|answers?|answering)(?:\s+(?:this|these|the following|just))?[ \t]*:?[ \t]*\n[ \t]*\n?[ \t]*\S[^\n]*\n[ \t]*\S/i.exec(text);
  if (fed) found.push({ kind: "testcase", start: fed.index, end: fed.index + fed[0].length });
  // A report that opens with its page's markup and then says what the browser does with it gives the test case itself
  // ("<input type=date value=2018-11-04>\n\nshows 03/11/2018 ..."): loading the markup is the way there.
  // "This textarea marks every word as wrong:", then "<textarea ...>": the element the sentence names, given as markup;
  // or "a page without a lang attribute:", then its markup.
  // So is a server-side include's element under "This SSI crashes the child:" ("<!--#set var=... -->"): the page's
  // markup the server parses (seventeenth pass, read-16 httpd).
  for (const m of text.matchAll(/(?:^|\n)([^\n]{0,200}):[ \t]*\n\s*<(?:!--#)?([a-z][a-z0-9]*)\b/gi)) {
    if (new RegExp(String.raw`\b(?:this|the following|the|a|an)\s+(?:${m[2]}|page|document|markup|html|snippet|test ?case|testcase|ssi|shtml|(?:server[- ]side )?include)\b`, "i").test(m[1])) {
      found.push({ kind: "testcase", start: m.index, end: m.index + m[0].length });
      break;
    }
  }
  // "Example I (the outline isn't generated):", then the code: an example labelled with the failure it shows is the test
  // case, as markup under "This textarea marks every word as wrong:" is (fifteenth pass, the Jira steps reading). An
  // example labelled with nothing ("For example:") shows the reporter's code, no way there.
  // (the labels `workingExamples` reads, `EXAMPLE_LABEL`, with the code's first line after them)
  for (const m of text.matchAll(EXAMPLE_LABEL)) {
    const code = /^[ \t]*\n?\s*(\S[^\n]*)/.exec(text.slice(m.index + m[0].length));
    if (code && isCodeLine(code[1]) && observedIn(m[1]).some((r) => !r.generic)) {
      const start = m.index + m[0].length - m[0].trimStart().length;
      found.push({ kind: "testcase", start, end: m.index + m[0].length + code[0].length });
      break;
    }
  }
  // Code or markup, then what running it gives, told of the code or the browser ("... console.log(x);\n\nthis prints 0",
  // "...</script>\n\nFirefox prints 2024-03-09", "...});\n\nlogs 0 when Firefox starts"): the snippet is the test case.
  {
    const lines = text.split("\n");
    let offset = 0;
    let block: { start: number; end: number } | null = null;
    for (const line of lines) {
      if (snippetLine(line)) block = block && text.slice(block.end, offset).trim() === "" ? { start: block.start, end: offset + line.length } : { start: offset, end: offset + line.length };
      else if (line.trim() && block) {
        if (RESULT_OF_CODE.test(line)) {
          found.push({ kind: "testcase", start: block.start, end: block.end });
          break;
        }
        block = null;
      }
      offset += line.length + 1;
    }
  }
  // And one call of a member opening a sentence or a line, with what running it prints right after it
  // ("console.log(new Map([[1,2]])) prints Map { } in the console", "JSON.stringify(x) logs {}"): the call is the test
  // case (eighteenth pass, read-17 firefox). Only a member's call ("a.b(...)"), and only a verb of printing: "getFoo()
  // returns null" tells how an API behaves, and stays unread.
  const call = INLINE_CALL.exec(text);
  if (call) found.push({ kind: "testcase", start: call.index + call[0].length - call[1].length, end: call.index + call[0].length });
  // So does code written inline, its statements each closed by ";", with what running it gives after them on the same
  // line ("let d = new Date(0); alert(d.getYear()); shows 70 in ..."; "var s = f(); console.log(s); prints undefined"):
  // the statements are the test case, as on lines of their own (seventeenth pass, second half).
  for (const m of text.matchAll(INLINE_STATEMENTS)) {
    const statements = m[1].split(";").map((st) => st.trim()).filter(Boolean);
    if (statements.length && statements.every((st) => STATEMENT_HEAD.test(st) && isCodeLine(`${st};`)) && RESULT_OF_CODE.test(text.slice(m.index + m[0].length))) {
      found.push({ kind: "testcase", start: m.index + m[0].length - m[0].trimStart().length, end: m.index + m[0].length });
      break;
    }
  }
  // So does markup that opens a paragraph of its own further down ("Bug 1879321 is the likely cause.\n\n<select ...>\n\nOn
  // Windows 11 the text ... is rendered in Segoe UI Semibold."; eleventh pass).
  // (A paragraph of three lines at most: a longer block further down is the reporter's code shown as an example,
  // "For example:" and a page's script, which the labelled reports count as no steps.)
  const short = (m: RegExpMatchArray) => (text.slice(m.index).split(/\n[ \t]*\n/)[0].match(/\n/g) ?? []).length < 3;
  for (const markup of [MARKUP_FIRST.exec(text), ...[...text.matchAll(MARKUP_PARAGRAPH)].filter(short)]) {
    if (markup && (observedIn(text.slice(markup.index + markup[0].length)).some((r) => !r.generic) || LOAD_THIS.test(text.slice(markup.index + markup[0].length)))) {
      found.push({ kind: "testcase", start: markup.index, end: markup.index + markup[0].length });
      break;
    }
  }
  // A command line of any program runs what fails.
  if (!found.some((f) => f.kind === "command")) {
    let offset = 0;
    for (const line of text.split("\n")) {
      if (commandLine(line) || commandRun(line)) {
        found.push({ kind: "command", start: offset, end: offset + line.length });
        break;
      }
      offset += line.length + 1;
    }
  }
  // A server's configuration of two lines or more is the setup the failure comes out of on any request to it; one
  // directive is, with the request or the response that shows what it does. A section opened and closed on one line
  // ("<Location /x> SetHandler server-status </Location>", where the parse ran its lines together) is one too.
  const section = /<([A-Z][A-Za-z]+)[ \t][^<>=\n]*>[^\n]{1,400}?<\/\1>/.exec(text);
  const triggered = found.some((f) => f.kind === "condition" || f.kind === "gerund");
  const lines = text.split("\n");
  // Each line is read as configuration once: by its shape, and by the directive it names.
  // Lines the documentation shows, quoted under the sentence that names them as its example ("the example meant to show
  // early processing reads", "one of the examples still uses"), or the text they should read ("It should be"), are the
  // page's words, not the reporter's setup (thirteenth pass, httpd).
  const quoted = docsQuoted(lines);
  const shaped = lines.map((l, i) => !quoted[i] && configLine(l));
  const known = lines.map((l, i) => !quoted[i] && knownDirectiveLine(l));
  const configs = lines.filter((_, i) => shaped[i] || known[i]).length;
  if (section && configs < 2) found.push({ kind: "config", start: section.index, end: section.index + section[0].length });
  else if (configs >= 2 || (configs === 1 && (inputs.length >= 1 || RESPONSE.test(text) || AT_START.test(text) || TOLD_REQUEST.test(text) || (directiveLines(lines, shaped, known) === 1 && (triggered || narrated.length >= 1 || HOST_EVENT.test(text)))))) {
    const at = lines.findIndex((_, i) => shaped[i] || known[i]);
    const start = lines.slice(0, at).join("\n").length + (at > 0 ? 1 : 0);
    found.push({ kind: "config", start, end: start + lines[at].length });
  } else {
    // Directives written inside sentences: two are a configuration; one is, with the request that meets it, the error
    // the server gives as it reads it, or the server's restart told by its control program (twelfth pass, httpd).
    // (one written inside a sentence beside one on a line of its own are two: "... and use RewriteCond %{HTTPS} off" over
    // "RewriteRule ^ https://..."; twelfth pass, httpd)
    // (not on the lines of the documentation's example either: fourteenth pass, httpd)
    // (and a directive the server knows with a number or a keyword: `KNOWN_INLINE`, fifteenth pass, httpd)
    const shapedInline = [...text.matchAll(INLINE_DIRECTIVE)];
    const named = knownInline(text).filter((k) => !shapedInline.some((m) => Math.abs(m.index + m[0].length - (k.index + k[0].length)) <= 1));
    // (nor in a sentence that wishes or asks for them: "It would be good to have a directive, e.g. FooBind on, so that
    // ..." names the directive the change would bring, not the setup; fifteenth pass, read-14)
    const inline = [...shapedInline, ...named].sort((a, b) => a.index - b.index).filter((m) => !quoted[text.slice(0, m.index + 1).split("\n").length - 1] && !askedFor(text, m.index));
    const besideLine = configs === 1 && inline.some((m) => { const at = text.slice(0, m.index + 1).split("\n").length - 1; return !shaped[at] && !known[at]; });
    // (or with a change to a host the server talks to that sets the failure off, as one line of configuration is: "we use
    // ProxyPass / ajp://... and when the backend is restarted ..."; sixteenth pass, read-15 httpd)
    if (inline.length >= 2 || besideLine || (inline.length === 1 && (inputs.length >= 1 || INLINE_REQUEST.test(text) || RESPONSE.test(text) || AT_START.test(text) || controlTold(text) || HOST_EVENT.test(text) || TOLD_REQUEST.test(text)))) {
      found.push({ kind: "config", start: inline[0].index, end: inline[0].index + inline[0][0].length });
    }
  }
  // One action alone ("when I save", a snippet) is a trigger, not a way to get there; two actions (a menu path
  // is two), or one with a snippet or a numbered list, are; a link to a runnable reproduction or a command that
  // runs it is on its own; words that say a reproduction follows ("to reproduce", "the following code", "a test
  // page") count when something follows them: an action or a line of code (alone they promise steps the report does
  // not give, or point at an attachment other than a test case). Conditions ("when I save", "after clicking") count once: they say
  // what sets the failure off, not how to get to that point.
  // Another program's command told as the case that works ("ldapsearch -H ldaps://... works from the same box";
  // `COMMAND_WORKS`) is run to show where it does not fail, not on the way to the failure (twelfth pass, httpd).
  // (so is one said to work in an aside of its own, in brackets: "the server supports ranges (wget -c works)";
  // seventeenth pass, read-16 firefox)
  const working = [...all(text, COMMAND_WORKS), ...all(text, COMMAND_WORKS_ASIDE)];
  if (working.length) for (let i = found.length - 1; i >= 0; i--) if (found[i].kind === "command" && working.some((w) => found[i].start >= w.start && found[i].start < w.end)) found.splice(i, 1);
  const has = (k: StepsKind) => found.some((f) => f.kind === k);
  // Configurations added above are no trigger: `triggered` still counts the conditions and gerunds.
  const triggers = triggered ? 1 : 0;
  const units = actions.length + triggers + joined + narrated.length + inputs.length + (has("menu") ? 2 : 0);
  const done = actions.length + joined + narrated.length + inputs.length + (has("menu") ? 2 : 0);
  const enough = !NO_STEPS.test(text) &&
    ((has("repro") && (units >= 1 || codeLines(text) >= 1)) || has("link") || has("command") || has("testcase") || has("instruction") || has("actions") || units >= 2 || (done >= 1 && (has("code") || orderedSteps(text) >= 2)) || has("config"));
  const kinds = [...new Set(found.map((f) => f.kind))];
  if (!enough) {
    // One action is not the way there, but it says what sets the failure off. A log in a Jira {code} or {noformat}
    // block is what the program wrote ("Error while getting module contents"), no action of the reporter's.
    const blocks = [...text.matchAll(/\{(code|noformat)(?::[^}]*)?\}[\s\S]*?(?:\{\1\}|$)/g)].map((b) => [b.index, b.index + b[0].length]);
    const logged = (f: { start: number }) => blocks.some(([s, e]) => f.start >= s && f.start < e);
    const passive = [...text.matchAll(CONDITIONAL_PASSIVE)].filter((m) => actionStem(m[1])).map((m) => ({ start: m.index, end: m.index + m[0].length }));
    // A question put to the team ("Can we check these?", "Could someone look at it?": an auxiliary first, a "?" that ends
    // the sentence, not a URL's) sets nothing off (bands, eighth pass). Nor does a plea about the team's plan ("Please make
    // this a priority", "prioritise it for the next sprint"; `ASKS_FOR_PLAN`), which `expectedIn` already takes for no
    // request: the schedule is what it would change (sixteenth pass, bands).
    const one = NO_STEPS.test(text) ? undefined : [...found.filter((f) => (f.kind === "condition" || f.kind === "gerund") && !logged(f)), ...passive.filter((f) => !logged(f)),
      ...actions.map((a) => ({ start: a.start, end: a.start + a.text.length })), ...narrated.map((m) => ({ start: m.index, end: m.index + m[0].length }))]
      .filter((f) => !askedOfTeam(text, f) && !ASKS_FOR_PLAN.test(text.slice(f.start))).sort((a, b) => a.start - b.start)[0];
    return { at: null, count: 0, kinds, ...(one ? { trigger: { start: one.start, end: one.end, ...(mendsIt(text, one) ? { mends: true } : {}) } } : {}) };
  }
  const first = [...found, ...actions.map((a) => ({ start: a.start, end: a.start + a.text.length })),
    ...narrated.map((m) => ({ start: m.index, end: m.index + m[0].length }))].sort((a, b) => a.start - b.start)[0];
  return { at: { start: first.start, end: first.end }, count: actions.length, kinds };
}

// ---------------------------------------------------------------------------------------------------------------
// Who is hurt, and how badly.

const PEOPLE = "(?:users?|customers?|clients?|shoppers?|buyers?|members?|accounts?|subscribers?|visitors?|players?|patients?|students?|teachers?|employees?|staff|agents?|admins?|administrators?|merchants?|sellers?|vendors?|partners?|tenants?|developers?|people|persons?|teams?|companies|organi[sz]ations|stores?|sites?|installs?|devices?|engineers?|analysts?|editors?|nurses?|doctors?|clinicians?|physicians?|readers?|viewers?|guests?|residents?|passengers?|drivers?|riders?|colleagues?|testers?|operators?|owners?|holders?|recipients?)";
/**
 * People named right before a read, made once (`peoplesAct`, `nothingNamed`): a person or a sentence's start before a verb
 * of knowing or telling; a caller before "hung up"; people before "keep telling"; a searcher before "can't find".
 */
const PERSON_OR_START_BEFORE = new RegExp(`(?:\\b(?:i|we|you|they|he|she|${PEOPLE})|(?:^|[.!?;]\\s*|\\n\\s*))\\s*(?:\\w+ly\\s+)?$`, "i");
/** A person as the subject just before a verb: "I", "we", "you", "he", "she", people named as such ("our members"). */
const PERSON_DECLINES_BEFORE = /\b(?:i|we|you|he|she|nobody|no one|people|users|customers|members|clients|staff|everyone)\s+(?:\w+ly\s+|just\s+|even\s+)?$/i;
const CALLER_BEFORE = new RegExp(`\\b(?:i|we|you|they|he|she|callers?|${PEOPLE})\\s+$`, "i");
const PEOPLE_BEFORE = new RegExp(`\\b(?:we|i|you|they|he|she|${PEOPLE})\\s+(?:\\w+\\s+)?$`, "i");
const SEARCHER_BEFORE = new RegExp(`\\b(?:i|we|they|you|${PEOPLE})\\s+(?:(?:can|could|will|would)\\s+)?$`, "i");
/** People who build, ship or run the software for others: a subject whose habit is told, not the program's act. */
const MAINTAINERS = "(?:packagers?|maintainers?|distributors?|distros?|sysadmins?|webmasters?|hosters?|integrators?)";
/** A person, or people named by their role, right before a read (`peopleFeel`). */
const PERSON_BEFORE = new RegExp(`\\b(?:i|we|you|they|he|she|nobody|${PEOPLE}|[a-z]+(?:ers|ors|ians|ists|ants|ents|ees))\\s+(?:\\w+\\s+)?$`, "i");
/**
 * Things a service does for people, counted: orders, payments, messages ("9,000 wrong reminders", "1,200 duplicate
 * notifications" are that many people told the wrong thing; reminders, notifications and alerts: bands, twelfth pass).
 */
const THINGS = "(?:orders?|requests?|transactions?|payments?|bookings?|sessions?|jobs?|builds?|messages?|emails?|reminders?|notifications?|alerts?|invoices?|records?|files?|uploads?|downloads?|sign-?ups?|logins?|checkouts?|calls?|tickets?|visits?|page ?views?|events?)";
/**
 * People a service has by what they do with it ("19 applicants", "60 volunteers"), the journeys and visits it books
 * ("9,000 trips", "400 appointments"), and complaints counted: what a count of them says is how many are hurt (bands,
 * eighth pass). Not "applications" or "branches", which count a program's parts as often.
 */
const COUNTED_MORE = "(?:applicants?|participants?|attendees?|volunteers?|households|families|patrons?|citizens?|voters?|donors?|trips?|journeys?|rides?|shipments?|deliveries|appointments?|reservations?|complaints?)";
/**
 * Counts and shares of people or things, money (with its magnitude: "£41k", "$2.4m"; bands, seventh pass), the share of
 * traffic, and everyone who does a thing ("anyone printing on A4"). The count and what it counts stand on one line,
 * and a number inside a version ("Firefox/2.0.0.6 Build"), a decimal ("the 2.4 kernel builds") or a regular expression's
 * group ("$1") counts nothing.
 */
const COUNT = new RegExp(`(?:\\b(?:all|every|most|many|some|several|half(?: of)?|a (?:third|quarter) of|hundreds of|thousands of|millions of|dozens of|no|none of (?:our|the)|each|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a hundred|a few|a dozen)\\s+(?:of\\s+)?(?:(?:our|the|their|my)\\s+)?(?:\\w+\\s+){0,2}?${PEOPLE}\\b|(?<![\\d.,/$-])\\b(?:\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?(?=[ \\t]*(?:k|m|%|percent)\\b)|\\d+(?![.,]\\d))(?![.)]\\s)[ \\t]*(?:k|m|%|percent)?[ \\t]+(?:of[ \\t]+(?:our|the|their|all)[ \\t]+)?(?:\\w+[ \\t]+){0,2}?(?:${PEOPLE}|${THINGS}|${COUNTED_MORE})\\b|\\b\\d[\\d,.]*\\s*(?:%|percent)|(?:\\b(?:usd|eur|gbp)|(?<![\\w/=$])[$€£])\\s?\\d[\\d,.]*(?:\\s?(?:k|m|bn|million|billion)\\b)?(?![#;/\\w])|\\b\\d[\\d,.]*\\s*(?:usd|eur|gbp|dollars|euros|pounds|k\\$)\\b|\\b(?:everyone|everybody|anyone|anybody|nobody|no one)\\s+(?:who|in|on|using|with|that|(?!(?:looking|checking|investigating|fixing|handling|following|watching|monitoring|reading|picking|working on)\\b)[a-z]{2,}ing)\\b)`, "i");
/**
 * A group of users named by what they have in common: "customers using Outlook", "users on Android"; and what they are
 * made to do now, told as what they should not be ("the user should not be forced to stop the services by hand": the
 * burden is theirs today; fifteenth pass, the Jira bug reading).
 */
const GROUP = new RegExp(`\\b${PEOPLE}\\s+(?:who|that|using|on|with|in|from|of|without|running|signed|logged|paying|whose|(?:now |then |still )?(?:have to|has to|had to|are forced to|were forced to|are unable to|were unable to|cannot|can['’]?t|could(?:n['’]?t| not))|should(?:n['’]?t| not) (?:be forced to|be made to|have to))\\b`, "i");
/**
 * What it costs: revenue, data, a blocked flow, a breach, a severity or priority word, no workaround, a top crash or
 * crashes a day, "10x slower", what the user loses; what it breaks of someone's ("breaks our PHP app", "breaks all our
 * rewrite rules", "which breaks my module's Makefile": whose thing is hurt; twelfth pass, from the precision sample).
 */
const HARM = /\b(?:(?:breaks?|broke|breaking) (?:my|our|their|your|everyone['’]s|every|all) |revenue|lost (?:sales|orders|revenue|money|customers|data|work)|loses? (?:data|orders|money|work|customers|changes)|data loss|refunds?|chargebacks?|sla|outage|downtime|(?:is|are|was) down|(?:security|privacy) (?:issue|hole|risk|problem|bug|vulnerability)|vulnerab\w+|exploit\w*|leaks? (?:\w+ )?(?:data|passwords?|tokens?|keys?|credentials)|blocks?|blocked|blocking|blocker|prevents? (?:\w+ )?from|show-?stopper|critical|severe|severity|serious|major|sev ?[0-4]|p[0-3]\b|(?:high|highest|top|urgent) priority|no workaround|workaround|(?:cannot|can['’ ]?t|unable to|could not|couldn['’ ]?t) (?:complete|check ?out|pay|purchase|buy|order|log ?in|sign ?in|sign ?up|register|submit|save|work|use|access|ship|release|deploy|publish|build|continue|proceed)|support tickets?|complaints? (?:a|per|every|each|this|last)|(?:every|each) ?time|always (?:happens|reproducible|reproduces)|reproducible:? always|happens (?:always|every time|consistently)|(?:daily|weekly|hourly) (?:for|to|by)|(?:is|are|was|were|been|being|gets?|got) (?!not\b|never\b)(?:\w+ )?(?:affected|impacted)|(?:is|are|was|were) at risk|\d[\d,.]*\s+(?:[\w-]+\s+){0,2}?(?:a|per|every|each)\s+(?:day|week|month|hour|minute|night|morning|shift)|(?:costs?|costing|wastes?|wasting|wasted) (?:(?:them|us|me|you|him|her|our \w+|the \w+|each \w+|every \w+) )?(?:about |around |roughly |over |nearly |almost |up to |~)?\d|top[ -]?crash(?:er|es)?|\d[\d,.]*\s*(?:(?:crash(?:es)?|errors?|failures?|reports?|users?|requests?)\s*)?\/\s*(?:day|week|month|hour)|\d+(?:\.\d+)?\s*(?:x|times) (?:slower|longer|more (?:memory|cpu|time)|bigger|larger)|(?:i|we|users?|they|you|people|customers?)(?: (?:lose|lost|have lost)|['’]ve lost)(?! (?:track|interest)\b))\b/i;

/**
 * What the failure does to the people who meet it, told as its consequence: "making it very hard to navigate",
 * "so I don't see the entire page", "will cause a compile error", "as a consequence the build fails". Problems or issues
 * are a consequence only when they are named ("would cause build problems"): "removing them would cause issues" says
 * neither who nor how badly (fifteenth pass, the Jira bug reading).
 */
const CONSEQUENCE = /\b(?:(?:making|makes|made|which makes) (?:it|them|this|the \w+) (?:very |really |extremely |quite |almost |nearly )?(?:hard|difficult|impossible|unusable|painful|confusing|useless)|(?:will|would|could|can|may|might) (?:also )?(?:cause|lead to|result in) (?:an? |the )?(?:(?:\w+ )?(?:errors?|failures?|crash(?:es)?|data loss)|(?!(?:some|many|other|more|these|those|such|any|several|few|certain|various)\b)\w+ (?:problems|issues))|(?:causes?|caused|causing|resulting in|results in|leads? to) (?:an? |the )?(?:compile|compilation|build|runtime|deployment|startup) (?:errors?|failures?)|as a consequence,? (?:the )?\w+ (?:fails?|crash(?:es)?|breaks?|stops?)|so,? (?:I|we|you|the user|users) (?:can['’]?t|cannot|can not|don['’]?t|do not|am unable to|are unable to|won['’]?t|have to|must)\b|so (?:[\w-]+ ){1,3}(?:can['’]?t|cannot|don['’]?t|doesn['’]?t|won['’]?t|do not|does not) (?:compile|build|start|load|run|install|connect)\b)/gi;

/** People counted as those who said so ("a few people said so", "two users told us"): who reported it, not who is hurt. */
const SAID_SO = /^\s+(?:have\s+|had\s+|all\s+)?(?:said|say|says|told|tell|mentioned|mention|asked|ask)\b/i;
/**
 * A count that opens a condition ("if most people prefer the old order", "unless many users ask for it", "whether all
 * clients need it"): people supposed, not people the failure meets (fifteenth pass, the Jira bug reading).
 */
const SUPPOSED = /\b(?:if|unless|whether)\s+$/i;

/** People by their role at a customer or in the team: who speaks for an account, not who uses the program. */
const ROLE = "(?:manager|boss|vp|ceo|cto|cfo|coo|director|head|lead|rep|representative|ae|am|csm|contact|sales|support|it|admin|owner|champion|sponsor|stakeholder)s?";
/**
 * A clause about people, not the program: its subject is the reporter, a person by role ("the customer", "their VP",
 * "my manager") or someone named ("Rob from their IT team", "Northwind Traders"), and its verb is what people do about
 * a failure (tell, report, call, chase, ask, promise to follow up, threaten, want, need; "keep bringing it up", and "people"
 * with no article: seventeenth pass, bands) or how they feel. "I open the
 * export and it stops at row 100" tells what the program does: its verbs are an action and the program's.
 */
const PEOPLES_VERB = "(?:(?:is|are|was|were|am|has|have|had|will|would|just|also|still|now|already|again|really|very|keeps?|kept|" +
  "getting|gets?|got|feels?|felt|seems?)\\s+){0,3}(?:says?|said|saying|tells?|told|telling|reports?|reported|reporting|calls?|called|" +
  "calling|rang|phoned|e-?mail(?:s|ed|ing)?|wrote|writes|asks?|asked|asking|mentions?|mentioned|complain\\w*|threaten\\w*|" +
  "bring(?:s|ing)?(?= (?:it|this|that) up\\b|$)|brought(?= (?:it|this|that) up\\b|$)|" +
  "escalat\\w*|chas(?:e|es|ed|ing)|follow(?:s|ed|ing)? up|needs?(?! to\\b)|wants?|wanted|would like|expects?|hopes?|upset|angry|unhappy|" +
  "annoyed|frustrated|furious|tired|worried|waiting|disappointed|not happy|the same way)\\b";
/** What may stand between the subject and its verb: a bracket ("Acme (ARR ~$240k)"), where they are from. */
const QUALIFIER = "(?:\\s*\\([^)\\n]{0,40}\\))?(?:\\s+(?:from|at|of|in|on)\\s+(?:the\\s+|their\\s+|our\\s+|your\\s+)?(?:[\\w&-]+\\s+){0,2}?[\\w&-]+)?\\s+";
const CLAUSE_LEAD = "^\\W*(?:(?:and|but|so|also|then|now|and then)\\s+)?";
const PERSON_CLAUSE = new RegExp(`${CLAUSE_LEAD}(?:i|we|you|he|she|nobody|no one|everyone|everybody|people|(?:the|my|our|their|his|her|your|a|an|one|this|that)\\s+(?:[\\w-]+\\s+){0,2}?(?!(?:devices?|sites?|installs?|stores?)\\b)(?:${PEOPLE}|${ROLE}))${QUALIFIER}${PEOPLES_VERB}`, "i");
// A name is capitalised (the test is case-sensitive): "It says" is no one's, and one in capitals is a standard's or a
// program's ("RFC says ...", "HTML says").
const NAMED_CLAUSE = new RegExp(`${CLAUSE_LEAD}(?!(?:It|This|That|These|Those|There|Here|What|Which|The|A|An)\\b|[A-Z\\d]+\\s)[A-Z][\\w&.'’-]*(?:\\s+[A-Z][\\w&.'’-]*){0,2}${QUALIFIER}${PEOPLES_VERB}`);

/**
 * A line of an e-mail's header, the line a forwarded or quoted message starts with, or the line a reply quotes its
 * message under ("On Tue, Marta wrote:", "> On Mon 3 June, Kevin Li <kli@x.io> wrote:"; bands, seventh pass): who wrote
 * when, not what the ticket is about nor what the program does.
 */
/**
 * The lines a mail program adds around what was written, alone on their line: a phone's or a client's signature ("Sent
 * from my iPhone", "Sent from Outlook for Android", "Get Outlook for iOS") and Apple Mail's forward marker ("Begin
 * forwarded message:"). They tell how the mail was sent, not where the program fails: the phone a mail was sent from is
 * no environment of the failure, and the forward marker's "message" is no message of the program (twenty-first pass,
 * bands: bands-read-19 useless-02's signature was read as its environment, bands-read-18 useless-14's marker as a
 * program part; bands-read-4 useless-09 carries the same signature).
 */
const MAIL_WRAPPER = String.raw`begin forwarded message[ \t]*:|(?:sent from|sent using|get) (?:my |the )?(?:iphone|ipad|android(?: phone| device)?|samsung(?: galaxy)?(?: smartphone| tablet)?|galaxy(?: smartphone| tablet)?|blackberry|mobile(?: device| phone)?|phone|smartphone|tablet|(?:outlook|gmail|yahoo mail|mail) (?:for|on) (?:ios|android|iphone|windows(?: 10| 11)?))[ \t]*[.!]?`;
export const MAIL_SIGNATURE = new RegExp(String.raw`^[ \t>]*(?:${MAIL_WRAPPER})[ \t]*$`, "gim");
export const MAIL_HEADER = new RegExp(String.raw`^[ \t>]*(?:(?:from|sent|to|cc|bcc|date|subject|reply-to)[ \t]*:[^\n]*|-{2,}[ \t]*(?:original|forwarded) message[ \t]*-{2,}|on [^\n]{1,80}?\bwrote[ \t]*:|${MAIL_WRAPPER})[ \t]*$`, "gim");
/**
 * A plea to fix it, with its deadline ("this needs to be fixed before the review", "has to be sorted by Friday", "Need
 * this fixed before the board meeting"; bands, eighth pass):
 * every ticket asks that, so it says neither when the work is done nor why it matters (`neutralFindings` in rules-kinds.ts),
 * nor what happens (the `told` count in rules-bug.ts; bands, twelfth pass). "Has to be done this week" and "Need this done
 * today" are the same plea (bands, twelfth pass: "ASAP" over "Has to be done this week so the launch can go ahead" scored
 * 100%).
 */
export const PLEA_TO_FIX = /\b(?:(?:needs?|has|have|must|should)\s+(?:to\s+)?(?:be\s+)?(?:fixed|fix(?:ing)?|sorted(?:\s+out)?|resolved|addressed|looked\s+(?:at|into)|handled|investigated|checked|done|doing|finished)|needs?\s+(?:this|it|that|these|them)\s+(?:fixed|resolved|addressed|sorted\s+out|looked\s+(?:at|into)|investigated|done|finished))\b(?:\s+(?:asap|urgently|today|tomorrow|now|(?:by|before|until|till)\b[^.!?\n]{0,40}))?/gi;
/**
 * Why the ticket was filed, said as a "so" clause of its own bookkeeping: "logging it so it's on record", "raising this
 * so it's on someone's list", "so that it is on the radar", "Creating ticket so we don't forget". It says why the ticket
 * exists, not why the work matters: no one affected, no problem, no goal (twenty-first pass, bands: bands-read-12,
 * bands-read-18 and bands-read-19 tickets).
 */
export const KEPT_ON_RECORD = /\bso\s+(?:that\s+)?(?:(?:it|this)(?:['’]s|\s+is|\s+gets|\s+stays)\s+(?:on\s+(?:the\s+)?(?:record|radar|list|board|backlog|books)|on\s+(?:someone|somebody|everyone|everybody|people)['’]s\s+(?:list|radar)|logged|tracked|recorded|written\s+down)|(?:we|i|you|they|nobody|no\s+one|people)\s+(?:(?:don['’]?t|do\s+not|won['’]?t|will\s+not|doesn['’]?t|does\s+not)\s+)?forgets?(?!\s+to\b)(?:\s+(?:about\s+)?(?:it|this))?|(?:it|this)\s+(?:doesn['’]?t|does\s+not|won['’]?t|will\s+not)\s+get\s+forgotten)\b/gi;
/**
 * The ticket itself asked for or promised: "can we get a ticket for this", "can u raise a ticket", "I'll make a ticket",
 * "Tom to create ticket (this one)", "log a ticket anyway". It is the filing, no act of the program nor a reason the work
 * matters. A ticket raised with someone or for something ("Raise a ticket with the vendor", "open a ticket for the
 * expired certificate") is work and is not read here, nor is "issue" ("this will create an issue for users").
 * Nor are tickets counted ("CS has 212 open tickets about this") or a host named ("Open tickets.example.org/...": the
 * word must end where a word does; both wrong firings found reading its firings at the merge).
 * Twenty-second pass, bands: the chats and minutes of bands-read-4, -6, -8, -9, -12, -13, -14, -17, -18, -19 and -20.
 */
export const TICKET_ASKED = /\b(?:(?:(?:can|could|would|will|shall|should)\s+(?:we|you|u|someone|somebody|anyone|i)|i['’]?ll|we['’]ll|i\s+will|we\s+will|to)\s+(?:please\s+)?)?(?<!\b(?:\d[\d,]*|many|several|some|all|any|no|the|our|your|their|these|those|of)\s+)(?:get|raise|create|open|log|file|make|put\s+in|add)\s+(?:(?:a|an|the|this|one)\s+)?(?:new\s+)?(?:tickets?|jira)(?=[.!?,;:)]?(?:\s|$))(?:\s+(?:for|about|on)\s+(?:this|it|that))?(?:\s*\(this\s+one\))?(?![ \t]+(?:with|to|in|on|at|against|for|about|under)\b)/gi;
/** A clock time's "AM" / "p.m.", as chats print it after the time. */
const AM_PM = String.raw`(?:[ \t]?[AaPp]\.?[Mm]\.?)?`;
/** A log line's level ("ERROR", "warn"): never a speaker's name. */
const LOG_LEVEL = String.raw`error|err|warn(?:ing)?|info|debug|trace|fatal|crit(?:ical)?|notice|severe`;
/** Where a chat's speaker sits, in brackets after the name ("Rob (Cellar)"). */
const SEAT = String.raw`(?:[ \t]*\([^)\n]{1,20}\))?`;
/**
 * The head of a line pasted from a chat: its time and who wrote it ("[10:42] jen:", "10:42 AM <marco>", "[Tue 09:15]
 * Priya Shah:"). As an e-mail's header lines do, it says who wrote when, not what the program does (bands, twelfth
 * pass). A time is asked for, so a label ("Note:", "Build:") or a log line's level ("ERROR:") is not taken for a name.
 */
export const CHAT_SPEAKER = new RegExp(String.raw`^[ \t>]*(?:\[[^\]\n]{0,20}?\d{1,2}:\d{2}(?::\d{2})?${AM_PM}\]|\(?\d{1,2}:\d{2}(?::\d{2})?${AM_PM}\)?)[ \t]*(?!(?:${LOG_LEVEL})\b)(?:<[^>\n]{1,30}>|@?\p{L}[\p{L}\d._-]{0,30}(?:[ \t]\p{L}[\p{L}\d._-]{0,20})?${SEAT}[ \t]*:)`, "gimu");

/**
 * A chat's head on a line of its own, as a chat app copies it: who wrote and when, the message on the lines under it
 * ("Jess  10:12 AM", "Marco Rossi 10:14", "[10:15 AM] Dee Patel"). Slack and Teams paste a thread this way. The head says
 * who wrote when, as `CHAT_SPEAKER`'s do, but standing alone its clock time was read as a setting (a step) and its lines
 * as a report's (twentieth pass, bands-read-18: a thread agreeing something is "weird" scored 92%). A name is
 * one to three words, maybe with where the speaker sits in brackets; a log's level is no name.
 */
/**
 * The text with every match of each (global) pattern blanked to as many spaces: what is left keeps its place, so evidence
 * found in it quotes the text as written.
 */
export function blankMatches(text: string, ...patterns: RegExp[]): string {
  return patterns.reduce((t, pattern) => t.replace(pattern, (m) => " ".repeat(m.length)), text);
}

/** A speaker's name as a chat app heads a message with it: one to three words, maybe with where the speaker sits. */
const HEAD_NAME = String.raw`@?\p{L}[\p{L}'’._-]{0,20}(?:[ \t]\p{L}[\p{L}'’._-]{0,20}){0,2}${SEAT}`;
const HEAD_LINE = new RegExp(String.raw`^[ \t]*(?:(?!(?:${LOG_LEVEL}|at|since|from|until|till|by|before|after|on)\b)${HEAD_NAME},?[ \t]+\[?\d{1,2}:\d{2}${AM_PM}\]?|\[\d{1,2}:\d{2}${AM_PM}\][ \t]*${HEAD_NAME})[ \t]*$`, "gimu");
/**
 * The text with its chat heads on lines of their own blanked (`HEAD_LINE`), the same length, so offsets are kept: two
 * heads or more, as a thread has; one line of a name and a time ("Shift start 06:30") may be what the report tells.
 * A text of heads alone is an empty one.
 */
export function withoutHeadLines(text: string): string {
  if (!/\d:\d\d/.test(text)) return text;
  const heads = text.match(HEAD_LINE);
  if (!heads || heads.length < 2) return text;
  // Heads and nothing else leave no words: an empty description, not 19,000 blanks for every reader to walk (0.7 s).
  const blanked = blankMatches(text, HEAD_LINE);
  return /\S/.test(blanked) ? blanked : "";
}

/**
 * A pasted chat with no times: three lines or more in a row, each headed by a name of a word or two and a colon, maybe
 * with where the speaker sits in brackets ("Jen: ...", "Rob (Cellar): ..."), a name coming back (people answer each other)
 * and two names or more. Its heads say who wrote, as `CHAT_SPEAKER`'s do (thirteenth bands pass, read-12). A labelled form
 * ("Area: ...", "Version: ...", "Browser: ...") names each part once, so no name comes back.
 */
const NAMED_HEAD = /^[ \t>]*(\p{L}[\p{L}\d.'’_-]{0,20}(?:[ \t]\p{L}[\p{L}\d.'’_-]{0,20})?)(?:[ \t]*\([^)\n]{1,20}\))?[ \t]*:(?=[ \t]*\S)/u;
export function withoutChatHeads(text: string): string {
  const lines = text.split("\n");
  const heads = lines.map((l) => NAMED_HEAD.exec(l));
  let i = 0;
  while (i < lines.length) {
    if (!heads[i]) { i++; continue; }
    let k = i;
    while (k < lines.length && heads[k]) k++;
    const names = heads.slice(i, k).map((m) => m![1].toLowerCase());
    const distinct = new Set(names).size;
    if (k - i >= 3 && distinct >= 2 && distinct < names.length) {
      for (let j = i; j < k; j++) lines[j] = " ".repeat(heads[j]![0].length) + lines[j].slice(heads[j]![0].length);
    }
    i = k;
  }
  return lines.join("\n");
}

/**
 * A clause that ends in a person's telling or feeling: its subject is a person by role ("my clients keep complaining",
 * "the shelter manager says") or someone named from somewhere ("Marta from the front desk says"), and the clause stops at
 * the verb. A name alone ("Firefox says", "Apache reports") may be a program's, and a clause that goes on ("the customer
 * says the export stops at row 100") tells what the program does after the telling (bands, twelfth pass).
 */
const PERSON_TELLS = new RegExp(`${PERSON_CLAUSE.source}$`, "i");
const NAMED_FROM_TELLS = new RegExp(`${CLAUSE_LEAD}(?!(?:It|This|That|These|Those|There|Here|What|Which|The|A|An)\\b|[A-Z\\d]+\\s)[A-Z][\\w&.'’-]*(?:\\s+[A-Z][\\w&.'’-]*){0,2}\\s+from\\s+(?:the\\s+|their\\s+|our\\s+|your\\s+)?(?:[\\w&-]+\\s+){0,2}?[\\w&-]+\\s+${PEOPLES_VERB}$`);
function toldByPeople(text: string, r: Read): boolean {
  // (the clause runs back to a stop, a comma, a colon or an opening quote: "feedback from the owner: 'my clients keep ...")
  const clause = text.slice(Math.max(0, r.start - 100), r.end).split(/[.!?;:,\n"“”]|(?:^|\s)['‘]/).pop() ?? "";
  return PERSON_TELLS.test(clause) || NAMED_FROM_TELLS.test(clause);
}

/** Whether a clause of a report is about people (who tell, chase, want or feel), not what the program does. */
export function aboutPeople(clause: string): boolean {
  return PERSON_CLAUSE.test(clause) || NAMED_CLAUSE.test(clause);
}

/**
 * People named by what they did with the service ("patients booked at the two clinics", "members enrolled in 2023") or
 * by what they have in common ("learners who finish a course", "borrowers who paid early"): the group the failure meets,
 * as "users on Android" is (bands, tenth pass): a group, so plural ("the editor opened on a file" is a program's part). Not what people say or feel ("users reported on the forum", "customers
 * complained about it"): who told it, not who meets it. Nor things the service has ("a file store fetched via ...", "the
 * site listed in ..."), which `PEOPLE` counts only with a number.
 */
const GROUP_BY_ACT = new RegExp(`\\b(?:(?!(?:stores?|sites?|installs?|devices?|accounts?)\\b)${PEOPLE}(?<=s|people|staff)\\s+(?!(?:said|told|asked|reported|mentioned|complained|called|emailed|wrote|noticed|raised|flagged|escalated|explained|described)\\b)[a-z]{3,}ed\\s+(?:at|in|into|on|onto|through|via|with|for|from|under|before|after|since|during)|[a-z]{3,}(?:ers|ors|ants|ents|ees|ians|ists)\\s+who)\\b`, "i");
/** What it meets, by how much of it: "it affects every course", "affected all our branches". */
const AFFECTS_ALL = /\b(?:affects?|affected|affecting|impacts?|impacted|impacting|hits?)\s+(?:every|all|each)\b/i;
/**
 * Whom it meets, named as the service's people after "hits" or "affects" with their owner ("this hits our biggest
 * customers", "it affects the night-shift nurses", "hit our regular members hardest"): who is hurt, as "affects every
 * course" says how much (eighteenth pass, bands-read-16). Not a thing ("hits the database", "affects the layout").
 */
const AFFECTS_PEOPLE = new RegExp(`\\b(?:affects?|affected|affecting|impacts?|impacted|impacting|hits?|hitting)\\s+(?:our|their|your|the|its|his|her|many|most|some|several)\\s+(?:[\\w-]+\\s+){0,2}?(?!(?:stores?|sites?|installs?|devices?|accounts?)\\b)${PEOPLE}\\b`, "i");
/**
 * A label that says who is hurt, inside a list or the prose ("5. Impact: the district's report is wrong", "- Who is
 * affected: all drivers"), with words after it: the report's own impact, as a section under that heading is; a label
 * on a line of its own is read by the sections (eighteenth pass, bands-read-16).
 */
const IMPACT_LABEL = /(?:^|\n)[ \t]*(?:\d{1,2}[.)][ \t]*|[-*•][ \t]*)?(?:(?:business |user |customer )?impact|who is affected|who(?: is|['’]s| are| gets) hurt|affected (?:users|customers|people))[ \t]*:[ \t]*(?!(?:none|no one|nobody|n\/a|na|unknown|tbd|not sure|\?+|-+)[ \t.]*(?:\n|$))(?=\S)/gi;

/**
 * Why it matters, said so: "This matters because we use the report for our duty return", "It matters because report
 * cards are published from it". The reporter names what the failure costs them in the sentence that follows, however it
 * words the cost (thirteenth bands pass, read-12: six authors open their impact so).
 */
const MATTERS_BECAUSE = /\b(?:this|it|which|that)\s+(?:really\s+|also\s+)?matters(?:\s+(?:a lot|so much|here))?\s+(?:because|since|as)\b/i;

export function impactIn(text: string): Read[] {
  return [...all(text, COUNT).filter((r) => !SAID_SO.test(text.slice(r.end, r.end + 20)) && !SUPPOSED.test(text.slice(Math.max(0, r.start - 10), r.start))), ...all(text, GROUP), ...all(text, GROUP_BY_ACT), ...all(text, AFFECTS_ALL), ...all(text, AFFECTS_PEOPLE), ...all(text, IMPACT_LABEL), ...all(text, MATTERS_BECAUSE),
    ...all(text, HARM), ...all(text, CONSEQUENCE)].sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------------------------------------------------------
// A description that adds nothing to its title.

/** Pleas and urgency: they ask for attention and say nothing about the failure. */
const URGENCY = /\b(?:please|pls|plz|kindly|fix(?:ed)?|asap|urgent(?:ly)?|immediately|now|quickly|soon|today|help|thanks?|thank you|thx|it|this|that|these|those|the|a|an|is|are|was|were|be|been|has|have|had|and|or|but|with|of|on|in|for|to|at|again|still|anymore|any ?more|really|very|totally|completely|just|all|some|something|anything|everything|stuff|things?|here|there|we|our|you|your|i|me|my|us|they|them|their|customers?|users?|people|clients?|everyone|complain(?:s|ing|ed)?|angry|upset|unhappy|unusable|unplayable|useless|terrible|horrible|awful|annoying|frustrating|ridiculous|(?:does|do|did|is|are|was|were|ca|can|wo|will)(?:n['’ ]?t| not)?|not|work(?:s|ing)?|broken|broke|wrong|problems?|issues?|bugs?|errors?|fails?|failing|failed|off|weird|odd|strange|seems?|look(?:s|ing)? into|(?:weird|odd|strange)ly|properly|correctly|right|behav(?:e|es|ed|ing|iou?r)|act(?:s|ed|ing)?|crash(?:es|ed|ing)?|freez(?:e|es|ing)|froze(?:n)?|hang(?:s|ing)?|hung|app|application|site|website|system|someone|somebody|anyone|anybody|can|could|take|look(?:s|ed|ing)?|check|investigate|sure|why|see|attached|attachment|screenshots?|title|above|below|same|before|last time|reopen(?:ed|ing)?|since|after|when|from|by|as|so|about|needs?|should|must|yesterday|tomorrow|tonight|recently|lately|demo|deadline|priority|tried|advise|ask(?:s|ed|ing)?|keeps?|happen(?:s|ed|ing)?|escalat(?:e|es|ed|ing|ion))\b/gi;

/** The description says nothing the title does not: once pleas, urgency and a generic failure are taken out, no word is left that the title does not already have. */
export function addsNothing(summary: string, text: string): boolean {
  // A word of the title in another form ("Map not loading" above "Map doesn't load") is the title's word.
  const stem = (w: string) => w.replace(/(?:ing|ed|s)$/, "");
  const titleWords = new Set((summary.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(stem));
  const left = (text.replace(URGENCY, " ").toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []).filter((w) => !titleWords.has(stem(w)));
  return left.length === 0;
}

// ---------------------------------------------------------------------------------------------------------------
// A sentence about people.

/**
 * A sentence whose subject is people, not the program: the reporter or those addressed ("I", "we", "you"), a person by
 * pronoun, by role, by what they do ("the adjusters", "our section leaders", "pickers"), a body of people ("the board",
 * "management", "the Chair"), someone named before a verb of telling, thinking or feeling ("Sue thinks", "Jen wasn't
 * sure"), some of them ("some", "others", "a few"), or their state ("the feeling in the room", "customer sentiment",
 * "the joy"). What such a sentence says is what people feel, tell, want or did: no behaviour of the program to look at
 * (nineteenth pass, bands: the useless tickets of hearsay, meetings and feelings).
 */
const SENTENCE_LEAD = "^[\\s\\W]*(?:there\\s+(?:was|were|is|are|has been|have been)\\s+(?:also\\s+)?(?:a\\s+|an\\s+|some\\s+|lots of\\s+|a lot of\\s+)?(?=[\\w-]+\\s+(?:[\\w-]+\\s+)?(?:of|about|on|from|at|in|among|with)\\b)|(?:and|but|so|also|then|now|honestly|basically|personally|anyway|overall|plus|still|just|really|obviously|clearly|apparently|maybe|perhaps|sadly|frankly|however|though|i think|i feel|i guess|to be honest|tbh)\\b[\\s,]*)*";
const AGENT = "[a-z]{3,}(?:ers|ors|ists|ees|ians|ants)";
/** People by role or as a body: not "it", "head", "lead", "support", which name parts of a program as often. */
const PEOPLE_ROLE = "(?:managers?|boss|bosses|vps?|ceos?|ctos?|cfos?|directors?|reps?|representatives?|owners?|champions?|sponsors?|stakeholders?|board|committee|management|leadership|registry|council|chair|trustees?|execs?|executives?)";
const PEOPLE_STATE_WORD = "(?:feeling|feelings|sentiment|mood|morale|tone|joy|perception|confidence|trust|goodwill|patience|consensus|opinion|opinions|impression|discussion|conversation|meeting|call|chat|talk|complaints?|feedback|concerns?)";
/** What people do in a sentence about them: tell, think, feel, want, like, complain, meet. */
const PEOPLE_DO = "(?:(?:has|have|had|is|are|was|were|also|just|may|might|did|does|do|still|really|all|both|clearly|used to)(?:n['’]t)?\\s+){0,3}(?:says?|said|saying|thinks?|thought|feels?|felt|find|finds|found|told|asked|asking|mentioned|agrees?|agreed|wants?|wanted|knows?|knew|remembers?|wonders?|hates?|hated|loves?|loved|likes?|liked|deserves?|sure|keen|emailed|called|rang|wrote|noticed|complain\\w*|opinions?|talk|talked|discussed|struggl\\w*|dread\\w*)";
const PERSON_SENTENCE = new RegExp(`${SENTENCE_LEAD}(?:(?:i|we|you|he|she|they|someone|somebody|anyone|anybody|everyone|everybody|nobody|no one|people)\\b(?!\\s*(?:page|screen|view|portal|app|list|table|report|field|tab|module|form)s?\\b)|(?:(?:the|our|my|their|his|her|your|a|an|one|some|several|many|most|all|other|another|these|those|a few|a couple of|a lot of|two|three|four|five|\\d+)\\s+(?:[\\w'’&-]+\\s+){0,2}?|[\\w'’&-]+\\s+)?(?:${PERSON_NOUN}|${PEOPLE_ROLE}|${PEOPLE_STATE_WORD})\\b(?!\\s*(?:page|screen|view|portal|app|list|table|report|field|tab|module|form|email|e-mail|record|account|data|export|import|file|id|number|name)s?\\b)|(?:(?:the|our|my|their|his|her|your|some|several|many|most|all)\\s+(?:[\\w'’&-]+\\s+){0,2}?)?${AGENT}(?:\\s+(?:at|in|from|of)\\s+[\\w'’&-]+)?\\s+${PEOPLE_DO}\\b)`, "i");
/** Someone named, a capitalised name, before what people do ("Sue thinks", "Jen wasn't sure"): read with its case. */
const NAMED_SENTENCE = new RegExp(`^[\\s\\W]*(?:(?:And|But|So|Also|Honestly|Basically|Anyway)\\b[\\s,]*)?(?!(?:It|This|That|There|Which|What|The|A|An|Would|Could|Should|Will|Can|May|Might|Must|Do|Does|Did|Is|Are|Was|Were|Has|Have|Had|Please|Just|Really|Still|Also|Now|Then)\\b)[A-Z][a-z][\\w'’-]*(?:\\s+[A-Z][a-z][\\w'’-]*)?\\s+${PEOPLE_DO}\\b`);

/**
 * A failure told with nothing named, so that nothing is seen (twentieth pass, bands: useless reports of read-12, -13,
 * -14 and -17 at 44-77%):
 * - an unnamed thing doing "it" again, or happening again ("is the stock thing doing it again", "The pass thing is
 *   happening again", "it's doing that again"), in the past tense too ("the thing did it again"), or doing "that
 *   (same) thing" again whatever its subject ("the tablet app was doing that thing again": the thing is the unnamed
 *   part; twentieth pass, h-bands5: bands-read-10, -13 and -18), or the thing of some earlier time or meeting ("the thing
 *   from before", "the thing from yesterday", "the thing from standup"; the last two twenty-second pass: bands-read-2, -4,
 *   -6, -9, -19 and -20). "did the export again" names what was done; "did that thing work again" asks whether it works;
 * - something "off", with nothing named it is off from ("possibly something off with deposits", "something seems off"), not
 *   a phrasal verb's ("turns something off");
 * - a behaviour pointed at, not told ("is it meant to behave like this", "supposed to work like this?", "why is it like
 *   this");
 * - a hedge of whether there is a failure at all ("Might be nothing", "Possible issue with deposits?");
 * - a title that names its subject only as a thing ("Lift pass scanner thing", "the login thing").
 * - an unnamed thing judged broken again, with nothing seen ("booking thing is broken again", "is the thing broken
 *   again", "the door thing is being weird again"; twenty-second pass: bands-read-4, -14 and -20). "The thing is broken
 *   again: the totals read 0" names what is seen after it, which the other readers keep.
 * "The export is doing it again: the totals are 0" names what is seen after it, which the other readers keep; "This
 * happens again when I save" names no unnamed thing, "something happened to the import" is no hedge.
 */
export const VAGUE_FAILURE = /\b(?:(?:the|that|this)\s+(?:[\w-]+\s+){0,2}?thing|it|this|that)(?:['’]s|\s+is|\s+was|\s+has\s+been|\s+keeps)?\s+(?:(?:doing|did|does)\s+(?:it|that|this)|happening|playing\s+up|acting\s+up)\s+again\b|\b(?:doing|did|does)\s+(?:that|the|this)\s+(?:same\s+)?thing\s+again\b|\bthe\s+(?:same\s+)?thing\s+from\s+(?:before|yesterday|earlier|(?:(?:the|this|last|yesterday['’]s|today['’]s|monday['’]?s?|tuesday['’]?s?|wednesday['’]?s?|thursday['’]?s?|friday['’]?s?)\s+)?(?:time|week|month|weekend|sprint|morning|night|standup|stand-up|meeting|call|sync))\b|(?:^|[,;:.!?(]|\b(?:possibly|maybe|perhaps|probably|definitely|clearly|just|but|and|think|feel|guess|there['’]?s|there\s+is))\s*something\s+(?:(?:seems|feels|looks|is)\s+)?(?:a\s+(?:bit|little)\s+)?off\b(?!\s+(?:the|a|an|by|from)\b)|\b(?:meant|supposed)\s+to\s+(?:work|behave|be|look)\s+like\s+(?:this|that)\b|\bwhy\s+is\s+it\s+like\s+(?:this|that)\b|\b(?:might|may|could)\s+(?:just\s+|well\s+)?be\s+nothing\b|^\W*possible\s+(?:issue|problem|bug|glitch)s?\s+(?:with|in|on)\s+[^.!?\n]{1,40}\?\s*$|^\W*(?:the\s+)?(?:[\w-]+\s+){1,3}thing\W*$|(?:\b(?:the|that|this)\s+|^\W*)(?:[\w-]+\s+){0,3}?thing(?:['’]s|\s+is|\s+was|\s+has\s+been|\s+keeps)?\s+(?:being\s+)?(?:broken|weird|acting\s+weird|not\s+working|messed\s+up)\s+again\b/i;

/**
 * A question that asks people to meet or talk, opened by its auxiliary, maybe after a greeting: "Hi, could we set up a
 * call with whoever looks after the reminders?", "can we hop on a call about it", "Can we discuss the statements?",
 * "could someone find 20 mins in the diary". Its subject is people and its act theirs (twentieth pass, bands: meeting
 * requests of three authors). A question that asks for a behaviour ("Could you make the sidebar keep its width?", "Can
 * we have an option to ...") is a request, and is not read here.
 */
const MEETING_ASKED = String.raw`^[\s\W]*(?:(?:hi|hey|hello)\b(?:\s+(?:all|team|everyone))?[\s,!]*)?(?:can|could|would|shall|should)\s+(?:we|i|you|someone|somebody|anyone|anybody)\s+`;
const MEETING_QUESTION = new RegExp(String.raw`${MEETING_ASKED}(?:(?:just|quickly|maybe|please|briefly)\s+)?(?:discuss|talk|meet|chat)\b|${MEETING_ASKED}(?:[\w'’-]+\s+){0,6}?(?:(?:a|an)\s+(?:quick\s+|short\s+|brief\s+)?(?:call|meeting|chat|catch-?up|conversation)|(?:the|my|your|our)\s+(?:diary|calendar))(?=\s*(?:$|[?.!,;]|(?:with|about|re|to|for|on|this|next|at|sometime|tomorrow|today|whenever)\b))`, "i");

/**
 * Whether a sentence is about people (`PERSON_SENTENCE`): its subject, at its start, is a person, people or their state;
 * or it asks people to meet or talk (`MEETING_QUESTION`).
 */
export function aboutPeopleSentence(sentence: string): boolean {
  return PERSON_SENTENCE.test(sentence) || NAMED_SENTENCE.test(sentence) || MEETING_QUESTION.test(sentence);
}

/**
 * A title that is itself about people: a question that asks people to meet or talk (`MEETING_QUESTION`: "Can we discuss
 * the vaccination reminders?"), a meeting about something ("Meeting re pension statements", "Call about the rota"), or a
 * person telling ("Customer says the website ate her booking"). Its verbs are what people do (discuss, meet, say), and
 * what it tells is hearsay: no act of the program it names (twentieth pass, bands). "Customers can't pay by card" tells
 * the program's failure; "Meeting room booking shows the wrong floor" names a program's thing.
 */
const PEOPLE_TITLE = new RegExp(`^[\\s\\W]*(?:(?:meeting|call|chat|catch-?up|discussion)\\s+(?:re|about|regarding)\\b|(?:(?:the|a|an|one|our|my|some|several)\\s+)?(?:${PERSON_NOUN}|${PEOPLE_ROLE})\\s+(?:says?|said|thinks?|told|claims?|mentioned)\\b)`, "i");
export function peopleTitle(summary: string): boolean {
  return PEOPLE_TITLE.test(summary) || MEETING_QUESTION.test(summary);
}

/**
 * People as the subject right before a read ("and we should probably have ...", "customer sentiment has been ...",
 * "the board is asking ..."): what follows is theirs to do, feel or want, not the program's.
 */
const PERSON_RIGHT_BEFORE = new RegExp(`(?:^|[^\\w'’])(?:i|we|you|they|he|she|${PERSON_NOUN}|${PEOPLE_ROLE}|${PEOPLE_STATE_WORD})(?:['’](?:d|ll|re|ve|m))?\\s+(?:(?:[a-z]+ly|really|also|all|just|still|now|even|too|both|already)\\s+)*$`, "i");
export function personRightBefore(before: string): boolean {
  return PERSON_RIGHT_BEFORE.test(before.slice(-60));
}
