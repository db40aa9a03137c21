// Issue 44, point 2, on tickets authors who never saw the code wrote with the band a product owner puts them in
// (bands*.json, schema and check in lib/scoring/band-tickets.ts): every useless report at 40% or less; every
// written-out report at 80% or more, in whichever layout, and with none of the five "missing" findings; every report
// that states its failure above the one that names nothing of the same failure; every task whose reason is a cause or
// consequence clause without "task.no_reason"; every story whose vague word its acceptance criteria measure without
// the vague-term finding on that word.
//
// Each file is checked through `inBand`, the check `npm run bench:bands` prints. A band every ticket of a file reaches
// is asserted ticket by ticket (a band holds for all of them, not for a share); a band a file does not reach in full
// holds a floor equal to the count reached, so it cannot slip back. bands-unread.json is measured, never read: it is
// held at its counts only, and its tickets are never named here (docs/decisions.md, "Bug bands, second pass").
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type Band, type BandTicket, inBand, readBandTickets, ticketOf, vagueWord } from "../../band-tickets";
import type { ScoringResult } from "../../types";
import { scoreTicket } from "../engine";

const BANDS: Exclude<Band, "names_nothing">[] = ["useless", "written_out", "states_failure", "task", "story"];

/**
 * Per file, the bands not reached in full and the count each holds (the figures of `npm run bench:bands` when this
 * was written). A band not listed here is reached by every ticket of the file. A file not listed at all is asserted
 * in full.
 */
