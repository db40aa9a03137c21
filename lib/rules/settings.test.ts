import { describe, expect, it } from "vitest";
import { freeCustomer } from "@/testing/customers";
import { setupTestDatabase } from "@/testing/db";
import { putRuleSettings, rulesInForce } from "./settings";

const database = setupTestDatabase();

describe("rulesInForce: the dashboard's line about the rules", () => {
  it("gives each customer's preset and the codes changed from it, the default for one that never saved any", async () => {
    const db = database().db;
    const [strict, lenient, untouched] = await Promise.all(["rif-strict", "rif-lenient", "rif-untouched"].map((id) => freeCustomer(db, id, 5)));
    await putRuleSettings(
      db,
      strict.customerId,
      // A code kept on at its own cost changes nothing, and is not counted as a change.
      { preset: "strict", codes: { "minimal.brackets": { enabled: false }, "valuable.no_benefit": { cost: 5 }, "atomic.two_actions": { enabled: true } } },
      "test",
    );
    await putRuleSettings(db, lenient.customerId, { preset: "lenient" }, "test");
    expect(await rulesInForce(db, [untouched.customerId, strict.customerId, lenient.customerId])).toEqual([
      { customerId: "rif-untouched", preset: "default", changedCodes: 0 },
      { customerId: "rif-strict", preset: "strict", changedCodes: 2 },
      { customerId: "rif-lenient", preset: "lenient", changedCodes: 0 },
    ]);
    expect(await rulesInForce(db, [])).toEqual([]);
  });
});
