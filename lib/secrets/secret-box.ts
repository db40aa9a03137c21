// Webhook signing secrets and tracker tokens must be recoverable (to sign every callback, to call the tracker), so
// they are stored sealed with AES-256-GCM under the service's encryption key, which is never in the database
// (lib/secrets/encryption-key.ts). A leaked table, export, backup or log line then reveals no secret.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { Db } from "@/db/client";
import { loadEncryptionKey } from "@/lib/secrets/encryption-key";

const holder = globalThis as unknown as { __sscEncryptionKey?: Promise<Buffer> };

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealWith(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

/**
 * The process's encryption key, found (and checked against the database) once. The server and the workers load
 * it at start (lib/startup.ts), so a missing or wrong key stops them there; `db` is only read on that first load.
 */
export function encryptionKey(db: Db): Promise<Buffer> {
  holder.__sscEncryptionKey ??= loadEncryptionKey(db, { seal: sealWith });
  holder.__sscEncryptionKey.catch(() => {
    holder.__sscEncryptionKey = undefined;
  });
  return holder.__sscEncryptionKey;
}

/** Tests only: find the key again on next use (after changing ENCRYPTION_KEY or the key file). */
export function resetEncryptionKey(): void {
  holder.__sscEncryptionKey = undefined;
}

export async function sealSecret(db: Db, plaintext: string): Promise<string> {
  return sealWith(await encryptionKey(db), plaintext);
}

export async function openSecret(db: Db, sealed: string): Promise<string> {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new Error("unreadable sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", await encryptionKey(db), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
