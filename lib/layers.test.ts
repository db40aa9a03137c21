// The map of lib/ (lib/README.md draws it): every folder (or loose file) in one layer, each layer importing only
// from its own and the ones below it, and no loop between folders, whatever their layer. Read from the sources
// with TypeScript's own import reader, so a commit that breaks the map fails here with the imports that break it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Bottom to top. A unit is a folder of lib/ or a loose file of lib/ (without its extension). */
export const LAYERS: { name: string; units: string[] }[] = [
  { name: "base", units: ["clock", "uuid", "version", "log", "net"] },
  { name: "domain", units: ["scoring", "richtext", "backlog", "work-items", "format"] },
  { name: "platform", units: ["env", "http", "outbound", "secrets", "queue", "rate-limit", "db-groups", "llm-cache", "llm-metrics", "scoring-engine"] },
  {
    name: "services",
    units: ["audit", "auth", "integrations", "stories", "rules", "pipeline", "webhooks", "jobs", "trackers", "stats", "csv-flow", "admin", "account", "demo"],
  },
  { name: "http", units: ["api"] },
  { name: "process", units: ["startup"] },
];

interface Import {
  from: string;
  to: string;
  file: string;
  specifier: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fixtures" || entry.name === "precision" ? sourceFiles(full) : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The unit of a path under the repository: `lib/<folder>` -> folder, `lib/<file>.ts` -> file, else the top folder. */
function unitOf(file: string): string {
  const parts = path.relative(ROOT, file).split(path.sep);
  if (parts[0] !== "lib") return `/${parts[0]}`;
  return parts.length === 2 ? parts[1].replace(/\.tsx?$/, "") : parts[1];
}

function imports(): Import[] {
  return sourceFiles(path.join(ROOT, "lib")).flatMap((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    return importedFiles.flatMap(({ fileName: specifier }) => {
      let target: string;
      if (specifier.startsWith("@/")) target = path.join(ROOT, specifier.slice(2));
      else if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
      else return [];
      return [{ from: unitOf(file), to: unitOf(target), file: path.relative(ROOT, file), specifier }];
    });
  });
}

/** Strongly connected components of more than one unit (Tarjan). */
function loops(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

describe("lib/ in layers", () => {
  const all = imports();
  const layerOf = new Map(LAYERS.flatMap((layer, i) => layer.units.map((unit) => [unit, i] as const)));

  it("names every folder and loose file of lib/ in exactly one layer", () => {
    const units = new Set(sourceFiles(path.join(ROOT, "lib")).map(unitOf));
    const named = LAYERS.flatMap((layer) => layer.units);
    expect([...units].filter((unit) => !layerOf.has(unit)).sort(), "units in no layer").toEqual([]);
    expect(named.filter((unit, i) => named.indexOf(unit) !== i), "units in two layers").toEqual([]);
  });

  it("imports nothing under app/, testing/, e2e/, faults/ or scripts/", () => {
    const outside = all.filter((i) => ["/app", "/testing", "/e2e", "/faults", "/scripts", "/components"].includes(i.to));
    expect(outside.map((i) => `${i.file} -> ${i.specifier}`)).toEqual([]);
  });

  it("has no import from a lower layer to a higher one", () => {
    const upward = all.filter((i) => layerOf.has(i.from) && layerOf.has(i.to) && layerOf.get(i.to)! > layerOf.get(i.from)!);
    expect(upward.map((i) => `${i.file} -> ${i.specifier} (${LAYERS[layerOf.get(i.from)!].name} -> ${LAYERS[layerOf.get(i.to)!].name})`)).toEqual([]);
  });

  it("has no loop between folders", () => {
    const edges = new Map<string, Set<string>>();
    for (const i of all) if (i.from !== i.to && !i.to.startsWith("/")) edges.set(i.from, (edges.get(i.from) ?? new Set()).add(i.to));
    const found = loops(edges);
    const explain = found.map((units) =>
      units
        .flatMap((a) => all.filter((i) => i.from === a && units.includes(i.to) && i.to !== a).map((i) => `${i.file} -> ${i.specifier}`))
        .join("; "),
    );
    expect(explain).toEqual([]);
  });
});
