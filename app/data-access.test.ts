// Pages and routes reach the database only through lib/'s services (issue 45): no file under app/ other than a
// test imports drizzle-orm or the table definitions. GET /api/health's connection check uses the database
// handle from db/client, which is allowed: it reads no data. And no route finds its caller or reads its body by
// hand: the wrappers of lib/api/route.ts do, in the documented order, so a new route cannot skip a step.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const APP = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const DATA = [/^drizzle-orm(\/|$)/, /^@\/db\/schema(\.ts)?$/];

describe("app/ reaches data through the services", () => {
  it("no page or route imports drizzle-orm or db/schema", () => {
    const files = sources(APP);
    expect(files.length).toBeGreaterThan(30);
    const offending = files.flatMap((file) =>
      ts
        .preProcessFile(readFileSync(file, "utf8"), true, true)
        .importedFiles.filter(({ fileName }) => DATA.some((pattern) => pattern.test(fileName)))
        .map(({ fileName }) => `${path.relative(APP, file)} imports ${fileName}`),
    );
    expect(offending).toEqual([]);
  });
});

/** What the wrappers of lib/api/route.ts call for a route: a route calling one itself skips the wrapper's order. */
const BY_HAND = /\b(authenticateApiKey|authenticateCaller|authorizeAccount|authorizeStats|requireAdmin|authenticateInstallation|enforceCsvLimit|parseJsonBody|readJsonObject)\b/;

describe("routes take their caller and body from the route wrappers", () => {
  it("no route file authenticates, limits or parses a body itself", () => {
    const routes = sources(APP).filter((file) => path.basename(file) === "route.ts");
    expect(routes.length).toBeGreaterThan(20);
    const byHand = routes.flatMap((file) => {
      const match = BY_HAND.exec(readFileSync(file, "utf8"));
      return match ? [`${path.relative(APP, file)} calls ${match[1]}`] : [];
    });
    expect(byHand).toEqual([]);
  });
});
