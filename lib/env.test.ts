import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("environment", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PGLITE_DIR).toBe("./.data/pglite");
    expect(env.SCORING_ENGINE).toBe("heuristic");
    expect(env.WEBHOOK_RETRY_BASE_MS).toBe(5000);
    expect(env.WEBHOOK_MAX_ATTEMPTS).toBe(8);
    expect(env.ALLOW_PRIVATE_CALLBACKS).toBe(false);
    expect(env.TRUSTED_PROXIES).toEqual([]);
    expect(env.publicBaseUrl).toBe("http://localhost:3000");
    expect(env.SCORING_MAX_RETRIES).toBe(2);
    expect(env.SCORING_RESPONSE_FORMAT).toBe("json_schema");
    expect(env.LLM_CACHE_TTL_DAYS).toBe(90);
    expect(env.EMBEDDED_WORKER).toBe(true);
    expect(parseEnv({ EMBEDDED_WORKER: "false" }).EMBEDDED_WORKER).toBe(false);
  });

  it("runs the embedded database on its own thread when the machine has two cores or more, unless told", () => {
    expect(parseEnv({}).PGLITE_THREAD).toBe(availableParallelism() > 1);
    expect(parseEnv({ PGLITE_THREAD: "false" }).PGLITE_THREAD).toBe(false);
    expect(parseEnv({ PGLITE_THREAD: "1" }).PGLITE_THREAD).toBe(true);
    expect(() => parseEnv({ PGLITE_THREAD: "yes" })).toThrow(/PGLITE_THREAD/);
  });

  it("treats empty strings as unset", () => {
    const env = parseEnv({ PORT: "", DATABASE_URL: "  ", ADMIN_TOKEN: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADMIN_TOKEN).toBeUndefined();
  });

  it("parses lists, flags and URLs", () => {
    const env = parseEnv({
      TRUSTED_PROXIES: "10.0.0.1, 192.168.0.0/16",
      ALLOW_PRIVATE_CALLBACKS: "true",
      ALLOW_PRIVATE_ADDRESSES: "10.0.5.12, fd00::/8",
      SEED_DEMO: "false",
      PUBLIC_BASE_URL: "https://stories.example.com/",
      AUTH_SECRET: "0123456789abcdef0123",
    });
    expect(env.TRUSTED_PROXIES).toEqual(["10.0.0.1", "192.168.0.0/16"]);
    expect(env.ALLOW_PRIVATE_CALLBACKS).toBe(true);
    expect(env.ALLOW_PRIVATE_ADDRESSES).toEqual(["10.0.5.12", "fd00::/8"]);
    expect(env.SEED_DEMO).toBe(false);
    expect(parseEnv({}).SEED_DEMO).toBe(true);
    expect(env.publicBaseUrl).toBe("https://stories.example.com");
    expect(env.authSecret).toBe("0123456789abcdef0123");
  });

  it("takes the three response formats, and says what each is for when given another", () => {
    for (const format of ["json_schema", "json_object", "none"]) expect(parseEnv({ SCORING_RESPONSE_FORMAT: format }).SCORING_RESPONSE_FORMAT).toBe(format);
    expect(parseEnv({ SCORING_RESPONSE_FORMAT: " " }).SCORING_RESPONSE_FORMAT).toBe("json_schema");
    expect(() => parseEnv({ SCORING_RESPONSE_FORMAT: "json" })).toThrow(
      "Invalid environment: SCORING_RESPONSE_FORMAT must be one of json_schema, json_object, none (json_schema: strict structured output; json_object: JSON mode; none: the schema in the prompt)",
    );
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/x" }, "DATABASE_URL"],
    [{ SCORING_ENGINE: "gpt" }, "SCORING_ENGINE"],
    [{ SCORING_MAX_RETRIES: "11" }, "SCORING_MAX_RETRIES"],
    [{ SCORING_MAX_RETRIES: "-1" }, "SCORING_MAX_RETRIES"],
    [{ LLM_CACHE_TTL_DAYS: "soon" }, "LLM_CACHE_TTL_DAYS"],
    [{ ALLOW_PRIVATE_CALLBACKS: "yes" }, "ALLOW_PRIVATE_CALLBACKS"],
    [{ ALLOW_PRIVATE_ADDRESSES: "10.0.0.0/33" }, "ALLOW_PRIVATE_ADDRESSES"],
    [{ ALLOW_PRIVATE_ADDRESSES: "jira.internal" }, "ALLOW_PRIVATE_ADDRESSES"],
    [{ SEED_DEMO: "no" }, "SEED_DEMO"],
    [{ ENCRYPTION_KEY: "c2hvcnQ=" }, "ENCRYPTION_KEY"],
    [{ WEBHOOK_MAX_ATTEMPTS: "0" }, "WEBHOOK_MAX_ATTEMPTS"],
    [{ ADMIN_TOKEN: "short" }, "ADMIN_TOKEN"],
    [{ PUBLIC_BASE_URL: "ftp://example.com" }, "PUBLIC_BASE_URL"],
    [{ SCORING_ENGINE: "openai" }, "OPENAI_BASE_URL"],
  ])("refuses %j with a message naming %s", (values, name) => {
    expect(() => parseEnv(values)).toThrow(EnvError);
    expect(() => parseEnv(values)).toThrow(new RegExp(`\\b${name}\\b`));
  });
});
