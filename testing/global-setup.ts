// Vitest global setup: migrate one template database per run, so each test file starts from a copy in well
// under a second: a PGlite data-dir dump, or (with DATABASE_URL) a PostgreSQL template database.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "@/db/client";
import { buildCliBundles } from "./cli-bundles-build";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, "..");

/** The bundle folders of runs whose process is gone (an interrupted run never tears down). */
function removeOrphans(root: string): void {
  if (!existsSync(root)) return;
  for (const entry of readdirSync(root)) {
    const pid = Number(entry.split("-")[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code === "EPERM";
    }
    if (!alive) rmSync(path.join(root, entry), { recursive: true, force: true });
  }
}

export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  const scratch = mkdtempSync(path.join(tmpdir(), "ssc-test-"));

  // The scripts the tests start as processes, bundled once (testing/cli-bundles-build.ts): inside the checkout, so
  // that Node finds their packages in node_modules. Tests that cannot have them run the scripts with tsx. esbuild
  // works in a process of its own, while the templates below are migrated.
  const bundleRoot = path.join(ROOT, "node_modules", ".cache", "ssc-cli-bundles");
  removeOrphans(bundleRoot);
  const bundles = path.join(bundleRoot, `${process.pid}-${randomBytes(4).toString("hex")}`);
  const bundled = buildCliBundles(bundles).then(
    () => bundles,
    (error: unknown) => {
      console.warn(`global setup: the scripts were not bundled, the tests run them with tsx: ${String(error)}`);
      return "";
    },
  );

  // The two templates side by side: PGlite works in this process, the PostgreSQL migration mostly in its server.
  const pgliteTemplate = (async () => {
    const pglite = await openDatabase({ pgliteDir: "memory://" });
    await migrateDatabase(pglite);
    const dump = await (pglite.raw as PGlite).dumpDataDir("none");
    await pglite.close();
    const dumpFile = path.join(scratch, "template.tar");
    writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
    return dumpFile;
  })();
  const templateName = databaseUrl ? `ssc_test_tpl_${randomBytes(4).toString("hex")}` : "";
  const postgresTemplate = (async () => {
    if (!databaseUrl) return;
    const { default: postgres } = await import("postgres");
    const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${templateName}"`);
    await admin.end();
    const templateUrl = new URL(databaseUrl);
    templateUrl.pathname = `/${templateName}`;
    const template = await openDatabase({ databaseUrl: templateUrl.toString(), max: 1 });
    await migrateDatabase(template);
    await template.close();
  })();

  const teardown = async () => {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(bundles, { recursive: true, force: true });
    if (databaseUrl && templateName) {
      const { default: postgres } = await import("postgres");
      const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists "${templateName}" with (force)`);
      await admin.end();
    }
  };
  const [dumpFile, migrated, cliBundles] = await Promise.allSettled([pgliteTemplate, postgresTemplate, bundled]);
  for (const outcome of [dumpFile, migrated]) {
    if (outcome.status === "rejected") {
      await teardown().catch(() => {});
      throw outcome.reason;
    }
  }
  project.provide("pgliteTemplate", (dumpFile as PromiseFulfilledResult<string>).value);
  project.provide("postgresTemplate", templateName);
  project.provide("cliBundles", (cliBundles as PromiseFulfilledResult<string>).value);
  return teardown;
}
