// Twentieth pass (a helper, branch `h-bands4`): the shapes of real trackers that the twentieth band author's
// useless tickets showed unread: a chat app's heads on lines of their own, and a template's comments. The texts are
// written for these tests, in other domains than the tickets they were read from.
import { describe, expect, it } from "vitest";
import type { TicketData } from "../types";
import { scoreTicket } from "./engine";
import { withoutHeadLines } from "./bug-readers";
import { uncommented } from "./reflow";

const percent = (t: TicketData) => Math.round(scoreTicket(t).overall_score * 10);
const codes = (t: TicketData) => scoreTicket(t).findings.map((f) => f.code);

describe("twentieth pass: a chat's heads on lines of their own say who wrote when", () => {
  it("blanks two heads or more, each a name (maybe with a place) and a clock time alone on its line, keeping the length", () => {
    const chat = "Priya  9:40 AM\nis the kennel app being odd for anyone\nTom Reyes  9:41 AM\nbit odd yeah\nPriya  9:43 AM\nok";
    const out = withoutHeadLines(chat);
    expect(out.length).toBe(chat.length);
    expect(out).not.toMatch(/Priya|Tom Reyes|9:4/);
    expect(out).toContain("is the kennel app being odd for anyone");
    const teams = "[14:02] Dee Patel\nanyone seeing the rota thing\n[14:05] Sam (IT)\nnope";
    expect(withoutHeadLines(teams)).not.toMatch(/Dee Patel|14:02/);
    expect(withoutHeadLines("Ana (Front desk) 08:15\nmorning\nKofi, 08:16\nhi")).not.toMatch(/Ana|Kofi/);
  });

  it("leaves one such line, a log's level, a time told in a sentence or a step's time alone", () => {
    const one = "Shift start 06:30\nThe rota page shows nobody on the early shift.";
    expect(withoutHeadLines(one)).toBe(one);
    const log = "ERROR 10:12\nworker died\nWARN 10:13\nretrying";
    expect(withoutHeadLines(log)).toBe(log);
    const told = "The gate opened at 10:12 AM\nand closed again at 10:14 AM";
    expect(withoutHeadLines(told)).toBe(told);
    const steps = "1. Set the alarm to 06:30\n2. Set the snooze to 06:40\n3. Wait";
    expect(withoutHeadLines(steps)).toBe(steps);
    const at = "at 10:12\nthe export started\nat 10:15\nit stopped at row 200";
    expect(withoutHeadLines(at)).toBe(at);
  });

  it("a thread pasted with its heads on lines of their own that agrees only that something is odd names nothing to plan from", () => {
    const description = "Priya  9:40 AM\nis the kennel app being odd for anyone today?\nTom  9:41 AM\nbit odd yeah\nPriya  9:43 AM\nok not just me then\nTom  9:44 AM\nsomeone should raise it\nPriya  9:44 AM\nwill do";
    const t = { summary: "from the #front-desk channel", description, issue_type: "Bug" };
    expect(percent(t)).toBeLessThanOrEqual(40);
    expect(codes(t)).toEqual(expect.arrayContaining(["bug.no_steps", "bug.no_expected_result"]));
  });

  it("a thread with its heads that tells what is seen, where, keeps its reading", () => {
    const description = "Priya  9:40 AM\nthe kennel app shows 0 free pens on the Saturday page but the diary has 4 free\nTom  9:41 AM\nsame here on 3.2.1, expected it to show 4\nPriya  9:43 AM\nok raising it";
    const t = { summary: "Kennel app shows 0 free pens on Saturday", description, issue_type: "Bug" };
    expect(percent(t)).toBeGreaterThan(40);
    expect(codes(t)).not.toContain("estimable.no_detail");
  });
});

describe("twentieth pass: a template's comments are the form's prompt, not the reporter's words", () => {
  it("blanks a comment, keeping the length and the line breaks", () => {
    const text = "**What went wrong?**\n<!-- tell us\nwhat you saw -->\n\n**Expected**\n<!-- -->";
    const out = uncommented(text);
    expect(out.length).toBe(text.length);
    expect(out.split("\n").length).toBe(text.split("\n").length);
    expect(out).not.toMatch(/tell us|what you saw|<!--/);
  });

  it("keeps a server-side include, a comment with no end, and a text with no comment", () => {
    const ssi = 'index.shtml has <!--#include virtual="/cgi-bin/menu.cgi" --> and the menu is empty';
    expect(uncommented(ssi)).toBe(ssi);
    const open = "The page source ends in <!-- footer and nothing after it";
    expect(uncommented(open)).toBe(open);
    const plain = "The arrow --> points the wrong way";
    expect(uncommented(plain)).toBe(plain);
  });

  it("an issue template left as it came, its prompts in comments, names nothing", () => {
    const description = "**What went wrong?**\n<!-- describe what you saw -->\n\n**What did you expect to happen?**\n<!-- what should have happened instead -->\n\n**How can we reproduce it?**\n1.\n2.\n3.\n\n**Version / browser**\n\n**Anything else?**";
    const t = { summary: "[Bug] <one-line summary>", description };
    expect(percent(t)).toBeLessThanOrEqual(40);
    expect(codes(t)).toEqual(expect.arrayContaining(["bug.no_expected_result", "bug.no_steps", "bug.no_actual_result"]));
  });

  it("a template filled in under its comments keeps its reading", () => {
    const description = "**What went wrong?**\n<!-- describe what you saw -->\nThe locker booking page shows every locker as taken after 6pm.\n\n**What did you expect to happen?**\n<!-- what should have happened instead -->\nFree lockers should be listed as free.\n\n**How can we reproduce it?**\n1. Open the locker booking page\n2. Pick today and 7pm\n3. Look at the list\n\n**Version / browser**\nv4.2, Firefox 128";
    const t = { summary: "[Bug] Locker booking shows every locker taken after 6pm", description };
    const found = codes(t);
    expect(found).not.toContain("bug.no_expected_result");
    expect(found).not.toContain("bug.no_steps");
    expect(found).not.toContain("bug.no_actual_result");
    expect(percent(t)).toBeGreaterThan(80);
  });
});

describe("twentieth pass: a description of nothing the readers keep is an empty one", () => {
  it("reads chat heads alone, or a template's comments alone, as no description", () => {
    const bare = { summary: "Kennel app", issue_type: "Bug" } as const;
    expect(withoutHeadLines("Priya  9:40 AM\nTom Reyes  9:41 AM\nPriya  9:43 AM")).toBe("");
    expect(uncommented("<!-- describe the problem -->\n<!-- -->")).toBe("");
    expect(codes({ ...bare, description: "Priya  9:40 AM\nTom Reyes  9:41 AM\nPriya  9:43 AM" })).toEqual(codes({ ...bare, description: "" }));
    expect(codes({ ...bare, description: "<!-- describe the problem -->\n\n<!-- steps -->" })).toEqual(codes({ ...bare, description: "" }));
  });
});
