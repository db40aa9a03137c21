import pino, { type Logger } from "pino";

const holder = globalThis as unknown as { __sscLogger?: Logger };

/** The process logger: one JSON object per line on stdout (pino), so any log shipper can read it. */
export function logger(): Logger {
  if (!holder.__sscLogger) {
    const level = process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" || process.env.VITEST ? "silent" : "info");
    holder.__sscLogger = pino({
      level,
      base: { service: "story-scoring-service" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ["req.headers.authorization", "req.headers['x-service-secret']"], remove: true },
    });
  }
  return holder.__sscLogger;
}
