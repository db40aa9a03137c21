import { availableParallelism } from "node:os";
import { z } from "zod";
import { parseRange } from "@/lib/net/addresses";
import { RESPONSE_FORMATS } from "@/lib/scoring/openai/formats";

// Every environment variable the service reads, validated once. Empty strings count as unset.
const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
/** "true"/"1" or "false"/"0"; unset (or empty): `fallback()`, false unless given. */
const booleanFlag = (fallback: () => boolean = () => false) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(["true", "false", "1", "0"], { message: 'must be "true" or "false"' })
      .optional()
      .transform((value) => (value === undefined ? fallback() : value === "true" || value === "1")),
  );
const positiveInt = (fallback: number, max = 1_000_000_000) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(max).default(fallback));

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyToUndefined, z.enum(["development", "production", "test"]).default("development")),
    PORT: positiveInt(3000, 65535),
    PUBLIC_BASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    PGLITE_DIR: z.preprocess(emptyToUndefined, z.string().default("./.data/pglite")),
    ADMIN_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
    SCORING_ENGINE: z.preprocess(emptyToUndefined, z.enum(["heuristic", "openai"]).default("heuristic")),
    OPENAI_BASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    OPENAI_API_KEY: optionalString,
    SCORING_MODEL: optionalString,
    SCORING_TEMPERATURE: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(2).default(0)),
    SCORING_TIMEOUT_MS: positiveInt(60_000, 600_000),
    SCORING_CONCURRENCY: positiveInt(8, 1024),
    // How the LLM engine asks for JSON: a strict structured output (json_schema), JSON mode (json_object) or
    // nothing (none); with the last two the schema goes into the prompt (docs/scoring.md, "Local models").
    SCORING_RESPONSE_FORMAT: z.preprocess(
      emptyToUndefined,
      z.enum(RESPONSE_FORMATS, { message: `must be one of ${RESPONSE_FORMATS.join(", ")} (json_schema: strict structured output; json_object: JSON mode; none: the schema in the prompt)` }).default("json_schema"),
    ),
    // Retries of one LLM call after the first attempt (the openai client's backoff); 0 to fail fast.
    SCORING_MAX_RETRIES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10).default(2)),
    // Days an LLM answer stays in llm_cache; 0 keeps answers for ever.
    LLM_CACHE_TTL_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(3650).default(90)),
    TRUSTED_PROXIES: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default("")
        .transform((value) =>
          value
            .split(",")
            .map((entry) => entry.trim())
            .filter(Boolean),
        ),
    ),
    ALLOW_PRIVATE_CALLBACKS: booleanFlag(),
    // Private addresses (IPs or CIDRs) outbound requests may reach although ALLOW_PRIVATE_CALLBACKS is off: an
    // on-premises Jira or GitHub Enterprise (lib/net/addresses.ts).
    ALLOW_PRIVATE_ADDRESSES: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default("")
        .transform((value) =>
          value
            .split(",")
            .map((entry) => entry.trim())
            .filter(Boolean),
        )
        .refine((entries) => entries.every((entry) => parseRange(entry) !== null), "must be a comma-separated list of IP addresses or CIDR ranges"),
    ),
    WEBHOOK_RETRY_BASE_MS: positiveInt(5000, 3_600_000),
    WEBHOOK_MAX_ATTEMPTS: positiveInt(8, 100),
    // Webhook deliveries and their attempts (the settings page's list) are deleted this many days after they
    // were created, once they are no longer pending.
    WEBHOOK_DELIVERY_RETENTION_DAYS: positiveInt(30, 3650),
    // Queue workers (docs/operations.md, "The queue"): score jobs fetched per batch, callbacks in flight per process and
    // per installation, how long a fetched job may run before another worker is offered it, and how often the
    // queue's maintenance (which offers expired jobs again) runs.
    WORKER_CONCURRENCY: positiveInt(2, 64),
    SCORE_BATCH_SIZE: positiveInt(50, 500),
    DELIVERY_CONCURRENCY: positiveInt(64, 1000),
    WEBHOOK_CONCURRENCY_PER_INSTALLATION: positiveInt(8, 1000),
    QUEUE_SCORE_EXPIRY_SECONDS: positiveInt(600, 86_400),
    // While the web process answers requests, its score workers pause this many times as long as each batch
    // took (0: they never pause), so requests get at least WORKER_YIELD_FACTOR / (WORKER_YIELD_FACTOR + 1) of it.
    WORKER_YIELD_FACTOR: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(100).default(3)),
    QUEUE_MAINTENANCE_SECONDS: positiveInt(120, 86_400),
    // PostgreSQL: a worker process whose heartbeat is older than this is taken for dead, and the queue jobs it
    // had claimed are handed back to the others (lib/queue/index.ts, "leases").
    QUEUE_LEASE_SECONDS: positiveInt(10, 3600),
    // The embedded database on a thread of its own (db/pglite-thread.ts); unset: when the machine has two cores
    // or more (on one, the thread's messages cost CPU time and its work cannot run beside the requests').
    PGLITE_THREAD: booleanFlag(() => availableParallelism() > 1),
    // The web process runs queue workers too unless this is false (scaled out: `npm run worker` processes).
    EMBEDDED_WORKER: booleanFlag(() => true),
    // A first start on an empty database seeds the demo customer and logins unless this is false.
    SEED_DEMO: booleanFlag(() => true),
    // The demo logins' password on that first start, for test runs that sign in (e2e, screenshots); unset, each
    // demo login gets a random password printed once.
    DEMO_PASSWORD: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .min(12, "must be at least 12 characters")
        .max(200)
        .refine((value) => value !== "demo-password", "must not be the password earlier versions published")
        .optional(),
    ),
    // The key that seals webhook signing secrets and tracker tokens (and signs sessions without AUTH_SECRET): 32
    // bytes in base64, else read from ENCRYPTION_KEY_FILE, never kept in the database (lib/secrets/encryption-key.ts).
    ENCRYPTION_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((value) => Buffer.from(value, "base64").length === 32 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(value), "must be 32 random bytes in base64 (openssl rand -base64 32)")
        .optional(),
    ),
    ENCRYPTION_KEY_FILE: optionalString,
    AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
    NEXTAUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.SCORING_ENGINE === "openai") {
      for (const name of ["OPENAI_BASE_URL", "SCORING_MODEL"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when SCORING_ENGINE=openai" });
      }
    }
  });

export type Env = z.infer<typeof envSchema> & { publicBaseUrl: string; authSecret: string | undefined };

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment: ${problems.join("; ")}`);
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join(".") || "env"} ${issue.message}`));
  }
  const env = parsed.data;
  return {
    ...env,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    authSecret: env.AUTH_SECRET ?? env.NEXTAUTH_SECRET,
  };
}

const cache = globalThis as unknown as { __sscEnv?: Env };

/** The validated environment, parsed on first use and cached for the life of the process. */
export function env(): Env {
  if (!cache.__sscEnv) cache.__sscEnv = parseEnv(process.env);
  return cache.__sscEnv;
}

/** Tests change variables between cases; production never calls this. */
export function resetEnvCache(): void {
  cache.__sscEnv = undefined;
}
