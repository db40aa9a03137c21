import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "@/testing/db";
import { call } from "@/testing/http";
import { GET } from "./route";

setupTestDatabase();

describe("GET /api/health", () => {
  it("reports the database and the version", async () => {
    const response = await call(GET, "/api/health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok", database: "ok", version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });
});
