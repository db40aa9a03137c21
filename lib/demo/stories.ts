import type { Db } from "@/db/client";

/** Placeholder until the scoring engine lands: demo stories are scored and stored here. */
export async function seedDemoStories(_db: Db, _customerId: string, _now: Date): Promise<{ stories: number; runs: number }> {
  return { stories: 0, runs: 0 };
}
