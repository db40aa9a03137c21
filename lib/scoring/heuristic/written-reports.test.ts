// Held-out checks of the bug readers (issue 44): each `written-reports/*.jsonl` is a corpus of bug reports written for
// this repository in the manner of a tracker the shared data does not cover, each labelled for whether it states the
// observed behaviour (has_ob), the expected behaviour (has_eb) and steps to reproduce (has_sr), by the definitions of
// Chaparro et al. 2017 (lib/scoring/README.md, "Bug reports in the words people write"; docs/decisions.md, "Bug
// readers, fourth pass"). Every report is scored as a Bug the way `npm run bench:bugs` does, and the agreement of
// bug.no_expected_result, bug.no_steps and bug.no_actual_result with "labelled missing" must stay at its floor.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createEngine } from "@/lib/scoring";
import { readLabelledReports } from "@/lib/scoring/labelled-reports";

/**
 * Floors per file, each 0.02 below what the readers reached when it was set (firefox.jsonl, fourth pass: missing-EB
 * F1 0.933, missing-S2R F1 0.826, missing-OB kappa 0.660; `npm run bench:bugs -- --written` prints every file's
 * figures). A file without floors fails: set them when adding one.
 */
const FLOORS: Record<string, { ebF1: number; srF1: number; obKappa: number }> = {
  "firefox.jsonl": { ebF1: 0.927, srF1: 0.852, obKappa: 0.64 },
  "httpd.jsonl": { ebF1: 0.958, srF1: 0.918, obKappa: 0.928 },
  // Written by three more writers who read none of the code (docs/decisions.md, "Bug readers, fourth pass: reports
  // written by writers who read no code"): read-1 and read-2 were read and the readers fixed from what they showed;
  // read-3 was the fourth pass's unread set, read in the fifth pass (docs/decisions.md, "Bug readers, fifth pass").
  // read-4 was written for the fifth pass by a fourth writer and kept unread there; read in the sixth pass.
  // unread-* (when present) are never read: they measure how the readers carry to reports nobody fitted them to.
  // Keep them unread; add a new set to read instead.
  // The EB floors raised in the nineteenth pass (expected results across writers, helper "eb"; new EB F1 less 0.02, where
  // that is above the old floor): another variant fronted and told working with its own verb ("In 131 they were
  // colored"), two values by the same verb ("3.5 gives 320, trunk gives 0"), and no case that works read in a workaround
  // ("works around it", "when I restart it it works again"), in a step's failure "as expected", or in a thing that does
  // not exist on a place.
  // The EB floors of read-2 httpd, read-3 (both) and read-11 Firefox raised in the eighteenth pass (expected results
  // across writers, a helper): another variant as the subject of "works", "is fine" or a failure negated ("prefork does
  // not crash.", "Java 8 works, 2.2.x works.") is read as a case that works (new EB F1 less 0.02). With it, the EB
  // floors of read-2 Firefox, read-8 Firefox and read-9 httpd: the same measure under two versions, each with its figure
  // ("Fx 3.0.11: 180ms, Fx 3.5: 1900ms"), is a case that works told in numbers. The OB floor of read-2 Firefox raised
  // after it (observed behaviour across writers, a helper): the same two figures tell what happens, the failing one a
  // wrong value (OB kappa 0.375 -> 0.410). With it, the OB floors of read-1 and read-2 httpd: a verb of making, listing or
  // setting with a number, a code or a path as its object within three words is what happens (OB kappa 0.659 -> 0.702,
  // 0.586 -> 0.627).
  // The S2R floors of firefox, read-1, read-9 and read-10 Firefox raised in the nineteenth pass (steps across writers, a
  // helper): a steps section that holds one action done to a thing not named or to the program itself ("Downloaded a
  // file.", "use firefox") is the trigger, not steps (new S2R F1 less 0.02: 0.864 -> 0.872, 0.818 -> 0.844, 0.732 ->
  // 0.747, 0.795 -> 0.809). With it, the S2R floors of read-8 and read-11 Firefox: an action told after the failure
  // with what came of it as a mend tried ("I clicked restart many times, same thing", "i cleared cookies and cache already
  // doesnt help") is what the reporter tried, not a step (0.872 -> 0.886, 0.753 -> 0.785).
  "read-1-firefox.jsonl": { ebF1: 0.9, srF1: 0.834, obKappa: 0.554 },
  "read-1-httpd.jsonl": { ebF1: 0.913, srF1: 0.789, obKappa: 0.682 },
  "read-2-firefox.jsonl": { ebF1: 0.865, srF1: 0.79, obKappa: 0.39 },
  "read-2-httpd.jsonl": { ebF1: 0.841, srF1: 0.681, obKappa: 0.607 },
  "read-3-firefox.jsonl": { ebF1: 0.873, srF1: 0.823, obKappa: 0.354 },
  "read-3-httpd.jsonl": { ebF1: 0.876, srF1: 0.77, obKappa: 0.841 },
  "read-4-firefox.jsonl": { ebF1: 0.672, srF1: 0.739, obKappa: 0.536 },
  "read-4-httpd.jsonl": { ebF1: 0.947, srF1: 0.796, obKappa: 0.511 },
  // read-5 was written for the sixth pass by a fifth writer and kept unread there; read in the seventh pass.
  "read-5-firefox.jsonl": { ebF1: 0.879, srF1: 0.696, obKappa: 0.627 },
  // Its floor for EB lowered in the thirteenth pass, by the definition: "Same command with gcc ... works" and "Same build
  // on 11.23 PA-RISC works" are cases that work, which this writer does not count (EB F1 0.973 -> 0.944).
  "read-5-httpd.jsonl": { ebF1: 0.924, srF1: 0.794, obKappa: 0.461 },
  // read-6 was written for the seventh pass by a sixth writer and kept unread there; read in the eighth pass.
  // Its OB floor was lowered in the thirteenth (0.531 -> 0.487): a cleanup's facts about the code are no observed
  // behaviour ("Remove unused pref ...": five of six writers label such reports without one; this writer with one).
  "read-6-firefox.jsonl": { ebF1: 0.841, srF1: 0.71, obKappa: 0.467 },
  "read-6-httpd.jsonl": { ebF1: 0.85, srF1: 0.742, obKappa: 0.562 },
  // read-7 was written for the eighth pass by a seventh writer and kept unread there (its figures when added, at that
  // pass's start and end: EB F1 0.904 / 0.857, S2R F1 0.750 -> 0.761 / 0.881, OB kappa 0.485 / 0.487); read in the ninth
  // (read-7-firefox after it: EB F1 0.943, S2R F1 0.794, OB kappa 0.640).
  // Its floor for EB was lowered twice, by the definition (a case that works is an expected result, which this writer
  // does not count): in the tenth pass ("in Chromium 121 on the same machine it is a smooth 60") and the eleventh
  // ("121 was fine"); docs/decisions.md, "Bug readers, tenth pass" and "eleventh pass".
  "read-7-firefox.jsonl": { ebF1: 0.892, srF1: 0.811, obKappa: 0.62 },
  // read-7-httpd read in the ninth pass: EB F1 0.857 -> 0.900, S2R F1 0.881 -> 0.912, OB kappa 0.487 -> 0.723.
  "read-7-httpd.jsonl": { ebF1: 0.88, srF1: 0.892, obKappa: 0.703 },
  // read-8 was written for the ninth pass by an eighth writer and kept unread there (its figures when added and at that
  // pass's end: EB F1 0.833 / 0.818 -> 0.831, S2R F1 0.800 / 0.899, OB kappa 0.499 / 0.541); read in the tenth (after
  // it: EB F1 0.886 / 0.862, S2R F1 0.872 / 0.943, OB kappa 0.671 / 0.586).
  "read-8-firefox.jsonl": { ebF1: 0.879, srF1: 0.866, obKappa: 0.651 },
  "read-8-httpd.jsonl": { ebF1: 0.842, srF1: 0.923, obKappa: 0.566 },
  // read-9 was written for the tenth pass by a ninth writer and kept unread there (its figures when added and at that
  // pass's end: EB F1 0.775 / 0.857, S2R F1 0.667 / 0.944, OB kappa 0.410 / 0.578); read in the eleventh (after it: EB F1
  // 0.861 / 0.892, S2R F1 0.723 / 0.944, OB kappa 0.491 / 0.751).
  // S2R floor raised in the twentieth pass (h-sr4, several actions told in one sentence: the acts joined to a told
  // setting, "i set X, close the tab and when i reopen ..."): 0.747 -> 0.756 (new F1 less 0.02).
  "read-9-firefox.jsonl": { ebF1: 0.857, srF1: 0.736, obKappa: 0.471 },
  "read-9-httpd.jsonl": { ebF1: 0.897, srF1: 0.924, obKappa: 0.731 },
  // read-10 was written for the eleventh pass by a tenth writer and kept unread there (its figures when added and at
  // that pass's end, unchanged at the twelfth pass's start: EB F1 0.838 / 0.895, S2R F1 0.750 / 0.829, OB kappa 0.582 /
  // 0.397); read in the twelfth (after it: EB F1 0.901 / 0.946, S2R F1 0.795 / 0.899, OB kappa 0.803 / 0.803).
  "read-10-firefox.jsonl": { ebF1: 0.894, srF1: 0.789, obKappa: 0.783 },
  "read-10-httpd.jsonl": { ebF1: 0.952, srF1: 0.879, obKappa: 0.783 },
  // read-11 was written for the twelfth pass by an eleventh writer and kept unread there (on the code at that session's
  // start: EB F1 0.841 / 0.812, S2R F1 0.759 / 0.912, OB kappa 0.541 / 0.379; at its end and at the thirteenth pass's
  // start the same but Firefox S2R F1 0.769); read in the thirteenth (after it: EB F1 0.870 / 0.928, S2R F1 0.769 /
  // 0.957, OB kappa 0.625 / 0.780; the Firefox writer counts a case that works as the expected result and a code test case
  // as steps, which the researchers' labels mostly do not: docs/decisions.md, "Bug readers, thirteenth pass").
  "read-11-firefox.jsonl": { ebF1: 0.903, srF1: 0.775, obKappa: 0.605 },
  // Its httpd S2R floor was lowered in the fifteenth pass (0.937 -> 0.905), by the definition: u11h-074 gives one line of
  // configuration (AuthLDAPURL with two hosts) and what sets the failure off ("When dc1 is rebooted ..."), which is the
  // way there (the thirteenth writer counts the same case as steps, u13h-010); this writer judges the failover not
  // repeatable from the text. u11h-008 moved with it in that pass (three directives written inside a sentence).
  "read-11-httpd.jsonl": { ebF1: 0.923, srF1: 0.905, obKappa: 0.76 },
  // read-12 was written for the thirteenth pass by a twelfth writer and kept unread there and in the fourteenth (on the
  // code at the thirteenth's start, eb022ef, and when added: EB F1 0.870 / 0.870, S2R F1 0.828 / 0.857, OB kappa 0.219 /
  // 0.687; at the fourteenth's end, after the changes for a tracker's forms: EB F1 0.870 / 0.853, S2R F1 0.842 / 0.857, OB
  // kappa the same). Two of its reports were seen at the thirteenth's end (u12f-031, u12f-046). Read at the fourteenth's
  // end (after it: EB F1 0.886 / 0.901, S2R F1 0.873 / 0.897, OB kappa 0.286 / 0.687; docs/decisions.md, "Bug readers,
  // fourteenth pass").
  "read-12-firefox.jsonl": { ebF1: 0.879, srF1: 0.853, obKappa: 0.266 },
  "read-12-httpd.jsonl": { ebF1: 0.881, srF1: 0.877, obKappa: 0.667 },
  // read-13 was written for the fourteenth pass by a thirteenth writer, about a third of them in the forms text takes
  // today (Markdown as bugzilla.mozilla.org renders it, pasted GitHub and Jira issues, mail quotes, exports without blank
  // lines or line breaks, lower case, hard wraps, CRLF), and kept unread there (on the code at that session's start,
  // 1086dbc -> its end: EB F1 0.760 / 0.691, S2R F1 0.458 / 0.604 -> 0.615, OB kappa 0.475 / 0.496; this writer counts
  // steps in 64 of 80 Firefox reports, where the twelfth counted 53); read in the fifteenth (after it: EB F1 0.884 / 0.800,
  // S2R F1 0.588 / 0.708, OB kappa 0.556 / 0.674; what is left is mostly this writer's conventions: one action or one
  // directive counted as steps, a case that works not counted; docs/decisions.md, "Bug readers, fifteenth pass").
  "read-13-firefox.jsonl": { ebF1: 0.889, srF1: 0.568, obKappa: 0.536 },
  "read-13-httpd.jsonl": { ebF1: 0.804, srF1: 0.688, obKappa: 0.654 },
  // read-14 was written for the fifteenth pass by a fourteenth writer, as the trackers held reports in 2004-2016 (the old
  // Bugzilla form, 1.3 to 2.4 httpd), a quarter in the shapes an export leaves, about half without an expected result or
  // steps as real trackers are; held out through the pass's first half (on the code at its start, 37dfb83, and after the
  // first half: EB F1 0.761 / 0.817, S2R F1 0.825 / 0.889, OB kappa 0.547 / 0.323; this writer counts one action as
  // steps and a case that works as no expected result, both unlike the definitions here); read in its second half (after
  // it: EB F1 0.771 / 0.873, S2R F1 0.864 / 0.919, OB kappa 0.623 / 0.620; docs/decisions.md, "Bug readers, fifteenth
  // pass").
  "read-14-firefox.jsonl": { ebF1: 0.751, srF1: 0.855, obKappa: 0.603 },
  "read-14-httpd.jsonl": { ebF1: 0.869, srF1: 0.899, obKappa: 0.6 },
  // read-15 was written for the fifteenth pass's second half by a fifteenth writer to the same brief and held out there
  // (on the code at that pass's start, 37dfb83, and at its end: EB F1 0.594 / 0.716, S2R F1 0.729 / 0.747, OB kappa
  // 0.579 / 0.616; by its own account this writer counts one action as steps and neither a case that works nor a
  // request as an expected result); read in the sixteenth pass (after it: EB F1 0.603 / 0.735, S2R F1 0.769 / 0.805, OB
  // kappa 0.636 / 0.702; what is left is mostly this writer's conventions; docs/decisions.md, "Bug readers, sixteenth
  // pass"; floors at those less 0.02).
  "read-15-firefox.jsonl": { ebF1: 0.583, srF1: 0.749, obKappa: 0.616 },
  "read-15-httpd.jsonl": { ebF1: 0.715, srF1: 0.785, obKappa: 0.682 },
  // read-16 was written for the sixteenth pass by a sixteenth writer to the same brief (Chaparro et al.'s three
  // definitions, the trackers of 2004-2016, about 60% without an expected result and 55-65% without steps, as real
  // trackers) and kept unread there (on the code at that session's start, 0bd503e, when added and at its end: EB F1 0.915
  // / 0.891, S2R F1 0.851 / 0.816, OB kappa 0.707 / 0.843); read in the seventeenth pass by two helpers and, in its
  // second half, the reports they left read again (after it: EB F1 0.968 / 0.933, S2R F1 0.940 / 0.860, OB kappa 0.787 /
  // 0.916; what is left is mostly this writer's conventions: a case that works or a request not counted, a configuration
  // or a command line not counted as the way there; docs/decisions.md, "Bug readers, seventeenth pass"; floors at those
  // less 0.02).
  "read-16-firefox.jsonl": { ebF1: 0.948, srF1: 0.929, obKappa: 0.767 },
  "read-16-httpd.jsonl": { ebF1: 0.913, srF1: 0.84, obKappa: 0.896 },
  // read-17 was written for the seventeenth pass by a seventeenth writer to the same brief (about a quarter in the shapes
  // an export leaves; observed behaviour labelled on the description alone) and kept unread there (on the code at that
  // session's start, 2e46af3, when added: EB F1 0.929 / 0.891, S2R F1 0.819 / 0.894, OB kappa 0.584 / 0.407; at its end,
  // 6bf4c5d, the same but httpd S2R F1 0.903); read in the eighteenth pass.
  "read-17-firefox.jsonl": { ebF1: 0.969, srF1: 0.851, obKappa: 0.703 }, // the Firefox half read (after it: EB F1 0.979, S2R F1 0.860, OB kappa 0.723; less 0.02); S2R raised in the nineteenth pass (a configure option named, not passed: 0.860 -> 0.871); EB raised in the twentieth (a text quoted as it stands and as it should read: 0.979 -> 0.989)
  // read-17-httpd read in the eighteenth pass by a helper (branch read17-httpd; after it: EB F1 0.933, S2R F1 0.935, OB
  // kappa 0.779; what is left is mostly this writer's conventions: a case that works or a request not counted, a cleanup
  // counted as observed; docs/decisions.md, "The httpd half (a helper, branch `read17-httpd`)"; floors at those less 0.02).
  "read-17-httpd.jsonl": { ebF1: 0.913, srF1: 0.915, obKappa: 0.759 },
  // read-18 was written for the eighteenth pass by an eighteenth writer to the same brief (about a quarter in the shapes an
  // export leaves; 59% / 56% without an expected result, 56% / 60% without steps) and kept unread there (on the code at
  // that session's start, 6bf4c5d, when added: EB F1 0.854 / 0.816, S2R F1 0.830 / 0.949, OB kappa 0.444 / 0.379; at its
  // end, 33fb663: EB F1 0.863 / 0.816, OB kappa 0.444 / 0.417) and through the nineteenth, whose readers were built from
  // read-1 to read-17; to be read in the twentieth. Floors as when added.
  "read-18-firefox.jsonl": { ebF1: 0.834, srF1: 0.834, obKappa: 0.424 },
  "read-18-httpd.jsonl": { ebF1: 0.813, srF1: 0.929, obKappa: 0.359 },
  // read-19 was written for the nineteenth pass by a nineteenth writer to a brief of the same definitions (Chaparro et
  // al.'s three, Firefox's and httpd's Bugzilla of 2004-2024, about a third with steps and half with an expected result,
  // as real trackers; 48% / 46% without an expected result, 66% / 59% without steps, 5% / 5% without observed behaviour)
  // and kept unread there (on the code at that session's start, 33fb663, when added: EB F1 0.812 / 0.857, S2R F1 0.876 /
  // 0.796, OB kappa 0.412 / 0.474; floors at those less 0.02) and through the twentieth's first two rounds, whose readers
  // were built from read-1 to read-18 (after them, EB F1 0.812 / 0.841, the rest the same); read in its third round (a
  // helper, branch `h-read19`: after it, EB F1 0.812 / 0.870; httpd's EB floor raised).
  "read-19-firefox.jsonl": { ebF1: 0.792, srF1: 0.856, obKappa: 0.392 },
  "read-19-httpd.jsonl": { ebF1: 0.85, srF1: 0.776, obKappa: 0.454 },
  // read-20: written for the twentieth pass by a twentieth writer to the same definitions (Bugzilla as filed in 2003-2018: the old
  // form, free prose, configs and logs, crash signatures, packagers' reports; 46% / 48% without an expected result, 41% /
  // 41% without steps, 8% / 8% without observed behaviour; by its own notes it counts one concrete action, a URL to load or
  // a command as steps, and a case that works only where the same action works elsewhere); never read (on the code at
  // the session's start, f68f828, when added, and at its end: EB F1 0.835 / 0.819, S2R F1 0.738 / 0.857, OB kappa 0.459 /
  // 0.707; floors at those less 0.02). Read in the twenty-first pass by two helpers: the httpd half (branch `h-read20h`: a
  // named thing's "used to", a question asking a named part to act, an earlier version's past passive) and the Firefox
  // half (branch `h-read20f`: "same X works in Y", a case that "works as it should", "it didn't do that with <version>",
  // "would be enough", the browser's own log lines, "Test:" opening instructions, a named thing that "is back"); their
  // "used to" readings were two, merged into h-read20h's. After both: EB F1 0.907 / 0.872, S2R F1 0.747 / 0.857, OB kappa 0.512 /
  // 0.707; floors at those less 0.02; with them read-1 httpd's EB 0.923 -> 0.933, read-18 httpd's 0.816 -> 0.833 and read-2
  // httpd's 0.850 -> 0.861, their EB floors raised the same way.
  "read-20-firefox.jsonl": { ebF1: 0.887, srF1: 0.727, obKappa: 0.492 },
  "read-20-httpd.jsonl": { ebF1: 0.852, srF1: 0.837, obKappa: 0.687 },
  // read-21: written for the twenty-first pass by a twenty-first writer to the same definitions (Bugzilla of 2004-2016; about a
  // quarter in the shapes a tracker or an export leaves; 60% / 60% without an expected result, 59% / 58% without steps,
  // 9% / 8% without observed behaviour; by its own notes it counts a single command, curl request or build line as
  // steps but not a lone URL or one configuration line, and a case that works elsewhere only with what should happen);
  // never read there (on the code at that session's start, b413066, when added: EB F1 0.886 / 0.909, S2R F1 0.946 /
  // 0.867, OB kappa 0.749 / 0.820; floors at those less 0.02; at its end EB F1 0.874 / 0.909). Read in the twenty-second pass.
  "read-21-firefox.jsonl": { ebF1: 0.866, srF1: 0.937, obKappa: 0.729 },
  "read-21-httpd.jsonl": { ebF1: 0.889, srF1: 0.847, obKappa: 0.8 },
  // Written for the twenty-second pass by a twenty-second writer to the same definitions (Bugzilla of 2004-2016; about a
  // quarter in the shapes a tracker or an export leaves; 60% / 60% without an expected result, 57.5% / 57.5% without
  // steps, 9% / 9% without observed behaviour; by its own notes it counts a wish in any form and a comparison that says
  // what should happen as an expected result, not "no longer works" nor a client that works only locating the fault, and
  // a config or command as steps only with the request that sets it off); never read (on the code at the session's
  // start, 57e3ff1, when added: EB F1 0.804 / 0.843, S2R F1 0.837 / 0.795, OB kappa 0.709 / 0.367; floors at those less 0.02).
  "unread-firefox.jsonl": { ebF1: 0.784, srF1: 0.817, obKappa: 0.689 },
  "unread-httpd.jsonl": { ebF1: 0.823, srF1: 0.775, obKappa: 0.347 },
};

