// The LLM engine's user message names the item's language (issue 47): read in it, answered in English.
import { describe, expect, it } from "vitest";
import { languageStatement, systemPrompt, userMessage } from "./prompt";

describe("the language in the LLM prompt", () => {
  it("names a German story's language and asks for English reasoning", () => {
    const message = JSON.parse(userMessage({ summary: "Als Kundin möchte ich meinen Warenkorb speichern, damit ich den Kauf später abschließen kann." }, [], []));
    expect(message.language).toEqual({ code: "de", name: "German", statement: languageStatement("de") });
    expect(message.language.statement).toContain("written in German (de)");
    expect(message.language.statement).toContain("in English");
  });

  it("takes the language the ticket or the heuristic evidence names, and says English plainly", () => {
    expect(JSON.parse(userMessage({ summary: "Settings page", language: "fr" }, [], [])).language.code).toBe("fr");
    expect(JSON.parse(userMessage({ summary: "Settings page" }, [], [], "story", "pl")).language.name).toBe("Polish");
    expect(languageStatement("en")).toBe("The work item is written in English.");
  });

  it("tells the model in the system prompt to read the item's own template and to reason in English", () => {
    const { text } = systemPrompt();
    expect(text).toContain("# Languages");
    expect(text).toContain("Write every reasoning, improvement suggestion and\nrecommendation in English");
  });
});
