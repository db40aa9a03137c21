// The check a URL passes when it is registered (a callback URL, a tracker's base URL): https, no credentials,
// and every address its host resolves to allowed (lib/net/addresses.ts). Registering is only the first
// check: every request to it goes through lib/outbound/client.ts, which checks the addresses again at each
// connection and on each redirect hop, so a name that resolves somewhere private later is still refused.
import { lookup as dnsLookup } from "node:dns";
import { promisify } from "node:util";
import ipaddr from "ipaddr.js";
import { addressAllowed, describeAddress, type AddressPolicy } from "@/lib/net/addresses";

export { isPublicAddress } from "@/lib/net/addresses";

const lookupAll = promisify(dnsLookup);

export class CallbackUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CallbackUrlError";
  }
}

/** Strip the brackets WHATWG URL keeps around IPv6 hosts. */
function bareHost(hostname: string): string {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}

/** What a developer registering a local receiver needs to read: the setting the operator can turn on. */
const LOCAL_TESTING = "for local testing, start the service with ALLOW_PRIVATE_CALLBACKS=true";

/** The host's addresses; an IP literal is its own. */
async function addressesOf(host: string): Promise<string[]> {
  if (ipaddr.isValid(host)) return [host];
  try {
    return (await lookupAll(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    throw new CallbackUrlError(`host '${host}' does not resolve`);
  }
}

/**
 * Check a URL to be called later: https, no credentials, and every address its host resolves to allowed, unless
 * private addresses are allowed (local development and tests, where plain http is allowed too).
 */
export async function validateCallbackUrl(raw: string, policy: AddressPolicy | { allowPrivate: boolean }): Promise<URL> {
  const rules: AddressPolicy = { allowed: [], ...policy };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CallbackUrlError("is not a valid URL");
  }
  if (rules.allowPrivate) {
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new CallbackUrlError("must use https");
  } else if (url.protocol !== "https:") {
    // A local receiver is the usual reason for plain http: say how a test setup allows it.
    const host = bareHost(url.hostname);
    const local = url.protocol === "http:" && (await addressesOf(host).catch(() => [] as string[])).find((address) => !addressAllowed(address, rules));
    throw new CallbackUrlError(local ? `must use https, and ${host} is ${describeAddress(local)} (${LOCAL_TESTING})` : "must use https");
  }
  if (url.username || url.password) throw new CallbackUrlError("must not contain credentials");
  if (rules.allowPrivate) return url;
  const host = bareHost(url.hostname);
  const addresses = await addressesOf(host);
  const blocked = addresses.find((address) => !addressAllowed(address, rules));
  if (blocked) {
    throw new CallbackUrlError(
      `must not point to a private, loopback, link-local or reserved address (${host} -> ${blocked}, ${describeAddress(blocked)}; ${LOCAL_TESTING})`,
    );
  }
  return url;
}