const FLOORS: Record<string, Partial<Record<Band, number>>> = {
  // The second pass's unread set, read in the third pass (docs/decisions.md, "Bug bands, third pass"): 85/85 since the
  // eighth, every ticket held in its band (no floor).
  // A sixth author's, measured only in the third pass (bands-unread.json then), read in the fourth
  // (docs/decisions.md, "Bug bands, fourth pass").
  "bands-read-4.json": { written_out: 28 },
  // A seventh author's, measured only in the fourth pass (bands-unread.json then; 61/85 at that session's start,
  // 67/85 at its end), read in the fifth; 81/85 in the thirteenth (a report that only judges its failure, told with
  // callers and moods, names nothing: every useless ticket in band).
  // Twentieth pass (h-sr4: several actions a user does, told in one sentence): written out 28 -> 29.
  "bands-read-5.json": { written_out: 29, states_failure: 13 },
  // An eighth author's, measured only in the fifth and sixth passes (bands-unread.json then; 69/85 throughout), read in
  // the seventh (docs/decisions.md, "Bug bands, seventh pass").
  "bands-read-6.json": { states_failure: 12 },
  // A ninth author's, written for the seventh pass and measured only there (bands-unread.json then; 66/85 when added,
  // 68/85 at that pass's end), read in the eighth: 85/85, so every ticket is held in its band (no floor).
  // A tenth author's, written for the eighth pass and measured only there (bands-unread.json then; 61/85 when added and
  // at that pass's end), read in the ninth (docs/decisions.md, "Bug bands, ninth pass"): 61 -> 65/85; read again in the
  // twelfth (read-8, then read-11's readings): 66 -> 76/85, every pair in band (no floor for them).
  // Eighteenth pass (people): 77 -> 78/85 ("the client feels the portal isn't ..." a feeling, judged).
  // Nineteenth pass (nothing to look at: feelings, meetings, hearsay and pleas with no page, value, step or version): useless 20 -> 24.
  // Twentieth pass (h-bands3: a title or a sentence about people, put as a question to people, a meeting or a telling): useless 24 -> 25.
  "bands-read-8.json": { written_out: 28 },
  // An eleventh author's, written for the ninth pass and measured only there (bands-unread.json then; 55/85 when added,
  // 58/85 at that pass's end), read in the tenth: 58 -> 75/85, every pair in band (no floor for them); in the twelfth,
  // 75 -> 80/85 (a query with what it returns read as the way there; a pasted chat's heads and sounds of talk no account;
  // people who can never find anything name no failure; "blocking everything" names nothing it blocks; a plea to fix it
  // is no account).
  // Nineteenth pass (nothing to look at: feelings, meetings, hearsay and pleas with no page, value, step or version): useless 22 -> 23.
  // Twentieth pass (h-bands3: "Problem after update", a title's last word after a preposition, is no act): useless 23 -> 24.
  "bands-read-9.json": { useless: 24, written_out: 28 },
  // A twelfth author's, written for the tenth pass and measured only there (bands-unread.json then; 64/85 when added and
  // at that pass's end), read in the eleventh: 64 -> 70/85; 74/85 after the twelfth pass's readings.
  // Nineteenth pass (nothing to look at: feelings, meetings, hearsay and pleas with no page, value, step or version): useless 21 -> 22.
  // Twentieth pass (h-sr4: several actions a user does, told in one sentence): written out 26 -> 27.
  "bands-read-10.json": { useless: 22, written_out: 27, states_failure: 13 },
  // A thirteenth author's, written for the eleventh pass and measured only there (bands-unread.json then; 67/85 when
  // added, 68/85 at that pass's end and at the twelfth's start), read in the twelfth (read-11): 68 -> 76/85.
  "bands-read-11.json": { written_out: 21 },
  // A fourteenth author's, written for the twelfth pass and measured only there (bands-unread.json then; 57/85 on the
  // code at that session's start, 60/85 when added and at its end, and at the thirteenth pass's start), read in the
  // thirteenth: 60 -> 64/85 (a quality asked for as a comparative names no result to check), 65 ("How to get there:",
  // "Who is hurt:" as labels), 67 ("the brewery reports are ..." a plural noun, "tried twice" the reporter's tries), 68
  // (a chat's names heading its lines without times), 69 ("slow-ish?" a guess, "not sure what about" no request), 70
  // ("**Environment** – ..." a section), 71 ("This matters because ..." the impact), 72 ("not what I expected" a
  // disappointment), 73 (a complaint's asides: "someone who has never been ...", "Anyway I ...", "someone needs to ...").
  // Eighteenth pass (people): 73 -> 75/85 ("but it's not great either", "but it doesn't feel like ..." judged).
  // Nineteenth pass (nothing to look at: feelings, meetings, hearsay and pleas with no page, value, step or version): useless 19 -> 20.
  // Twentieth pass (h-bands3: a title or a sentence about people, put as a question to people, a meeting or a telling): useless 20 -> 22.
  // Twentieth pass (h-vague: a failure told with nothing named, "is the stock thing doing it again"): useless 22 -> 23.
  "bands-read-12.json": { useless: 23, written_out: 26 },
  // A fifteenth author's, written for the thirteenth pass and measured only there and in the fourteenth (69/85 on the
  // code at the thirteenth's start, eb022ef, when added, and at the fifteenth's start); read in the fifteenth (read-13):
  // 69 -> 70/85 ("but the page just feels sluggish" an impression), 71 ("having trouble with your system" a judged
  // failure), 72 ("log a ticket anyway" after a chat line's head), 73 ("was a nightmare" judged, "someone to contact me"
  // no expectation), 74 ("I don't have time", "it didn't help that"), 75 ("You can see it on any room:" opens the steps;
  // every written-out ticket in band), 76 (a story sentence in the description whose role opens on "someone" is a story:
  // every story in band).
  // Eighteenth pass (people): 76 -> 77/85 ("didn't go as smoothly as we'd have liked" a wish not met, "However we ..."
  // a person's clause).
  // Twentieth pass (h-bands3: "weather hold stuff", a compound's middle word, is no act): useless 17 -> 18.
  // Twentieth pass (h-vague: a hedge of whether there is a failure, a behaviour pointed at, "like this"): useless 18 -> 20.
  "bands-read-13.json": { useless: 20 },
  // The sixteenth author's, written for the fifteenth pass and measured only there (60/85 on the code at that session's
  // start, 37dfb83, and at its end); read in the sixteenth (read-14): 60 -> 61/85 ("we've lost" what the failure costs),
  // 62 ("Please make this a priority" sets nothing off), 63 (a title asking only for "more robust" states no end state),
  // 64 ("should make it easier" no expectation; "isn't very helpful" judged), 65 ("We should rethink ..." the team's),
  // 66 ("we need to sort the X thing out" the team's too); in the seventeenth's second half 67 ("The contract says to
  // round up ..." the rule it should follow, an expected result), 68 ("8-character numbers print completely" a case that
  // works).
  // Eighteenth pass (people): 68 -> 69/85 ("we know it isn't easy" judged, "However we do feel" a person's clause).
  // Nineteenth pass (nothing to look at: feelings, meetings, hearsay and pleas with no page, value, step or version): useless 14 -> 17.
  // Twentieth pass (h-bands3: "Accessibility for shows" names no act): every pair in band (no floor for them).
  // Twentieth pass (h-vague: a title that names its subject only as a thing, "... scanner thing"): useless 17 -> 18.
  // Twenty-second pass (h-bands7): useless 18 -> 19 (a task filed as research over a description that names nothing).
  "bands-read-14.json": { useless: 19, written_out: 26 },
  // A seventeenth author's, written for the sixteenth pass (domains none of the others wrote: bike sharing, dental
  // practices, breweries, court case files, marinas, blood banks, choirs, tide gauges, ...) and measured only there
  // (bands-unread.json then; 70/85 on the code at that session's start, 0bd503e, when added and at its end: useless
  // 16/25, written out 26/30, pairs 13/15); read in the seventeenth (read-16): 70 -> 71/85 (a bracketed aside before "see
  // it ... by V-ing"), 73 ("...; the booking in the calendar is correct", "correctly says" a case that works), 74 ("have not
  // been right" judged), 75 ("causing a lot of frustration" judged), 76 ("we need to take a proper look at" the team's,
  // "people keep bringing it up" who told it); every pair in band. Moved within useless: "Every time I open X I dread it"
  // no trigger, "should probably rethink it" no done condition, "Anyway it would be great to get this sorted" nothing,
  // "Please look at the X" as a title no request. 77 in the seventeenth's second half ("isn't where it should be" judged,
  // with no expectation; "I'd rather not single anything out" the reporter's own act declined, no wish), 78 ("reproduced it
  // on X (v) with two Y, both V-ing ... and V-ing ..." the way there). Moved within useless: "I don't even know where to
  // start" the reporter's, no failure (useless-25 67 -> 46).
  // Nineteenth pass (nothing to look at: feelings, meetings, hearsay and pleas with no page, value, step or version): useless 19 -> 24.
  // Twentieth pass (h-sr4: several actions a user does, told in one sentence): written out 29 -> 30.
  "bands-read-15.json": { useless: 24, written_out: 30 },
  // An eighteenth author's, written for the seventeenth pass (domains none of the others wrote: climbing gyms, municipal
  // waste collection, a translation agency, laundry pickup, escape rooms, bakery wholesale, driving schools, pet
  // grooming) and measured only there (bands-unread.json then; 66/85 on the code at that session's start, 2e46af3, when
  // added and at its end: useless 15/25, written out 24/30, pairs 12/15); read in the eighteenth.
  // Eighteenth pass (bands16): 66 -> 84/85. Useless 15 -> 24 (the product called slow with nothing after it, people stuck
  // with no place, "this keeps happening", "anymore" after a judgement, a quote of people's liking, "make it work like
  // before", "before it was better", hearsay from a body, a failure feared, "Please prioritise!!" over "unacceptable that
  // nothing happens": all judged, unseen or no result; useless-19, a crash told, left); written out 24 -> 30 ("hits our biggest customers" and a
  // "5. Impact:" item say who is hurt; "repro by V-ing", a scene with a version, "anyone can see it ...:", a person of
  // the service acting in a numbered item: the way there); the written-out tickets and the pairs are in band in full
  // (30/30, 15/15), so they are held ticket by ticket and have no floor.
  // Nineteenth pass: 85/85, every ticket held in its band (no floor): useless-19, a crash told with nothing that says
  // where or when it happens, is nothing to size from.
  // A nineteenth author's, written for the eighteenth pass (domains none of the others wrote: a ferry operator, a vet
  // clinic, a public library, a solar installer, a wedding marketplace, car sharing, a music school, a hospital pharmacy,
  // a ski resort, a coworking space) and measured only there (bands-unread.json then; 74/85 on the code at that session's
  // start, 6bf4c5d, when added: useless 19/25, written out 26/30, pairs 14/15; 75/85 at its end) and through the
  // nineteenth, whose readers were built from the other sets; to be read in the twentieth.
  // Nineteenth pass, measured only: 75 -> 76/85 with the reading of a ticket that names nothing to look at (useless 20
  // -> 21), held at the new counts.
  // Read in the twentieth (h-bands3): useless 21 -> 22 (a title that tells what a customer says, a lady's hearsay).
  // Twentieth pass (h-vague: "the pass thing is happening again", a thing never named): useless 22 -> 23; (h-sr4: several
  // acts a user does, told in one sentence): written out 26 -> 27.
  "bands-read-17.json": { useless: 23, written_out: 27, states_failure: 14 },
  // A twentieth author's, written for the nineteenth pass (ten domains, all but the driving school new to the sets: dental clinic booking, a
  // parking garage app, food-truck ordering, council bin collection, freight dispatch, hotel housekeeping, a
  // language-learning app, a florist webshop, a driving school, a tenant portal; ten of its useless tickets untyped) and
  // measured only: held at each band's count (61/85 on the code at the session's start, 33fb663, when added: useless
  // 7/25, written out 25/30, pairs 14/15).
  // At the pass's end: 64/85 (useless 7 -> 10, the reading of a ticket that names nothing to look at); held there.
  // Twentieth pass (h-bands3, measured only): 65/85 (useless 10 -> 11, a title or a sentence about people); held there.
  // Held out through the twentieth pass's first two rounds too (their readers were built from the other sets), then read
  // in its third (h-bands4): 67/85 (useless 11 -> 13, a chat app's heads on lines of their own and a template's comments
  // blanked before reading); held there. Then (h-bands5) 68/85: useless 13 -> 14, an unnamed thing "doing that thing
  // again" told as hearsay. Twenty-first pass (h-bands6): 69/85, useless 14 -> 15 (Apple Mail's forward marker blanked).
  // Twenty-second pass (h-bands8): 70/85, written out 25 -> 26 (a person of the service told doing two acts or more).
  "bands-read-18.json": { useless: 15, written_out: 26, states_failure: 14 },
  // A twenty-first author's, written for the twentieth pass (domains: public library lending, a winery's cellar, ski
  // resort lift passes, a veterinary practice, recording studio bookings, gym memberships, museum collections, bike
  // sharing, farm irrigation, meal-kit subscriptions; 15 of its useless tickets typed Bug, 5 untyped, 5 Task) and measured
  // only: 67/85 on the code at that session's start, f68f828, when added (useless 9/25, written out 30/30, pairs 13/15),
  // and at its end; held at each band's count. Read in the twenty-first pass as bands-read-19.json: (h-bands6) 71/85,
  // useless 9 -> 12 (a mail program's signature, "still happening" with nothing named, a title "- see attached"), pairs
  // 13 -> 14 (a ticket filed "so it's on someone's list" gives no reason).
  "bands-read-19.json": { useless: 12, states_failure: 14 },
  // A twenty-second author's, written for the twenty-first pass (domains: escape-room booking, hotel housekeeping, a
  // tenant portal, a language-learning app, laundromat machines, municipal waste collection, a food bank, esports
  // tournaments, campground reservations, a web-to-print shop; three of them an earlier author's too, in other words)
  // and measured only: 64/85 on the code at that session's start, b413066, when added (useless 14/25, written out
  // 25/30, pairs 10/15), and at its end; held at each band's count. Read in the twenty-second pass as bands-read-20.json:
  // (h-bands7) 68/85, useless 14 -> 18 (a task filed as research that names nothing, the ticket itself asked for in a
  // pasted chat, "the thing from yesterday", an unnamed thing "broken AGAIN"); (h-bands8) 70/85, written out 25 -> 27
  // (gerunds joined as the subject after a scene closed by a comma; a person of the service told doing two acts or more).
  "bands-read-20.json": { useless: 18, written_out: 27, states_failure: 10 },
  // A twenty-third author's, written for the twenty-second pass (domains: apiary records, piano tuners' field service,
  // curling leagues, tattoo studio bookings, a bouldering gym, sign-language interpreter booking, chimney sweeps,
  // tailoring and alterations, a hearing-aid clinic, beach lifeguard logs) and measured only: 67/85 on the code at that
  // session's start, 57e3ff1, when added (useless 15/25, written out 26/30, pairs 12/15, tasks 9/10); held at each band's count.
  "bands-unread.json": { useless: 15, written_out: 26, states_failure: 12, task: 9 },
};
const UNREAD = "bands-unread.json";

