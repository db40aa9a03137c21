import { describe, expect, it } from "vitest";
import { jiraLanguage, languageFromLabels } from "./language";
import { issueContentHash, ticketOf } from "./sync";
import type { TrackerIssue } from "./types";

const issue = (extra: Partial<TrackerIssue>): TrackerIssue => ({
  externalId: "1", key: "ENG-1", url: "", summary: "Als Kundin möchte ich meinen Warenkorb speichern", description: "", acceptanceCriteria: "",
  issueType: "Story", updatedAt: "2026-11-26T00:00:00.000Z", labels: [], ...extra,
});

describe("a tracker's language for an issue", () => {
  it("reads lang:/language: labels and Jira's language field, text or select", () => {
    expect(languageFromLabels(["bug", "lang:de"])).toBe("de");
    expect(languageFromLabels(["Language: pt-BR"])).toBe("pt");
    expect(languageFromLabels(["language", "slang:xx", "frontend"])).toBeNull();
    expect(jiraLanguage({ language: { value: "fr" } }, [])).toBe("fr");
    expect(jiraLanguage({ language: "es" }, ["lang:de"])).toBe("es");
    expect(jiraLanguage({}, ["lang:de"])).toBe("de");
  });

  it("passes it to the engine as ticket_data.language; an issue without one hashes as before", () => {
    expect(ticketOf(issue({ language: "de" })).language).toBe("de");
    expect(ticketOf(issue({})).language).toBeUndefined();
    const plain = ticketOf(issue({}));
    expect(issueContentHash(plain, "u")).not.toBe(issueContentHash({ ...plain, language: "de" }, "u"));
  });
});
