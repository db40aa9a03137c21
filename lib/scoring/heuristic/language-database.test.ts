// ELD's n-gram database is loaded by Node from node_modules, never bundled (docs/operations.md, "Memory"): a
// bundled copy sat in each of the seven server chunks that reached the detector, all loaded at start, 20 MB of
// heap more for nothing. The build is too slow for a unit test, so this holds the two things that keep it out:
// no module imports ELD for the bundler (type imports are erased), and Next leaves the package external. And the
// database is read as JSON, not compiled as a module (100 MB less resident memory): read so, it must be the very
// object the package exports, or the detector would name other languages.
import { createRequire } from "node:module";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { readNgrams } from "./language";

const ROOT = path.resolve(import.meta.dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(?:tsx?|mjs|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Imports of ELD (the package or one of its files) that a bundler would follow: every one but `import type`. */
function bundledEldImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) specifier = node.moduleSpecifier;
    else if (ts.isExportDeclaration(node) && !node.isTypeOnly) specifier = node.moduleSpecifier;
    else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require")))
      specifier = node.arguments[0];
    if (specifier && ts.isStringLiteralLike(specifier) && /(?:^|\/)eld(?:\/|$)/.test(specifier.text)) found.push(`${path.relative(ROOT, file)}: ${specifier.text}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the language detector's database", () => {
  it("is imported by no module the server's bundle is built from", () => {
    const files = ["app", "components", "lib", "db"].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
    files.push(path.join(ROOT, "instrumentation.ts"), path.join(ROOT, "proxy.ts"));
    expect(files.flatMap(bundledEldImports)).toEqual([]);
  });

  it("is a package Next leaves to Node, so its one copy is Node's", () => {
    const config = createRequire(import.meta.url)(path.join(ROOT, "next.config.js")) as { serverExternalPackages?: string[] };
    expect(config.serverExternalPackages).toContain("eld");
  });

  it("read as JSON is the object the package's module exports, entry for entry and in the same order", async () => {
    const file = path.join(ROOT, "node_modules", "eld", "src", "ngrams", "small.js");
    const { ngramsData } = (await import(/* @vite-ignore */ file)) as { ngramsData: { ngrams: Record<string, Record<string, number>> } };
    const read = readNgrams(file) as typeof ngramsData;
    expect(read).toEqual(ngramsData);
    expect(Object.keys(read.ngrams)).toEqual(Object.keys(ngramsData.ngrams));
    // ELD adds each n-gram's scores language by language: the same languages, in the same order.
    for (const key of Object.keys(ngramsData.ngrams)) expect(Object.keys(read.ngrams[key])).toEqual(Object.keys(ngramsData.ngrams[key]));
    // Keys the file writes with an escaped quote come back with the quote.
    expect(Object.keys(read.ngrams).some((key) => key.includes("'"))).toBe(true);
  });
});
