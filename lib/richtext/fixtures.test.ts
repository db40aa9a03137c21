// Real-shaped tracker exports (lib/richtext/fixtures): each is read with its criteria split out, and none of
// its markup may survive in the text or the criteria.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readRichText } from "./index";

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");

const MARKUP = ["h3.", "h1.", "{code", "{noformat", "{color", "{panel", "{quote", "{{", "||", "**", "__", "~~", "```", "<div", "<b>", "<li", "<span", "<br", "&nbsp;", "&amp;", "&#", "![", "](", "[text|", "|http", "bq.", "\\*", "\\_", "\r"];

function expectNoMarkup(text: string | null) {
  for (const sequence of MARKUP) expect(text ?? "", `"${sequence}" survived`).not.toContain(sequence);
  for (const line of (text ?? "").split("\n")) {
    expect(line, "trailing space").toBe(line.trimEnd());
    expect(line, "Markdown heading left").not.toMatch(/^#{1,6} /);
  }
}

describe("fixtures", () => {
  it("Jira wiki description: criteria with a nested list, Assumptions kept, code/table/colour/images/links read", () => {
    const value = fixture("jira-description.txt");
    expect(value).toContain("\r\n");
    const { text, criteria, markup } = readRichText(value, { splitCriteria: true });
    expect(markup).toBe("jira-wiki");
    expect(criteria).not.toBeNull();
    const criteriaLines = criteria!.split("\n");
    expect(criteriaLines).toContain("- Given a cart with items, when my session expires and I log back in, then the cart still holds the same items");
    expect(criteriaLines).toContain("  - prices are re-checked against the catalogue at checkout");
    expect(criteriaLines).toContain("  - the banner links to the product page");
    expect(criteriaLines).toContain("- Works on web and the iOS app ✅");
    expect(criteriaLines).toContain("- Carts older than 30 days are dropped");
    expect(text).not.toContain("Acceptance Criteria");
    expect(text).not.toContain("Quantities and prices are kept");
    expect(text).toContain("Assumptions\n\n- Redis cluster is available in all regions\n- Guest carts are out of scope for now");
    expect(text).toContain("As a returning shopper I want my cart to survive a session timeout, so that I don't have to rebuild it.");
    expect(text).toContain("Today the cart lives in the session_store and is wiped when user_id and cart_id expire (see PAY-1432 and https://wiki.acme.io/carts).");
    expect(text).toContain("Blocked until the Redis upgrade lands - ask @maria.k ⚠️");
    expect(text).toContain("public Cart restore(String userId) {\n    return cartRepo.findByUser(userId).orElse(Cart.empty()); // *not bold*, a_b_c\n}");
    expect(text).toContain("Field | Kept? | Notes\nitems | ✅ | including bundles\ncoupon | ❌ | re-applied at checkout if still valid");
    expect(text).toContain("Out of scope\n\nSaved-for-later lists");
    expect(text).toContain("GET /api/v2/carts/{userId}  -> 200");
    expect(text).not.toContain("png");
    expect(text).not.toContain("thumbnail");
    expectNoMarkup(text);
    expectNoMarkup(criteria);
  });

  it("ADF description: criteria under a heading, as a nested bullet list", () => {
    const { text, criteria, markup } = readRichText(JSON.parse(fixture("adf-description.json")), { splitCriteria: true });
    expect(markup).toBe("adf");
    expect(criteria).toBe(
      [
        "- Given I am a finance admin, when I pick a month, then I can download a CSV of its invoices",
        "- The file has one row per invoice with these columns:",
        "  - invoice_number",
        "  - total (EUR, two decimals)",
        "- An empty month gives a file with only the header row",
      ].join("\n"),
    );
    expect(text).toBe(
      [
        "Background",
        "",
        "Finance needs a monthly invoice export as CSV. Owner: @Priya Shah. Spec: export guide",
        "Due before quarter close 📅",
        "",
        "Assumptions",
        "",
        "Invoices are already in the ledger DB.",
        "",
        "SELECT * FROM invoices",
        "WHERE month = :month;",
        "",
        "Role | Can export",
        "Finance admin | YES",
        "",
        "Audit asked for this in https://acme.atlassian.net/browse/FIN-88",
      ].join("\n"),
    );
    // The same document as the JSON string an export holds.
    expect(readRichText(fixture("adf-description.json"), { splitCriteria: true })).toEqual({ text, criteria, markup });
  });

  it("Azure DevOps HTML description and acceptance-criteria field", () => {
    const description = readRichText(fixture("azure-description.html"), { splitCriteria: true });
    expect(description.markup).toBe("html");
    expect(description.criteria).toBeNull();
    expect(description.text).toContain("As a support agent I want to merge duplicate customer records so that order history isn't split across two profiles.");
    expect(description.text).toContain("Today agents copy orders by hand & it takes ~20 min per merge.");
    expect(description.text).toContain("Notes\n\nDuplicates come from the legacy CRM import (see #4411).");
    expect(description.text).toContain("- Only customers in the same tenant can be merged\n- Merges are logged\n  - who, when, which records");
    expect(description.text).toContain("Field | Winner\nEmail | newest record");
    expectNoMarkup(description.text);

    const field = readRichText(fixture("azure-criteria.html"), { splitCriteria: true });
    expect(field.markup).toBe("html");
    expect(field.criteria?.split("\n")).toEqual([
      "- Given two records with the same email, when I choose Merge, then one record remains with both order histories",
      "- The merged-away record id redirects to the surviving one",
      "- Merging needs the Customer admin role",
      "",
      "Out of scope: bulk merges <100 records>",
    ]);
    expect(field.text).toBe("");
    expectNoMarkup(field.criteria);
    // Read without splitting, the field is the heading and its list.
    expect(readRichText(fixture("azure-criteria.html")).text.split("\n").slice(0, 3)).toEqual([
      "Acceptance Criteria",
      "",
      "- Given two records with the same email, when I choose Merge, then one record remains with both order histories",
    ]);
  });

  it("GitHub issue body: criteria as a task list, notes, code and table kept", () => {
    const { text, criteria, markup } = readRichText(fixture("github-issue.md"), { splitCriteria: true });
    expect(markup).toBe("markdown");
    const criteriaLines = criteria!.split("\n");
    expect(criteriaLines).toContain("- A PR without a Fixes #N / Closes #N link gets a failing check");
    expect(criteriaLines).toContain("- Admins can turn the rule on per repository");
    expect(criteriaLines).toContain("  - and per branch pattern (e.g. release/*)");
    expect(criteriaLines).toContain("- The check re-runs when the PR body is edited");
    expect(criteria).not.toContain("[ ]");
    expect(criteria).not.toContain("[x]");
    expect(text).not.toContain("failing check");
    expect(text).toContain("Summary\n\nAs a repository admin I want to require a linked issue on every pull request, so that changes stay traceable.");
    expect(text).toContain("Related: #212, see the RFC and");
    expect(text).toContain("Implementation notes\n\nrules:\n  require_linked_issue: true   # default false");
    expect(text).toContain("Setting | Default\nrequire_linked_issue | false\nscope | repo | branch");
    expect(text).not.toContain("template");
    expect(text).not.toContain("Please describe");
    expectNoMarkup(text);
    expectNoMarkup(criteria);
  });

  it("Linear description: criteria under a bold line, ended by the next bold line", () => {
    const { text, criteria, markup } = readRichText(fixture("linear-description.md"), { splitCriteria: true });
    expect(markup).toBe("markdown");
    expect(criteria).toBe('- Changing status adds an entry within 5s\n- The feed paginates after 50 entries\n- Deleted users show as "Former member"');
    expect(text).toBe(
      [
        "Users on the Team plan can't see who changed a project's status. Add an activity feed to the project page.",
        "",
        "- Each entry shows who, what and when",
        "- Entries are grouped by day",
        "  - newest first",
        "",
        "Design",
        "",
        "Figma: Activity feed v2",
        "",
        "Estimate: 3 pts",
      ].join("\n"),
    );
    expectNoMarkup(text);
  });
});