function f1(predicted: boolean[], actual: boolean[]): number {
  const tp = predicted.filter((p, i) => p && actual[i]).length;
  const flagged = predicted.filter(Boolean).length;
  const missing = actual.filter(Boolean).length;
  return flagged + missing ? (2 * tp) / (flagged + missing) : 0;
}

/** Cohen's kappa of two yes/no labelings. */
function kappa(a: boolean[], b: boolean[]): number {
  const n = a.length;
  const agree = a.filter((x, i) => x === b[i]).length / n;
  const pa = a.filter(Boolean).length / n;
  const pb = b.filter(Boolean).length / n;
  const chance = pa * pb + (1 - pa) * (1 - pb);
  return chance === 1 ? 1 : (agree - chance) / (1 - chance);
}

const dir = path.join(__dirname, "written-reports");
const files = fs.readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort();

describe("written bug reports of trackers the shared data does not cover", () => {
  it("has at least one corpus", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const file of files) {
    it(`${file}: the bug codes agree with the labels at or above the file's floors`, async () => {
      const floors = FLOORS[file];
      expect(floors, `no floors set for ${file}`).toBeDefined();
      const reports = readLabelledReports(path.join(dir, file));
      expect(reports.length).toBeGreaterThanOrEqual(50);
      const engine = createEngine("heuristic");
      const codes: Set<string>[] = [];
      for (const r of reports) {
        const result = await engine.score({ summary: r.title, description: r.description, issue_type: "Bug" });
        codes.push(new Set(result.findings.map((f) => f.code)));
      }
      const fires = (code: string) => codes.map((c) => c.has(code));
      const eb = f1(fires("bug.no_expected_result"), reports.map((r) => !r.has_eb));
      const sr = f1(fires("bug.no_steps"), reports.map((r) => !r.has_sr));
      const ob = kappa(fires("bug.no_actual_result"), reports.map((r) => !r.has_ob));
      expect(eb, "missing-EB F1").toBeGreaterThanOrEqual(floors.ebF1);
      expect(sr, "missing-S2R F1").toBeGreaterThanOrEqual(floors.srF1);
      expect(ob, "missing-OB kappa").toBeGreaterThanOrEqual(floors.obKappa);
    }, 60_000);
  }
});

