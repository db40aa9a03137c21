// Webhook signing secrets must be recoverable (to sign every callback), so they are stored encrypted with
// AES-256-GCM under a key kept in app_settings (generated once, shared by every instance). A leaked
// installations table, export or log line then reveals no signing secret.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { appSettings } from "@/db/schema";

const SETTING = "webhook_secret_key";
const holder = globalThis as unknown as { __sscSecretBoxKey?: Map<Db, Promise<Buffer>> };

function key(db: Db): Promise<Buffer> {
  const keys = (holder.__sscSecretBoxKey ??= new Map());
  let pending = keys.get(db);
  if (!pending) {
    pending = (async () => {
      await db.insert(appSettings).values({ key: SETTING, value: randomBytes(32).toString("base64") }).onConflictDoNothing();
      const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SETTING));
      return Buffer.from(row.value, "base64");
    })();
    pending.catch(() => keys.delete(db));
    keys.set(db, pending);
  }
  return pending;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export async function sealSecret(db: Db, plaintext: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await key(db), iv);
  const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

export async function openSecret(db: Db, sealed: string): Promise<string> {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new Error("unreadable sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", await key(db), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
