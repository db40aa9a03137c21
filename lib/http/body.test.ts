import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./errors";
import { parseJsonBody, readJsonObject } from "./body";

const request = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

function streamOf(size: number, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const length = Math.min(chunk, size - sent);
      sent += length;
      controller.enqueue(new Uint8Array(length).fill(0x20));
    },
  });
}

describe("JSON bodies", () => {
  it("accepts a body of exactly the limit and refuses one byte more with 413", async () => {
    const limit = 1000;
    const fits = `{"a":"${"x".repeat(limit - 8)}"}`;
    expect(fits.length).toBe(limit);
    await expect(readJsonObject(request(fits), limit)).resolves.toEqual({ a: "x".repeat(limit - 8) });
    const over = `{"a":"${"x".repeat(limit - 7)}"}`;
    expect((await failure(readJsonObject(request(over), limit))).status).toBe(413);
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const error = await failure(readJsonObject(request("{}", { "content-length": "5000000" }), 1024));
    expect(error.status).toBe(413);
  });

  it("cuts off a streamed body without a length as soon as it passes the limit", async () => {
    const error = await failure(readJsonObject(request(streamOf(5 * 1024 * 1024)), 1024 * 1024));
    expect(error.status).toBe(413);
  });

  it.each([
    ["", "empty"],
    ["{", "not valid JSON"],
    ["[1,2]", "must be a JSON object"],
    ["null", "must be a JSON object"],
    ['"text"', "must be a JSON object"],
  ])("refuses %j with 400", async (body, message) => {
    const error = await failure(readJsonObject(request(body)));
    expect(error.status).toBe(400);
    expect(error.message).toContain(message);
  });

  it("refuses invalid UTF-8 with 400", async () => {
    const error = await failure(readJsonObject(request(new Uint8Array([0x7b, 0xff, 0x7d]))));
    expect(error.status).toBe(400);
  });

  it("reports validation failures with the field path", async () => {
    const schema = z.object({ ticket_id: z.string(), ticket_data: z.object({ summary: z.string().min(1) }) });
    const error = await failure(parseJsonBody(request('{"ticket_data":{"summary":5}}'), schema));
    expect(error.status).toBe(400);
    expect(error.code).toBe("validation_error");
    expect(error.details).toContain("ticket_id: is required");
    expect(error.details.some((detail) => detail.startsWith("ticket_data.summary:"))).toBe(true);
  });
});

describe("U+0000 in a JSON body", () => {
  it("is refused with 400 naming each place, in strings and keys", async () => {
    const error = await failure(readJsonObject(request(JSON.stringify({ a: { b: ["ok", "x\u0000"] }, ["k\u0000"]: 1, c: "fine" }))));
    expect(error.status).toBe(400);
    expect(error.details).toEqual(["a.b.1: must not contain U+0000", "k\\u0000: must not contain U+0000"]);
  });

  it("refuses a lone surrogate (not Unicode text) but keeps a pair", async () => {
    const error = await failure(readJsonObject(request('{"a":"x\\ud800y","b":"\\ud83d\\ude00"}')));
    expect(error.details).toEqual(["a: must be valid Unicode (it holds a lone surrogate)"]);
    expect(await readJsonObject(request('{"b":"\\ud83d\\ude00"}'))).toEqual({ b: "😀" });
  });

  it("is not confused with an escaped backslash followed by u0000", async () => {
    expect(await readJsonObject(request(JSON.stringify({ text: "C:\\u0000\\file" })))).toEqual({ text: "C:\\u0000\\file" });
  });
});
