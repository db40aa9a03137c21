import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LanguageLabel } from "./language-label";

const render = (language: string | null) => renderToStaticMarkup(createElement(LanguageLabel, { language }));

describe("LanguageLabel", () => {
  it("names a language other than English beside the kind, with its code", () => {
    const html = render("de");
    expect(html).toContain(">German<");
    expect(html).toContain('data-language="de"');
    expect(html).toContain('title="Written in German (de)"');
    expect(render("pl")).toContain(">Polish<");
  });

  it("shows nothing for English, the default, or when the language is not known", () => {
    expect(render("en")).toBe("");
    expect(render(null)).toBe("");
  });
});
