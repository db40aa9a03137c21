import { BlockList, isIP } from "node:net";
import { env } from "@/lib/env";

/** Set by scripts/server.mjs from the socket peer; any client-sent copy is deleted before Next sees it. */
export const PEER_HEADER = "x-ssc-peer-address";

/** The bucket used when the peer is unknown (no custom server, e.g. `next dev`): everyone shares it. */
export const UNKNOWN_CLIENT = "unknown";

/**
 * A bare, canonical IP address from a header value: port and brackets dropped ("[::1]:80", "1.2.3.4:80"),
 * zone id dropped, IPv4-mapped IPv6 turned into IPv4, IPv6 lower-cased and fully expanded. Null when the
 * value is not an IP address.
 */
export function normalizeIp(value: string): string | null {
  let address = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  address = address.replace(/%.*$/, "");
  const version = isIP(address);
  if (version === 4) return address;
  if (version !== 6) return null;
  const groups = expandIpv6(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  }
  return groups.map((g) => g.toString(16)).join(":");
}

/** The eight 16-bit groups of a valid IPv6 address (`::` and an embedded IPv4 tail expanded). */
function expandIpv6(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  const parts = tail === undefined ? left : [...left, ...Array<string>(missing).fill("0"), ...right];
  return parts.map((part) => parseInt(part, 16));
}

/**
 * The rate-limit key of an address: IPv4 as is; IPv6 by its /64 network, because one subscriber usually
 * holds a whole /64 and could otherwise take a fresh address (and a fresh bucket) for every request.
 */
export function clientBucket(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  return `${expandIpv6(ip).slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

const listCache = new Map<string, BlockList>();

/** TRUSTED_PROXIES entries (IPs or CIDRs, IPv4 or IPv6) as a BlockList; a bad entry is a configuration error. */
export function trustedProxyList(entries: readonly string[]): BlockList {
  const cacheKey = entries.join(",");
  const cached = listCache.get(cacheKey);
  if (cached) return cached;
  const list = new BlockList();
  for (const entry of entries) {
    const [rawAddress, rawPrefix, ...rest] = entry.split("/");
    const address = normalizeIp(rawAddress);
    const family = address && isIP(address) === 4 ? "ipv4" : "ipv6";
    let prefix = rawPrefix === undefined ? (family === "ipv4" ? 32 : 128) : /^\d{1,3}$/.test(rawPrefix) ? Number(rawPrefix) : NaN;
    // "::ffff:10.0.0.0/104" names an IPv4 network in its mapped form.
    if (family === "ipv4" && rawPrefix !== undefined && isIP(rawAddress) === 6) prefix -= 96;
    if (!address || rest.length > 0 || !(prefix >= 0 && prefix <= (family === "ipv4" ? 32 : 128))) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    }
    list.addSubnet(address, prefix, family);
  }
  listCache.set(cacheKey, list);
  return list;
}

function isTrusted(list: BlockList, ip: string): boolean {
  return list.check(ip, isIP(ip) === 4 ? "ipv4" : "ipv6");
}

/**
 * The client's address. The socket peer (PEER_HEADER) is the truth; `X-Forwarded-For` is read only when the
 * peer is a trusted proxy, and then from the right: the first entry that is not itself a trusted proxy is the
 * client. Everything left of it was written by the client and is ignored, so a forged header can never
 * move a client to another bucket.
 */
export function clientIp(headers: Headers, trustedProxies: readonly string[] = env().TRUSTED_PROXIES): string {
  const peer = normalizeIp(headers.get(PEER_HEADER) ?? "");
  if (!peer) return UNKNOWN_CLIENT;
  if (trustedProxies.length === 0) return peer;
  const trusted = trustedProxyList(trustedProxies);
  if (!isTrusted(trusted, peer)) return peer;
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeIp(hops[i]);
    // A trusted proxy only ever appends a real address; anything else means we cannot look further left.
    if (!hop) break;
    client = hop;
    if (!isTrusted(trusted, hop)) break;
  }
  return client;
}
