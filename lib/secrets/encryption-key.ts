// The service's encryption key: it seals webhook signing secrets and tracker tokens (lib/secrets/secret-box.ts)
// and, without AUTH_SECRET, signs dashboard sessions. It never lives in the database, so a backup, an export or a
// stolen copy of the database holds sealed secrets but not what opens them. It comes from:
// 1. ENCRYPTION_KEY (32 bytes in base64), else
// 2. the key file: ENCRYPTION_KEY_FILE, else beside the embedded database (`<PGLITE_DIR>.key`, as its lock file),
//    else `.data/encryption.key` on PostgreSQL; generated there on a first start (mode 0600), else
// 3. memory, for a throw-away `memory://` database.
// The database keeps only a check value (an HMAC of a fixed text under the key, which reveals nothing of it), so a
// start with another key (a restored backup without its key file, a second machine without the key) stops with a
// message instead of sealing new secrets that the other instances could not open.
// The key file's path is known at run time only: its fs calls carry turbopackIgnore, or the build would trace the
// whole project into its output.
// Before this, the key was a row of app_settings (`webhook_secret_key`, with the session secret `auth_secret`): the
// first start moves it out (into the key file, or re-sealing every secret under ENCRYPTION_KEY when that is set)
// and deletes both rows (docs/operations.md, "Backups").
import { createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { appSettings, installations, trackerConnections } from "@/db/schema";
import { env, type Env } from "@/lib/env";
import { logger } from "@/lib/log";

export const CHECK_SETTING = "encryption_key_check";
/** The settings of earlier versions: the key itself, and the session secret generated when AUTH_SECRET was unset. */
export const LEGACY_KEY_SETTING = "webhook_secret_key";
export const LEGACY_SESSION_SETTING = "auth_secret";

/** The key cannot be used as configured: the start stops with this message. */
export class EncryptionKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EncryptionKeyError";
  }
}

/** Where the key file is for this configuration; null when the key lives in memory (a `memory://` database). */
export function keyFilePath(config: Pick<Env, "ENCRYPTION_KEY_FILE" | "DATABASE_URL" | "PGLITE_DIR"> = env()): string | null {
  if (config.ENCRYPTION_KEY_FILE) return path.resolve(config.ENCRYPTION_KEY_FILE);
  if (config.DATABASE_URL) return path.resolve(".data", "encryption.key");
  if (config.PGLITE_DIR.startsWith("memory://")) return null;
  return `${path.resolve(config.PGLITE_DIR)}.key`;
}

/** The check value the database keeps: proves a key is the same one, says nothing about it. */
export function keyCheck(key: Buffer): string {
  return createHmac("sha256", key).update("story-scoring-service encryption key check v1").digest("base64url");
}

function readKeyFile(file: string): Buffer {
  const text = readFileSync(/*turbopackIgnore: true*/ file, "utf8").trim();
  const key = Buffer.from(text, "base64");
  if (key.length !== 32) throw new EncryptionKeyError(`the key file ${file} does not hold a key (32 bytes in base64, as \`openssl rand -base64 32\` prints)`);
  return key;
}

