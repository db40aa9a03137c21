import { describe, expect, it } from "vitest";
import { clientBucket, clientIp, normalizeIp, trustedProxyList, UNKNOWN_CLIENT } from "./client-ip";

const headers = (peer: string | null, xff?: string) => {
  const h = new Headers();
  if (peer !== null) h.set("x-ssc-peer-address", peer);
  if (xff !== undefined) h.set("x-forwarded-for", xff);
  return h;
};

describe("normalizeIp", () => {
  it.each([
    ["1.2.3.4", "1.2.3.4"],
    [" 1.2.3.4:5678 ", "1.2.3.4"],
    ["::ffff:10.0.0.7", "10.0.0.7"],
    ["::FFFF:0a00:0007", "10.0.0.7"],
    ["[2001:DB8::1]:443", "2001:db8:0:0:0:0:0:1"],
    ["2001:db8:0:0::1", "2001:db8:0:0:0:0:0:1"],
    ["fe80::1%eth0", "fe80:0:0:0:0:0:0:1"],
    ["::1", "0:0:0:0:0:0:0:1"],
  ])("%s -> %s", (input, expected) => expect(normalizeIp(input)).toBe(expected));

  it.each(["", "unknown", "1.2.3", "1.2.3.4.5", "300.1.1.1", "example.com", "1.2.3.4, 5.6.7.8"])("rejects %j", (input) =>
    expect(normalizeIp(input)).toBeNull(),
  );
});

describe("clientBucket", () => {
  it("keeps IPv4 and groups IPv6 by /64", () => {
    expect(clientBucket("1.2.3.4")).toBe("1.2.3.4");
    expect(clientBucket("2001:db8:0:0:1:2:3:4")).toBe(clientBucket("2001:db8:0:0:ffff:0:0:1"));
    expect(clientBucket("2001:db8:0:0:1:2:3:4")).toBe("2001:db8:0:0::/64");
    expect(clientBucket("2001:db8:0:1:0:0:0:1")).not.toBe(clientBucket("2001:db8:0:0:0:0:0:1"));
  });
});

describe("trustedProxyList", () => {
  it("accepts IPs and CIDRs of both families, including the IPv4-mapped form", () => {
    const list = trustedProxyList(["10.0.0.0/8", "192.168.1.1", "2001:db8::/32", "::ffff:172.16.0.0/108"]);
    expect(list.check("10.9.9.9", "ipv4")).toBe(true);
    expect(list.check("192.168.1.1", "ipv4")).toBe(true);
    expect(list.check("192.168.1.2", "ipv4")).toBe(false);
    expect(list.check("2001:db8::99", "ipv6")).toBe(true);
    expect(list.check("172.16.5.5", "ipv4")).toBe(true);
    expect(list.check("172.32.0.1", "ipv4")).toBe(false);
  });

  it.each(["10.0.0.0/33", "10.0.0.0/x", "proxy.internal", "10.0.0.1/8/2", "::1/129"])("refuses %j with the variable named", (entry) =>
    expect(() => trustedProxyList([entry])).toThrow(/TRUSTED_PROXIES/),
  );
});

describe("clientIp", () => {
  it("is the socket peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientIp(headers("203.0.113.5", "1.1.1.1"), [])).toBe("203.0.113.5");
    expect(clientIp(headers("::ffff:203.0.113.5", "1.1.1.1, 2.2.2.2"), [])).toBe("203.0.113.5");
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    expect(clientIp(headers("203.0.113.5", "1.1.1.1"), ["10.0.0.0/8"])).toBe("203.0.113.5");
  });

  it("takes the right-most untrusted hop when the peer is a trusted proxy", () => {
    const trusted = ["10.0.0.0/8", "2001:db8::/32"];
    expect(clientIp(headers("10.0.0.2", "198.51.100.7"), trusted)).toBe("198.51.100.7");
    // The client forged "1.1.1.1"; our proxies appended the real address and then each other's.
    expect(clientIp(headers("10.0.0.2", "1.1.1.1, 198.51.100.7, 10.0.0.9"), trusted)).toBe("198.51.100.7");
    expect(clientIp(headers("::ffff:10.0.0.2", "2001:db8::7, 198.51.100.8:1234"), trusted)).toBe("198.51.100.8");
  });

  it("reads several X-Forwarded-For headers as one list", () => {
    const h = headers("10.0.0.2");
    h.append("x-forwarded-for", "1.1.1.1");
    h.append("x-forwarded-for", "198.51.100.7");
    expect(clientIp(h, ["10.0.0.0/8"])).toBe("198.51.100.7");
  });

  it("stops at a malformed hop and uses the last address a trusted proxy vouched for", () => {
    expect(clientIp(headers("10.0.0.2", "garbage"), ["10.0.0.0/8"])).toBe("10.0.0.2");
    expect(clientIp(headers("10.0.0.2", "198.51.100.7, nonsense, 10.0.0.3"), ["10.0.0.0/8"])).toBe("10.0.0.3");
  });

  it("is the proxy itself when there is no X-Forwarded-For, or only trusted hops", () => {
    expect(clientIp(headers("10.0.0.2"), ["10.0.0.0/8"])).toBe("10.0.0.2");
    expect(clientIp(headers("10.0.0.2", "10.0.0.3"), ["10.0.0.0/8"])).toBe("10.0.0.3");
  });

  it("falls back to one shared bucket when the server did not record a peer", () => {
    expect(clientIp(headers(null, "1.1.1.1"), [])).toBe(UNKNOWN_CLIENT);
    expect(clientIp(headers("not an ip", "1.1.1.1"), ["0.0.0.0/0"])).toBe(UNKNOWN_CLIENT);
  });
});
