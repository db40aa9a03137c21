import { describe, expect, it } from "vitest";
import { isPublicAddress, validateCallbackUrl } from "./ssrf";

describe("callback address rules", () => {
  it.each([
    // IPv4
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["127.0.0.1", false],
    ["127.255.0.9", false],
    ["10.0.0.1", false],
    ["172.16.5.4", false],
    ["172.31.255.255", false],
    ["172.32.0.1", true],
    ["192.168.1.1", false],
    ["169.254.169.254", false], // cloud metadata
    ["169.254.0.1", false],
    ["100.64.0.1", false], // carrier-grade NAT
    ["0.0.0.0", false],
    ["255.255.255.255", false],
    ["224.0.0.1", false],
    ["192.0.2.10", false], // documentation
    // IPv6
    ["2001:4860:4860::8888", true],
    ["::1", false],
    ["::", false],
    ["fe80::1", false],
    ["fc00::1", false],
    ["fd00:ec2::254", false], // AWS metadata over IPv6
    ["ff02::1", false],
    ["2001:db8::1", false],
    // IPv4 inside IPv6
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:169.254.169.254", false],
    ["::ffff:8.8.8.8", true],
    ["64:ff9b::7f00:1", false], // NAT64 to loopback
    ["64:ff9b::808:808", true],
    ["2002:7f00:1::", false], // 6to4 of 127.0.0.1
    ["2002:808:808::", true], // 6to4 of 8.8.8.8
    ["::7f00:1", false], // IPv4-compatible (deprecated) 127.0.0.1, what WHATWG URL makes of [::127.0.0.1]
    ["::808:808", false], // IPv4-compatible of a public address: still not a global unicast address
    ["::ffff:0:7f00:1", false], // SIIT (rfc6145) of 127.0.0.1
    ["64:ff9b:1::7f00:1", false], // local-use NAT64 (RFC 8215) of 127.0.0.1
    ["fec0::1", false], // site-local
    ["100::1", false], // discard
    ["2001::1", false], // Teredo
    ["3fff::1", false], // documentation (RFC 9637)
    ["4000::1", false], // outside 2000::/3
    ["198.18.0.1", false], // benchmarking
    ["not-an-ip", false],
  ])("%s is public: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it.each([
    ["https://2130706433/hook", "127.0.0.1"], // decimal
    ["https://0x7f.1/hook", "127.0.0.1"], // hex
    ["https://017700000001/hook", "127.0.0.1"], // octal
    ["https://127.1/hook", "127.0.0.1"], // shorthand
    ["https://[::ffff:127.0.0.1]/hook", "::ffff:7f00:1"],
    ["https://[::127.0.0.1]/", "::7f00:1"],
    ["https://[::1]:8443/hook", "::1"],
    ["https://169.254.169.254/latest/meta-data", "169.254.169.254"],
    ["https://0.0.0.0/", "0.0.0.0"],
    ["https://localhost/hook", "localhost"],
  ])("refuses %s", async (url, shown) => {
    await expect(validateCallbackUrl(url, { allowPrivate: false })).rejects.toThrow(shown === "localhost" ? /private|loopback/ : new RegExp(shown.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  });

  it("requires https and no credentials, unless private callbacks are allowed for development", async () => {
    await expect(validateCallbackUrl("http://8.8.8.8/hook", { allowPrivate: false })).rejects.toThrow("https");
    await expect(validateCallbackUrl("ftp://8.8.8.8/hook", { allowPrivate: true })).rejects.toThrow("https");
    await expect(validateCallbackUrl("https://user:pw@8.8.8.8/hook", { allowPrivate: false })).rejects.toThrow("credentials");
    await expect(validateCallbackUrl("not a url", { allowPrivate: false })).rejects.toThrow("valid URL");
    await expect(validateCallbackUrl("https://8.8.8.8/hook", { allowPrivate: false })).resolves.toBeInstanceOf(URL);
    await expect(validateCallbackUrl("http://127.0.0.1:9999/hook", { allowPrivate: true })).resolves.toBeInstanceOf(URL);
  });

  it("says how to allow a local receiver for testing when a callback is on loopback", async () => {
    await expect(validateCallbackUrl("http://127.0.0.1:8080/hook", { allowPrivate: false })).rejects.toThrow(
      "must use https, and 127.0.0.1 is a loopback address (for local testing, start the service with ALLOW_PRIVATE_CALLBACKS=true)",
    );
    await expect(validateCallbackUrl("https://localhost/hook", { allowPrivate: false })).rejects.toThrow(/a loopback address; for local testing, start the service with ALLOW_PRIVATE_CALLBACKS=true\)$/);
  });

  it("accepts an address the operator allowed (ALLOW_PRIVATE_ADDRESSES), and no other private one", async () => {
    await expect(validateCallbackUrl("https://10.1.2.3/hook", { allowPrivate: false, allowed: ["10.1.0.0/16"] })).resolves.toBeInstanceOf(URL);
    await expect(validateCallbackUrl("https://10.2.2.3/hook", { allowPrivate: false, allowed: ["10.1.0.0/16"] })).rejects.toThrow("10.2.2.3, a private address");
    await expect(validateCallbackUrl("https://[::ffff:10.1.2.3]/hook", { allowPrivate: false, allowed: ["10.1.2.3"] })).resolves.toBeInstanceOf(URL);
  });

  it("refuses a host that does not resolve", async () => {
    await expect(validateCallbackUrl("https://does-not-exist.invalid/hook", { allowPrivate: false })).rejects.toThrow("does not resolve");
  });
});
