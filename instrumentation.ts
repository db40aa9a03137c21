// Next.js start-up hook: validate the environment, open and migrate the database, seed a demo on first start.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` may load this file while collecting pages; the database is never touched at build time.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startService } = await import("./lib/startup");
  await startService();
}
