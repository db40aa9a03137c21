// The encryption key from the attacker's side and the operator's: a backup of the embedded database holds no key
// (nor a secret in clear), a restored backup without its key file does not start, an existing install's key moves
// out of the database on its first start (into the key file, or under ENCRYPTION_KEY by sealing everything
// again), and instances with different keys are told apart.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dumpPglite } from "@/db/backup";
import { appSettings, installations } from "@/db/schema";
import { provisionCustomer } from "@/lib/admin/provisioning";
import { parseEnv } from "@/lib/env";
import { registerInstallation } from "@/lib/integrations/installations";
import { openSecret, resetEncryptionKey, sealWith } from "@/lib/secrets/secret-box";
import { setupTestDatabase } from "@/testing/db";
import { setEnv } from "@/testing/http";
import { CHECK_SETTING, EncryptionKeyError, keyCheck, keyFilePath, LEGACY_KEY_SETTING, LEGACY_SESSION_SETTING, loadEncryptionKey } from "./encryption-key";

// The backup is PGlite's own dump, so this file runs on PGlite whatever DATABASE_URL says.
const database = setupTestDatabase("pglite");
const db = () => database().db;
const scratch = mkdtempSync(path.join(tmpdir(), "ssc-key-"));
const TEST_KEY = Buffer.from(process.env.ENCRYPTION_KEY ?? "", "base64");
/** The configuration of an embedded server whose data directory is `<scratch>/<name>`, without ENCRYPTION_KEY. */
const embedded = (name: string, extra: Record<string, string> = {}) => parseEnv({ PGLITE_DIR: path.join(scratch, name), ...extra });
const load = (config = embedded("pglite")) => loadEncryptionKey(db(), { seal: sealWith, config });

let webhookSecret = "";

beforeAll(async () => {
  await provisionCustomer(db(), { customer_id: "acme", plan: "team" });
  setEnv({ ALLOW_PRIVATE_CALLBACKS: "true" });
  // Sealed with the test run's ENCRYPTION_KEY, the way a running server seals.
  webhookSecret = (await registerInstallation(db(), "acme", { cloudId: "c1", source: "jira", callback_url: "http://127.0.0.1:9/hook" }, "test")).body.webhook_secret;
});

afterAll(() => {
  resetEncryptionKey();
  rmSync(scratch, { recursive: true, force: true });
});

async function settings(): Promise<Record<string, string>> {
  return Object.fromEntries((await db().select().from(appSettings)).map((row) => [row.key, row.value]));
}

async function sealedSecret(): Promise<string> {
  const [row] = await db().select({ sealed: installations.webhookSecretEncrypted }).from(installations).where(eq(installations.cloudId, "c1"));
  return row.sealed;
}

/** An install of an earlier version: its key (and a session secret) in app_settings, its secret sealed with it. */
async function earlierVersion(legacy: Buffer): Promise<void> {
  await db().delete(appSettings);
  await db().insert(appSettings).values([
    { key: LEGACY_KEY_SETTING, value: legacy.toString("base64") },
    { key: LEGACY_SESSION_SETTING, value: "an-old-session-secret-0123456789" },
  ]);
  await db().update(installations).set({ webhookSecretEncrypted: sealWith(legacy, webhookSecret) }).where(eq(installations.cloudId, "c1"));
}

describe("where the key is", () => {
  it("sits beside the embedded database, in .data on PostgreSQL, where ENCRYPTION_KEY_FILE says, or in memory", () => {
    expect(keyFilePath(parseEnv({}))).toBe(path.resolve(".data/pglite.key"));
    expect(keyFilePath(parseEnv({ PGLITE_DIR: "/srv/ssc/data" }))).toBe("/srv/ssc/data.key");
    expect(keyFilePath(parseEnv({ DATABASE_URL: "postgres://db/stories" }))).toBe(path.resolve(".data/encryption.key"));
    expect(keyFilePath(parseEnv({ ENCRYPTION_KEY_FILE: "/run/secrets/ssc.key" }))).toBe("/run/secrets/ssc.key");
    expect(keyFilePath(parseEnv({ PGLITE_DIR: "memory://" }))).toBeNull();
    expect(() => parseEnv({ ENCRYPTION_KEY: "too-short" })).toThrow(/ENCRYPTION_KEY must be 32 random bytes in base64/);
  });
});

