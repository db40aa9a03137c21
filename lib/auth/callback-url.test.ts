// The redirect after sign-in from the attacker's side: every way of writing another host that a browser would
// follow, and the values that used to break the redirect itself.
import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-url";

describe("the path followed after sign-in", () => {
  it.each([
    ["/\t/evil.example/phish", "tab, which browsers remove"],
    ["/\n/evil.example", "newline"],
    ["/\r\n/evil.example", "CR LF"],
    ["\t//evil.example", "leading tab"],
    [" //evil.example", "leading space"],
    ["\u0000//evil.example", "leading NUL"],
    ["//evil.example", "protocol-relative"],
    ["/\\evil.example", "backslash, which browsers read as a slash"],
    ["\\\\evil.example", "two backslashes"],
    ["/.//evil.example", "a dot segment collapsing to //"],
    ["/x/..//evil.example", "a dot-dot segment collapsing to //"],
    ["https://evil.example/", "an absolute URL"],
    ["javascript:alert(1)", "a script URL"],
    ["evil.example", "a relative path"],
    ["", "nothing"],
  ])("refuses %j (%s)", (value) => {
    expect(safeCallbackPath(value)).toBe("/dashboard");
  });

  it("keeps a path of this site with its query and fragment", () => {
    expect(safeCallbackPath("/dashboard/stories/ACME-1?customer=acme#runs")).toBe("/dashboard/stories/ACME-1?customer=acme#runs");
    expect(safeCallbackPath("/dashboard/settings")).toBe("/dashboard/settings");
    expect(safeCallbackPath(["/dashboard/settings", "//evil.example"])).toBe("/dashboard/settings");
    // An encoded tab stays encoded: the browser does not remove it, and the path stays on this site.
    expect(safeCallbackPath("/%09/evil.example")).toBe("/%09/evil.example");
  });

  it("never answers a value a Location header cannot carry", () => {
    for (const value of ["/\u0000x", "/a\u001fb", "/\u007f", "/ok\nthen"]) {
      const path = safeCallbackPath(value);
      expect(path).not.toMatch(/[\u0000-\u001f\u007f]/);
      expect(path.startsWith("/") && !path.startsWith("//")).toBe(true);
    }
  });
});
