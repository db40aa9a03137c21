import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { curlFor, shellQuote, type CurlOperation } from "./curl";
import { inlineTokens } from "./inline-markdown";

describe("inlineTokens", () => {
  it("turns `code`, **bold** and [links](url) into tokens and never leaves a backtick", () => {
    expect(inlineTokens("Send `Bearer <API_KEY>` as **Authorization**; see [Standard Webhooks](https://www.standardwebhooks.com).")).toEqual([
      { kind: "text", text: "Send " },
      { kind: "code", text: "Bearer <API_KEY>" },
      { kind: "text", text: " as " },
      { kind: "strong", text: "Authorization" },
      { kind: "text", text: "; see " },
      { kind: "link", text: "Standard Webhooks", href: "https://www.standardwebhooks.com" },
      { kind: "text", text: "." },
    ]);
    expect(inlineTokens("an unpaired ` backtick")).toEqual([{ kind: "text", text: "an unpaired  backtick" }]);
    expect(inlineTokens("[click](javascript:alert(1))")).toEqual([{ kind: "text", text: "click" }, { kind: "text", text: ")" }]);
  });
});

describe("curlFor", () => {
  const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, CurlOperation>> };

  it("builds a runnable command from the document's examples, with the credential in a shell variable", () => {
    const score = curlFor("https://stories.example.com", "post", "/api/v1/score", doc.paths["/api/v1/score"].post);
    expect(score.split(" \\\n  ").slice(0, 3)).toEqual([
      "curl https://stories.example.com/api/v1/score",
      '-H "Authorization: Bearer $API_KEY"',
      '-H "Content-Type: application/json"',
    ]);
    expect(score).toContain('"ticket_id": "SHOP-1"');

    expect(curlFor("http://localhost:3000", "delete", "/api/v1/installations/{id}", doc.paths["/api/v1/installations/{id}"].delete)).toMatch(
      /^curl -X DELETE http:\/\/localhost:3000\/api\/v1\/installations\/[0-9a-f-]{36} \\\n {2}-H "Authorization: Bearer \$API_KEY"$/,
    );
    expect(curlFor("http://h", "get", "/stats/trends", doc.paths["/stats/trends"].get)).toMatch(/^curl 'http:\/\/h\/stats\/trends\?interval=week&from=2026-11-09&work_item_type=bug'/);
    expect(curlFor("http://h", "post", "/evaluate/upload", doc.paths["/evaluate/upload"].post)).toBe("curl http://h/evaluate/upload \\\n  -F 'file=@backlog.csv'");
    expect(curlFor("http://h", "post", "/api/v1/evaluate/{source}", doc.paths["/api/v1/evaluate/{source}"].post)).toContain('-H "X-Service-Secret: $SERVICE_SECRET"');
    expect(curlFor("http://h", "post", "/api/ping", doc.paths["/api/ping"].post)).toBe("curl -X POST http://h/api/ping");
  });

  it("quotes single quotes for the shell", () => {
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
  });
});