describe("a backup", () => {
  it("holds neither the key nor a secret in clear, only the check value", async () => {
    await load(embedded("backup", { ENCRYPTION_KEY: TEST_KEY.toString("base64") }));
    const tar = gunzipSync(Buffer.from(await (await dumpPglite(database().raw as PGlite)).arrayBuffer()));
    for (const form of [TEST_KEY, Buffer.from(TEST_KEY.toString("base64")), Buffer.from(TEST_KEY.toString("base64url")), Buffer.from(TEST_KEY.toString("hex"))]) {
      expect(tar.includes(form)).toBe(false);
    }
    expect(tar.includes(Buffer.from(webhookSecret))).toBe(false);
    expect(tar.includes(Buffer.from(keyCheck(TEST_KEY)))).toBe(true);
    expect(await settings()).not.toHaveProperty(LEGACY_KEY_SETTING);
  });
});

describe("an embedded database's key file", () => {
  it("is generated on a first start, beside the data directory, readable by its owner only", async () => {
    await db().delete(appSettings);
    const key = await load(embedded("fresh"));
    const file = path.join(scratch, "fresh.key");
    expect(Buffer.from(readFileSync(file, "utf8").trim(), "base64").equals(key)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await settings())[CHECK_SETTING]).toBe(keyCheck(key));
    // The next start reads the same key.
    expect((await load(embedded("fresh"))).equals(key)).toBe(true);
  });

  it("refuses a restored backup whose key file is missing, and a key that is not the database's", async () => {
    // The database above was started with fresh.key; a "new machine" has no key file beside its directory.
    const missing = await load(embedded("restored-elsewhere")).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(EncryptionKeyError);
    expect((missing as Error).message).toMatch(/sealed with an encryption key that is not here: set ENCRYPTION_KEY, or put its key file back at .*restored-elsewhere\.key/);
    const other = await load(embedded("fresh", { ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64") })).catch((error: unknown) => error);
    expect((other as Error).message).toMatch(/the encryption key from ENCRYPTION_KEY is not the one this database's secrets were sealed with/);
  });

  it("refuses a key file that holds no key", async () => {
    writeFileSync(path.join(scratch, "broken.key"), "not a key\n");
    await expect(load(embedded("broken"))).rejects.toThrow(/does not hold a key/);
  });
});

describe("an install of an earlier version", () => {
  it("moves its key out of the database into the key file on the first start, and its secrets still open", async () => {
    const legacy = Buffer.alloc(32, 7);
    await earlierVersion(legacy);
    const key = await load(embedded("upgraded"));
    expect(key.equals(legacy)).toBe(true);
    expect(readFileSync(path.join(scratch, "upgraded.key"), "utf8").trim()).toBe(legacy.toString("base64"));
    expect(await settings()).toEqual({ [CHECK_SETTING]: keyCheck(legacy) });
    // The server then opens the secret with the key from the file.
    // This file's database is embedded whatever DATABASE_URL says, so the server read here is an embedded one too
    // (with DATABASE_URL set, the key file would be looked for in .data instead).
    const databaseUrl = process.env.DATABASE_URL;
    resetEncryptionKey();
    setEnv({ ENCRYPTION_KEY: undefined, DATABASE_URL: undefined, PGLITE_DIR: path.join(scratch, "upgraded") });
    try {
      expect(await openSecret(db(), await sealedSecret())).toBe(webhookSecret);
    } finally {
      setEnv({ ENCRYPTION_KEY: TEST_KEY.toString("base64"), DATABASE_URL: databaseUrl, PGLITE_DIR: undefined });
      resetEncryptionKey();
    }
  });

  it("seals every secret again under ENCRYPTION_KEY when the operator set one", async () => {
    const legacy = Buffer.alloc(32, 5);
    await earlierVersion(legacy);
    const key = await load(embedded("rekeyed", { ENCRYPTION_KEY: TEST_KEY.toString("base64") }));
    expect(key.equals(TEST_KEY)).toBe(true);
    expect(await settings()).toEqual({ [CHECK_SETTING]: keyCheck(TEST_KEY) });
    resetEncryptionKey();
    expect(await openSecret(db(), await sealedSecret())).toBe(webhookSecret);
  });
});
