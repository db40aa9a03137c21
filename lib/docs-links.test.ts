// The README and the guides in docs/ are what a newcomer reads on a fresh clone: every relative link in them
// must name a file of the repository, and every #anchor a heading of its target (GitHub's slug rule).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const DOCS = ["README.md", "lib/scoring/README.md", ...readdirSync(path.join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

/** GitHub's anchor for a heading: lower case, punctuation but hyphens dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\- _]/gu, "").replace(/ /g, "-");
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1])));
}

function linksOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8").replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  const sources = [...text.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]);
  return [...links, ...sources].filter((target) => !/^[a-z]+:/i.test(target));
}

describe("the README and the guides", () => {
  it("keeps the README an entry point: at most 250 lines, linking every guide in docs/", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThanOrEqual(250);
    for (const guide of DOCS.filter((d) => d.startsWith("docs/"))) expect(readme, guide).toContain(`](${guide})`);
  });

  it.each(DOCS)("%s links only to files and headings that exist", (file) => {
    const broken: string[] = [];
    for (const target of linksOf(file)) {
      const [where, anchor] = target.split("#");
      const resolved = where ? path.normalize(path.join(path.dirname(file), where)) : file;
      if (!existsSync(path.join(ROOT, resolved))) broken.push(`${target}: no file ${resolved}`);
      else if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor)) broken.push(`${target}: no heading #${anchor} in ${resolved}`);
    }
    expect(broken).toEqual([]);
  });

  it("reads a heading's anchor as GitHub writes it", () => {
    expect(slug("Scoring API (`POST /api/v1/score`)")).toBe("scoring-api-post-apiv1score");
    expect(slug("Self-serve: API keys, integrations and deliveries")).toBe("self-serve-api-keys-integrations-and-deliveries");
    expect(slug("The embedded database's upkeep")).toBe("the-embedded-databases-upkeep");
  });
});
