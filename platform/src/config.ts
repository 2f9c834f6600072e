import { isIP } from 'node:net';
import { z } from 'zod';
import type { TargetDeclaration } from './runtime/module.ts';

/** The targets every installation has; the others are the modules' (and their workers'), declared by them. */
export const BUILT_IN_TARGETS = { all: 8080, gateway: 8080 } as const;

/** The variable that tells other processes where a module runs: `quests` → `QUESTS_URL`. */
export function urlVariable(moduleName: string): string {
  return `${moduleName.toUpperCase().replaceAll('-', '_')}_URL`;
}

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/**
 * TRUST_PROXY: which proxies may tell us the client's address (`X-Forwarded-For`). Trusting every hop
 * lets a client name its own address and slip past per-client limits, so `true` means one hop (the TLS
 * proxy in front); a number is that many hops; otherwise a comma-separated list of the proxies' addresses
 * or CIDR ranges (Fastify's trustProxy takes all three).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | readonly string[] => {
    const value = (v ?? '').trim().toLowerCase();
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const proxies = value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const bad = proxies.filter((p) => isIP(p.split('/')[0] ?? '') === 0 || !/^[^/]+(\/\d{1,3})?$/.test(p));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, true (one proxy), a hop count, or proxy addresses/CIDRs; not ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return Object.freeze(proxies);
  });

const secret = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .min(32, 'must be at least 32 characters')
    .refine((v) => !/change[_-]?me/i.test(v), 'is still the example placeholder; generate a random secret')
    .optional(),
);

const EnvSchema = z.object({
  PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  // Loopback unless told otherwise: a first `npm start` is not reachable from the network. The image
  // sets HOST=0.0.0.0 (Dockerfile), which Compose and Kubernetes inherit.
  HOST: z.string().default('127.0.0.1'),
  LIFEQUEST_TARGET: z.string().default('all'),
  LIFEQUEST_DATA_DIR: z.string().min(1).default('./.lifequest'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  RANKINGS_STORE: z.enum(['sql', 'redis']).default('redis'),
  DATABASE_URL: optionalUrl,
  AMQP_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  INFRA_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_-]*$/, 'must be lower-case letters, digits, - or _')
    .default('lifequest'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  AI_DAILY_TOKEN_BUDGET: z.coerce.number().int().positive().default(200_000),
  AI_PRICES: optionalString,
  AI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  AI_INSTALLATION_DAILY_TOKEN_BUDGET: z.coerce.number().int().positive().default(20_000_000),
  AI_STORY_WAIT_MS: z.coerce.number().int().positive().default(20_000),
  ADMIN_EMAILS: z
    .string()
    .default('admin@lifequest.local')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ADMIN_PASSWORD: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(12, 'must be at least 12 characters').optional(),
  ),
  INTERNAL_SECRET: secret,
  SESSION_SECRET: secret,
  TRUST_PROXY: trustProxy,
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  AUTH_ACCOUNT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(30),
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  JOB_CONCURRENCY: z.coerce.number().int().positive().default(2),
  JOB_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  WEB_DIST_DIR: optionalString,
});

export type Config = Readonly<{
  port: number;
  host: string;
  /** `all`, `gateway`, a module's name or a module's worker target. */
  target: string;
  dataDir: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** `auto`: readable lines on a terminal, JSON otherwise (what log collectors want). */
  logFormat: z.infer<typeof EnvSchema>['LOG_FORMAT'];
  /**
   * Where distributed rankings are read from: Redis sorted sets (the default), or PostgreSQL alone. The
   * embedded mode always reads PostgreSQL (docs/features/scale.md).
   */
  rankingsStore: z.infer<typeof EnvSchema>['RANKINGS_STORE'];
  databaseUrl: string | undefined;
  amqpUrl: string | undefined;
  redisUrl: string | undefined;
  /** Names RabbitMQ exchanges and queues and prefixes Redis keys, so installations can share a broker. */
  infraPrefix: string;
  openai: { apiKey: string | undefined; baseUrl: string | undefined; model: string; timeoutMs: number };
  aiDailyTokenBudget: number;
  aiPrices: string | undefined;
  /** AI calls one hero may start per minute. */
  aiRateLimitPerMinute: number;
  /** Tokens the whole installation may spend per UTC day, all heroes together (a cost ceiling). */
  aiInstallationDailyTokenBudget: number;
  /** How long POST /api/narrative/generate waits for its story before answering 202 'still writing'. */
  aiStoryWaitMs: number;
  adminEmails: readonly string[];
  /** The admin accounts' first password; unset → a random one written to the data dir. */
  adminPassword: string | undefined;
  internalSecret: string | undefined;
  sessionSecret: string | undefined;
  /** false, a hop count, or the proxies' addresses: whom to believe about the client's address. */
  trustProxy: false | number | readonly string[];
  bodyLimitBytes: number;
  authRateLimitPerMinute: number;
  /** Login attempts per account (any client) per hour. */
  authAccountRateLimitPerHour: number;
  /** Bearer token for the gateway's /metrics; unset → the gateway does not serve it (services do). */
  metricsToken: string | undefined;
  jobConcurrency: number;
  /** How long a BullMQ worker holds a job without renewing it: a dead worker's job moves on after this. */
  jobLockMs: number;
  webDistDir: string | undefined;
  /** Where each module runs when it is not in this process (`<NAME>_URL`). */
  serviceUrls: Readonly<Record<string, string | undefined>>;
}>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`LifeQuest cannot start; fix the configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads `--target x` / `--target=x` from the command line; it wins over LIFEQUEST_TARGET. */
export function targetFromArgv(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--target') return argv[i + 1];
    if (arg.startsWith('--target=')) return arg.slice('--target='.length);
  }
  return undefined;
}

/** Every target of an installation with these modules, with its default port and whether it needs Redis. */
export function targetsOf(
  modules: readonly TargetDeclaration[],
): Map<string, { port: number; redis: boolean }> {
  const targets = new Map<string, { port: number; redis: boolean }>([
    ['all', { port: BUILT_IN_TARGETS.all, redis: false }],
    // The gateway keeps sessions in Redis when distributed.
    ['gateway', { port: BUILT_IN_TARGETS.gateway, redis: true }],
  ]);
  for (const module of modules) {
    const redis = module.needs?.redis ?? false;
    targets.set(module.name, { port: module.port, redis });
    if (module.worker) targets.set(module.worker.target, { port: module.worker.port, redis });
  }
  return targets;
}

/**
 * Parses the whole environment once, reports every bad variable at once and freezes the result.
 * Nothing else in LifeQuest reads process.env. `modules` are the installation's modules (the app's
 * registry): they name the targets besides `all` and `gateway`, and their `<NAME>_URL` variables.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv,
  argv: readonly string[] = [],
  modules: readonly TargetDeclaration[] = [],
): Config {
  const fromArgv = targetFromArgv(argv);
  const targets = targetsOf(modules);
  const input = fromArgv ? { ...env, LIFEQUEST_TARGET: fromArgv } : env;
  const parsed = EnvSchema.safeParse(input);
  const urls = z
    .object(Object.fromEntries(modules.map((m) => [urlVariable(m.name), optionalUrl])))
    .safeParse(input);
  const target = targets.get(String(input.LIFEQUEST_TARGET ?? 'all'));
  const issues = [
    ...(parsed.error?.issues ?? []),
    ...(urls.error?.issues ?? []),
    ...(target
      ? []
      : [{ path: ['LIFEQUEST_TARGET'], message: `must be one of ${[...targets.keys()].join(', ')}` }]),
  ];
  if (!parsed.success || !urls.success || !target) {
    throw new ConfigError(
      issues.map((issue) => {
        const key = String(issue.path[0] ?? 'environment');
        const name = key === 'LIFEQUEST_TARGET' && fromArgv ? '--target' : key;
        return `${name}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.LIFEQUEST_TARGET !== 'all') {
    // Each distributed process must share real infrastructure: an embedded part here would split the data.
    const needs: [keyof typeof e, boolean][] = [
      ['INTERNAL_SECRET', true],
      ['DATABASE_URL', e.LIFEQUEST_TARGET !== 'gateway'],
      // The gateway too: it ends a deleted hero's sessions on user.deleted.
      ['AMQP_URL', true],
      ['REDIS_URL', target.redis],
      ['SESSION_SECRET', e.LIFEQUEST_TARGET === 'gateway'],
    ];
    for (const [key, needed] of needs) {
      if (needed && !e[key]) {
        problems.push(
          `${key}: required when the target is '${e.LIFEQUEST_TARGET}' (embedded parts only run with --target all)`,
        );
      }
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return Object.freeze({
    port: e.PORT ?? target.port,
    host: e.HOST,
    target: e.LIFEQUEST_TARGET,
    dataDir: e.LIFEQUEST_DATA_DIR,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    rankingsStore: e.RANKINGS_STORE,
    databaseUrl: e.DATABASE_URL,
    amqpUrl: e.AMQP_URL,
    redisUrl: e.REDIS_URL,
    infraPrefix: e.INFRA_PREFIX,
    openai: Object.freeze({
      apiKey: e.OPENAI_API_KEY,
      baseUrl: e.OPENAI_BASE_URL,
      model: e.OPENAI_MODEL,
      timeoutMs: e.OPENAI_TIMEOUT_MS,
    }),
    aiDailyTokenBudget: e.AI_DAILY_TOKEN_BUDGET,
    aiPrices: e.AI_PRICES,
    aiRateLimitPerMinute: e.AI_RATE_LIMIT_PER_MINUTE,
    aiInstallationDailyTokenBudget: e.AI_INSTALLATION_DAILY_TOKEN_BUDGET,
    aiStoryWaitMs: e.AI_STORY_WAIT_MS,
    adminEmails: Object.freeze(e.ADMIN_EMAILS),
    adminPassword: e.ADMIN_PASSWORD,
    internalSecret: e.INTERNAL_SECRET,
    sessionSecret: e.SESSION_SECRET,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    authAccountRateLimitPerHour: e.AUTH_ACCOUNT_RATE_LIMIT_PER_HOUR,
    metricsToken: e.METRICS_TOKEN,
    jobConcurrency: e.JOB_CONCURRENCY,
    jobLockMs: e.JOB_LOCK_MS,
    webDistDir: e.WEB_DIST_DIR,
    serviceUrls: Object.freeze(
      Object.fromEntries(modules.map((m) => [m.name, urls.data[urlVariable(m.name)]])),
    ),
  });
}

/**
 * Every variable the configuration reads, the modules' `<NAME>_URL` included. `loadConfig` ignores any
 * other, so tools that check a deployment's variables (deploy/) compare against this list.
 */
export function configVariables(modules: readonly TargetDeclaration[] = []): string[] {
  return [...Object.keys(EnvSchema.shape), ...modules.map((m) => urlVariable(m.name))];
}

/** Whether the embedded parts (PGlite data dir) are in play. */
export function usesEmbeddedDatabase(config: Config): boolean {
  return !config.databaseUrl;
}