const FILES = fs.readdirSync(__dirname).filter((f) => /^bands.*\.json$/.test(f)).sort();

function scorer(): (t: BandTicket) => ScoringResult {
  const cache = new Map<string, ScoringResult>();
  return (t) => {
    let r = cache.get(t.id);
    if (!r) cache.set(t.id, (r = scoreTicket(ticketOf(t))));
    return r;
  };
}

describe("band tickets", () => {
  it("holds the files read to fix from and the tuned set", () => {
    for (const f of ["bands.json", "bands-read-1.json", "bands-read-2.json"]) expect(FILES, f).toContain(f);
  });

  for (const file of FILES) {
    const tickets = readBandTickets(path.join(__dirname, file));
    const score = scorer();
    const floors = FLOORS[file] ?? {};

    describe(file, () => {
      it("holds the tickets the brief asked for, each once", () => {
        const count = (b: Band) => tickets.filter((t) => t.band === b).length;
        expect([count("useless"), count("written_out"), count("states_failure"), count("names_nothing"), count("task"), count("story")])
          .toEqual([25, 30, 15, 15, 10, 5]);
        expect(new Set(tickets.map((t) => t.id)).size).toBe(tickets.length);
      });

      for (const band of BANDS) {
        const of = tickets.filter((t) => t.band === band);
        const floor = floors[band];
        if (floor === undefined && file !== UNREAD) {
          it.each(of.map((t) => [t.id, t] as const))(`${band} %s is in its band`, (_id, t) => {
            const v = inBand(t, score, tickets)!;
            expect(v.ok, `${t.summary}: ${v.said}`).toBe(true);
          });
        } else {
          it(`${band}: at least ${floor ?? of.length} of ${of.length} in band`, () => {
            const kept = of.filter((t) => inBand(t, score, tickets)!.ok).length;
            // The unread file's tickets are not named: its count is all a failure shows.
            expect(kept).toBeGreaterThanOrEqual(floor ?? of.length);
          });
        }
      }
    });
  }

  it("still flags a story's vague word when the description has no criteria to measure it", () => {
    // The control: the read files' and the tuned set's summaries with the criteria taken away keep their finding, so
    // the story band reads a change.
    for (const file of FILES.filter((f) => f !== UNREAD)) {
      for (const t of readBandTickets(path.join(__dirname, file)).filter((x) => x.band === "story")) {
        const word = vagueWord(t);
        expect(word && t.summary.toLowerCase().includes(word), t.id).toBe(true);
        const bare = scoreTicket({ summary: t.summary, description: "" });
        expect(bare.findings.some((f) => f.code === "unambiguous.vague_term" && f.message.toLowerCase().includes(`"${word}"`)), `${file} ${t.summary}`).toBe(true);
      }
    }
  });
});