/** Write a new key file, never over an existing one (two processes starting at once: the first one's key wins). */
function writeKeyFile(file: string, key: Buffer): Buffer {
  mkdirSync(/*turbopackIgnore: true*/ path.dirname(file), { recursive: true });
  try {
    writeFileSync(/*turbopackIgnore: true*/ file, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readKeyFile(file);
    throw new EncryptionKeyError(`the key file ${file} cannot be written (${(error as Error).message})`);
  }
}

/** Opens a value sealed by lib/secrets/secret-box.ts with `key`; null when that key does not open it. */
function openWith(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

async function setting(db: Db, key: string): Promise<string | null> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return row?.value ?? null;
}

/**
 * Every value sealed with the key of the database (`legacy`) sealed again with `key`, in one transaction. A value
 * the legacy key does not open (sealed with `key` already) is left as it is.
 */
async function resealAll(db: Db, legacy: Buffer, key: Buffer, seal: (key: Buffer, plaintext: string) => string): Promise<number> {
  return db.transaction(async (tx) => {
    let moved = 0;
    for (const row of await tx.select({ id: installations.id, sealed: installations.webhookSecretEncrypted }).from(installations)) {
      const plain = openWith(legacy, row.sealed);
      if (plain === null) continue;
      await tx.update(installations).set({ webhookSecretEncrypted: seal(key, plain) }).where(eq(installations.id, row.id));
      moved++;
    }
    for (const row of await tx.select({ id: trackerConnections.id, sealed: trackerConnections.credentialsSealed }).from(trackerConnections)) {
      const plain = openWith(legacy, row.sealed);
      if (plain === null) continue;
      await tx.update(trackerConnections).set({ credentialsSealed: seal(key, plain) }).where(eq(trackerConnections.id, row.id));
      moved++;
    }
    return moved;
  });
}

export interface LoadOptions {
  /** How a value is sealed (lib/secrets/secret-box.ts), for re-sealing under ENCRYPTION_KEY. */
  seal: (key: Buffer, plaintext: string) => string;
  config?: Env;
}

/**
 * Find the key (see the top of this file), move an earlier version's key out of the database, and check the key
 * against the database's check value (writing it on a first start). Throws EncryptionKeyError when the key cannot
 * be used.
 */
export async function loadEncryptionKey(db: Db, { seal, config = env() }: LoadOptions): Promise<Buffer> {
  const log = logger();
  const file = keyFilePath(config);
  let key: Buffer | null = config.ENCRYPTION_KEY ? Buffer.from(config.ENCRYPTION_KEY, "base64") : file && existsSync(/*turbopackIgnore: true*/ file) ? readKeyFile(file) : null;
  const where = config.ENCRYPTION_KEY ? "ENCRYPTION_KEY" : file ? `the key file ${file}` : "memory";
  const check = await setting(db, CHECK_SETTING);

  const legacyText = await setting(db, LEGACY_KEY_SETTING);
  if (legacyText) {
    const legacy = Buffer.from(legacyText, "base64");
    if (!key && (!check || check === keyCheck(legacy))) {
      // The usual upgrade: the database's own key becomes the key file's.
      key = file ? writeKeyFile(file, legacy) : legacy;
      log.warn({ key_file: file }, "moved the encryption key out of the database into its key file; keep a copy of it apart from the backups");
    }
    if (key && !key.equals(legacy)) {
      const moved = await resealAll(db, legacy, key, seal);
      log.warn({ resealed: moved }, `sealed the database's secrets again with the key from ${where}`);
    }
    if (key) await db.delete(appSettings).where(eq(appSettings.key, LEGACY_KEY_SETTING));
  }

  if (!key) {
    if (check) {
      throw new EncryptionKeyError(
        `this database's secrets were sealed with an encryption key that is not here: set ENCRYPTION_KEY, or put its key file back at ${file ?? "ENCRYPTION_KEY_FILE"} (docs/operations.md, "Backups")`,
      );
    }
    key = file ? writeKeyFile(file, randomBytes(32)) : randomBytes(32);
    if (file) log.info({ key_file: file }, "generated the encryption key; keep a copy of it apart from the backups");
  }

  // Sessions are signed with a secret derived from the key now (lib/auth/next-auth.ts): the stored one goes.
  await db.delete(appSettings).where(eq(appSettings.key, LEGACY_SESSION_SETTING));
  await db.insert(appSettings).values({ key: CHECK_SETTING, value: keyCheck(key) }).onConflictDoNothing();
  if ((await setting(db, CHECK_SETTING)) !== keyCheck(key)) {
    throw new EncryptionKeyError(
      `the encryption key from ${where} is not the one this database's secrets were sealed with: give every instance the same key (ENCRYPTION_KEY or ENCRYPTION_KEY_FILE; docs/self-hosting.md)`,
    );
  }
  return key;
}
