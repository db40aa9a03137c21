// The twentieth pass's steps reading, several actions a user does told in one sentence or one narrated run (helper
// branch `h-sr4`): sentences written for these tests (none copied from a report). Each form of the reading fires on the
// acts its rule names and stays silent on the ones that look alike: one action is the trigger, a setting alone is a
// condition (DECIDED).
import { describe, expect, it } from "vitest";
import { scoreTicket } from "./engine";
import { stepsIn } from "./bug-readers";

/** The severity of `bug.no_steps` a report gets, scored as a Bug, or null when it does not fire. */
const stepsFinding = (summary: string, description: string) =>
  scoreTicket({ summary, description, issue_type: "Bug" }).findings.find((f) => f.code === "bug.no_steps")?.severity ?? null;

describe("twentieth pass: a condition's acts joined in its sentence, its verb missed", () => {
  it("reads a verb of acting in \"-ly\" as the verb, not an adverb", () => {
    expect(stepsFinding("Voucher doubled", "If you apply WINTER5 on the basket page, then reload the page, the basket lists the voucher twice.")).toBe(null);
    expect(stepsFinding("Thread lost", "When I reply to a thread and then press Send, the reply goes to the wrong list.")).toBe(null);
  });

  it("reads the verb after where the person is, and the acts after an example set off by commas", () => {
    expect(stepsFinding("Weight cut", "When a clerk at the Leeds warehouse enters a parcel with a weight that has decimals, for example 3,410.5 g, and then prints the label, the label says 3,410 g.")).toBe(null);
    expect(stepsFinding("Roster wrong", "When a nurse on the night ward edits a shift and then opens the roster, the old shift is still listed.")).toBe(null);
  });

  it("still takes a real adverb, and one act after a place or an example is the trigger", () => {
    // an adverb in "-ly" before one act: one action
    expect(stepsFinding("Slow save", "When I quickly save a note the editor freezes for a second.")).toBe("low");
    // the place and one act
    expect(stepsFinding("Weight cut", "When a clerk at the Leeds warehouse enters a parcel weight, the label rounds it down.")).toBe("low");
    // an example and no act after it
    expect(stepsFinding("Weight cut", "When a clerk enters a parcel with decimals, for example 3,410.5 g, the label says 3,410 g.")).toBe("low");
    // a place with a capitalised word and a verb of what the person meets: no act read
    expect(stepsInTrigger("When a user in Chrome Settings gets an error, the page hangs.")).toBe(false);
  });
});

describe("twentieth pass: gerunds of acting joined after \"after\", \"when\" or \"before\"", () => {
  it("reads a gerund with its object joined to a gerund condition as a second act", () => {
    expect(stepsFinding("Group too big", "Members can't reserve for 9: after picking the court and the hour and setting guests to 9, the Next button turns grey.")).toBe(null);
    expect(stepsFinding("Editor crash", "After creating an empty script and pressing Enter in the editor, an exception is written to the log.")).toBe(null);
    // (the log under the sentence is what the program wrote, not code that does the acts)
    expect(stepsFinding("Editor crash", "After creating an empty script and pressing Enter in the editor, this is written to the log:\n{code}\n!ENTRY org.example.editor 4 0 2024-03-14 17:48:18.084\n{code}")).toBe(null);
  });

  it("does not read two gerunds sharing one object, a second one with no object, or what was tried", () => {
    // one thing used, told by two gerunds: when the program does something
    expect(stepsFinding("Animation", "The tab strip stutters when opening and closing tabs on my laptop.")).toBe("low");
    // a second gerund with no object: no act on a thing
    expect(stepsFinding("Map blank", "The map goes blank after scrolling the list and zooming in.")).toBe("low");
    // what was tried against it
    expect(stepsFinding("Old logo", "The header shows the old logo even after clearing the cache and restarting the browser.")).not.toBe(null);
    // one gerund: the trigger
    expect(stepsFinding("Map blank", "The map goes blank after scrolling the list.")).toBe("low");
    // the acts of the code the sentence introduces: code alone is no steps
    expect(stepsFinding("Duplicate id", "I get an error when deleting a node and then adding a new one with the same key:\nNode n = store.getOrCreate(\"/a\");\nstore.remove(n);\nstore.commit();")).not.toBe(null);
  });
});

describe("twentieth pass: the acts joined to a setting told opening its sentence", () => {
  it("counts the acts joined to \"I set\", not the setting", () => {
    expect(stepsFinding("Zoom lost", "The viewer forgets its zoom. I set 200% in the viewer toolbar, close the window and when I open the same file again it is back to Fit Page.")).toBe(null);
  });

  it("does not count the setting itself: a setting and one action, or a setting alone, is no way there", () => {
    // a setting, then one action: the trigger
    expect(stepsFinding("Sound plays", "I set Sounds to Mute all, then go to the news page, a video plays with sound.")).toBe("low");
    // a setting and an update that is no act of the reporter's
    expect(stepsFinding("Engine reset", "I set the search engine to Qwant and after every update it is Bing again.")).not.toBe(null);
    // a setting in a clause that is no told act ("how I set them")
    expect(stepsFinding("Zoom lost", "No matter how I set the zoom, close the window or reopen it, the viewer uses Fit Page.")).not.toBe(null);
  });
});

describe("twentieth pass: \"complete\" is a verb of acting", () => {
  it("reads an instruction run with \"complete\" joined to it as steps", () => {
    expect(stepsFinding("Wrong gate", "Scan any ticket that has a bike on it, complete boarding, and look at the printed pass; the desk prints gate 4.")).toBe(null);
  });

  it("does not read the program completing, or one instruction alone", () => {
    expect(stepsFinding("Upload stuck", "The upload never completes and the spinner keeps turning.")).not.toBe(null);
    expect(stepsFinding("Wrong gate", "Scan any ticket that has a bike on it; the printed pass says gate 2.")).toBe("low");
  });
});

/** Whether the steps readers find any trigger or steps in a text. */
function stepsInTrigger(text: string): boolean {
  const r = stepsIn(text);
  return !!r.at || !!r.trigger;
}