// The product owner's verdicts on the bug findings the labels do not cover (issue 44; docs/decisions.md, "Bug findings
// read on Bugzilla reports"): one JSON-lines file per code under written-reports/verdicts/, file and id only.
describe("verdicts read on the written reports", () => {
  const verdictDir = path.join(dir, "verdicts");
  const verdictFiles = fs.readdirSync(verdictDir).filter((f) => f.endsWith(".jsonl")).sort();

  it("has one file per code read", () => {
    expect(verdictFiles.length).toBeGreaterThan(0);
  });

  for (const vf of verdictFiles) {
    it(`${vf}: names read reports only, by file and id, with a verdict and a reason`, () => {
      const code = vf.replace(/\.jsonl$/, "");
      const lines = fs.readFileSync(path.join(verdictDir, vf), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.length).toBeGreaterThan(0);
      const ids = new Map<string, Set<string>>();
      for (const v of lines) {
        expect(Object.keys(v).sort()).toEqual(["code", "file", "fires", "id", "reason", "verdict"]);
        expect(v.code).toBe(code);
        const file = String(v.file);
        // Held-out reports are never read.
        expect(file.startsWith("unread-"), file).toBe(false);
        if (!ids.has(file)) ids.set(file, new Set(readLabelledReports(path.join(dir, file)).map((r) => r.bug_id)));
        expect(ids.get(file)!.has(String(v.id)), `${file} ${v.id}`).toBe(true);
        expect(["right", "wrong"]).toContain(v.verdict);
        expect(typeof v.fires).toBe("boolean");
        expect(String(v.reason).length).toBeGreaterThan(5);
      }
    });

    // A verdict is kept as a test: where the reader judged the engine right, it still fires (or stays silent) as it did
    // then. Where it judged it wrong, the engine may since have changed: that is counted, not held.
    it(`${vf}: every report judged right still gets the finding, or still does not, as when it was read`, async () => {
      const code = vf.replace(/\.jsonl$/, "");
      const engine = createEngine("heuristic");
      const lines = fs.readFileSync(path.join(verdictDir, vf), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as { file: string; id: string; fires: boolean; verdict: string });
      const reports = new Map<string, ReturnType<typeof readLabelledReports>>();
      const changed: string[] = [];
      for (const v of lines.filter((x) => x.verdict === "right")) {
        if (!reports.has(v.file)) reports.set(v.file, readLabelledReports(path.join(dir, v.file)));
        const r = reports.get(v.file)!.find((x) => x.bug_id === v.id)!;
        const result = await engine.score({ summary: r.title, description: r.description, issue_type: "Bug" });
        if (result.findings.some((f) => f.code === code) !== v.fires) changed.push(`${v.file} ${v.id} (${v.fires ? "fired" : "silent"} when read)`);
      }
      expect(changed).toEqual([]);
    }, 60_000);
  }
});
