// Callback URLs must not reach the service's own network: no private, loopback, link-local, metadata,
// unspecified, multicast or reserved addresses, checked when registered and again at every delivery
// (through the connection's DNS lookup, so a name that later resolves somewhere private is still refused).
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { promisify } from "node:util";
import ipaddr from "ipaddr.js";

const lookupAll = promisify(dnsLookup);

/** Only globally routable unicast addresses are public; embedded IPv4 (mapped, NAT64, 6to4) is checked too. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    const range = v6.range();
    if (range === "ipv4Mapped") parsed = v6.toIPv4Address();
    else if (range === "rfc6052" || range === "6to4" || range === "teredo") {
      // Translation prefixes carry an IPv4 address that decides where the packet really goes.
      const bytes = v6.toByteArray();
      const embedded = range === "6to4" ? bytes.slice(2, 6) : range === "teredo" ? bytes.slice(12, 16).map((byte) => byte ^ 0xff) : bytes.slice(12, 16);
      return isPublicAddress(embedded.join("."));
    } else return range === "unicast";
  }
  return parsed.range() === "unicast";
}

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

/**
 * Check a callback URL: https, no credentials, and every address its host resolves to is public, unless
 * private callbacks are allowed (local development and tests, where plain http is allowed too).
 */
export async function validateCallbackUrl(raw: string, { allowPrivate }: { allowPrivate: boolean }): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CallbackUrlError("is not a valid URL");
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) throw new CallbackUrlError("must use https");
  if (url.username || url.password) throw new CallbackUrlError("must not contain credentials");
  if (allowPrivate) return url;
  const host = bareHost(url.hostname);
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = (await lookupAll(host, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      throw new CallbackUrlError(`host '${host}' does not resolve`);
    }
  }
  const blocked = addresses.find((address) => !isPublicAddress(address));
  if (blocked) throw new CallbackUrlError(`must not point to a private, loopback, link-local or reserved address (${host} -> ${blocked})`);
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http(s).request that refuses non-public addresses at connection time (DNS rebinding). */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const blocked = allowPrivate ? undefined : list.find((entry) => !isPublicAddress(entry.address));
      if (blocked) {
        const refusal = Object.assign(new Error(`callback address ${blocked.address} is not public`), { code: "EPRIVATEADDRESS" });
        return callback(refusal, []);
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
