// Which addresses a request of the service may reach. Only globally routable unicast addresses are public; an IPv4
// address carried inside IPv6 (mapped, NAT64, 6to4) is judged by that IPv4 address, since it decides where the
// packet goes. Private, loopback, link-local (cloud metadata), shared (carrier-grade NAT), unspecified, multicast,
// documentation and reserved addresses are refused unless the operator allows them: ALLOW_PRIVATE_CALLBACKS=true
// allows every address (local development and tests), ALLOW_PRIVATE_ADDRESSES only the listed ones (an on-premises
// Jira or GitHub Enterprise).
import ipaddr from "ipaddr.js";

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** IPv6 inside the global unicast block (2000::/3) that is still nobody's public host. */
const V6_NOT_PUBLIC: Range[] = [
  "2001::/23", // IETF protocol assignments: Teredo, benchmarking, ORCHID, AMT, AS112 (their traffic goes to relays)
  "2001:db8::/32", // documentation
  "3fff::/20", // documentation (RFC 9637)
].map((cidr) => ipaddr.parseCIDR(cidr));

/** NAT64 prefixes: the well-known one (RFC 6052) and the local-use one (RFC 8215); the IPv4 address is the last 32 bits. */
const NAT64: Range[] = ["64:ff9b::/96", "64:ff9b:1::/48"].map((cidr) => ipaddr.parseCIDR(cidr));
const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");

/** The IPv4 address an IPv6 address stands for, when it carries one that decides where the packet goes. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = v6.toByteArray();
  const range = v6.range();
  if (range === "ipv4Mapped" || range === "rfc6145") return new ipaddr.IPv4(bytes.slice(12, 16));
  if (NAT64.some((cidr) => v6.match(cidr))) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (range === "6to4") return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/** The address as the network sees it: IPv4 when an IPv6 address only wraps one. */
function effective(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed;
  return embeddedIPv4(parsed as ipaddr.IPv6) ?? parsed;
}

/** Whether an address is a globally routable unicast address (a host anyone on the internet may run). */
export function isPublicAddress(address: string): boolean {
  const parsed = effective(address);
  if (!parsed) return false;
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  // Outside 2000::/3 nothing is public: the IPv4-compatible ::a.b.c.d form (`[::127.0.0.1]`), site-local, discard...
  if (!v6.match(GLOBAL_UNICAST)) return false;
  return v6.range() === "unicast" && !V6_NOT_PUBLIC.some((cidr) => v6.match(cidr));
}

/** What kind of address it is, in words for a message ("a loopback address"). */
export function describeAddress(address: string): string {
  const parsed = effective(address);
  if (!parsed) return "not an IP address";
  const range = parsed.range();
  const words: Record<string, string> = {
    loopback: "a loopback address",
    private: "a private address",
    uniqueLocal: "a private address",
    linkLocal: "a link-local address",
    carrierGradeNat: "a shared (carrier-grade NAT) address",
    unspecified: "the unspecified address",
    broadcast: "the broadcast address",
    multicast: "a multicast address",
  };
  return words[range] ?? (isPublicAddress(address) ? "a public address" : "a reserved address");
}

export interface AddressPolicy {
  /** ALLOW_PRIVATE_CALLBACKS: every address may be reached. */
  allowPrivate: boolean;
  /** ALLOW_PRIVATE_ADDRESSES: these addresses or ranges may be reached although they are not public. */
  allowed: string[];
}

/** Parse an address or CIDR list entry; null when it is neither. */
export function parseRange(entry: string): Range | null {
  try {
    if (entry.includes("/")) return ipaddr.parseCIDR(entry);
    const address = ipaddr.parse(entry);
    return [address, address.kind() === "ipv4" ? 32 : 128];
  } catch {
    return null;
  }
}

function inRanges(address: string, ranges: string[]): boolean {
  const parsed = effective(address);
  if (!parsed) return false;
  return ranges.some((entry) => {
    const range = parseRange(entry);
    if (!range) return false;
    const [base] = range;
    const candidate = base.kind() === parsed.kind() ? parsed : base.kind() === "ipv6" && parsed.kind() === "ipv4" ? (parsed as ipaddr.IPv4).toIPv4MappedAddress() : null;
    return candidate !== null && candidate.match(range);
  });
}

/** Whether a request may connect to this address under the policy. */
export function addressAllowed(address: string, policy: AddressPolicy): boolean {
  return policy.allowPrivate || isPublicAddress(address) || inRanges(address, policy.allowed);
}
