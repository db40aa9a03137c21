// `npm run db:migrate`: apply pending migrations to DATABASE_URL (or the embedded database in PGLITE_DIR,
// when no server is running on it). The server also migrates at start; this is for deploy pipelines.
import { closeDb, getDbHandle } from "@/db/client";
import { env, EnvError } from "@/lib/env";

async function main(): Promise<void> {
  try {
    env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`db:migrate: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const handle = await getDbHandle(); // opening the database applies every pending migration
  console.log(`db:migrate: migrations applied (${handle.driver})`);
  await closeDb();
}

void main().catch((error) => {
  console.error(`db:migrate: ${(error as Error).message}`);
  process.exit(1);
});
