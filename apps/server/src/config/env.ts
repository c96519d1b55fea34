import path from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { z } from 'zod';
import { isLoopbackUrl } from '../lib/client-ip';

/** The repository root (apps/server/src/config → ../../../..), so `./data` means the same folder however we start. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Fastify's `trustProxy`: false (no proxy), a hop count, or the trusted proxy addresses/CIDRs. */
export type TrustProxy = false | number | string[];

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/`false`/`0`/`no` = no proxy (the socket address is the client); an integer ≥ 1 = that many
 * proxies in front of Timbro (the client is the address the outermost of them saw); otherwise a comma-separated
 * list of the proxies' addresses or CIDRs (`loopback`, `linklocal`, `uniquelocal` accepted too). `true`/`yes`
 * ("believe any X-Forwarded-For") is refused: any client could then choose its own address and dodge the
 * per-IP limits.
 */
export function parseTrustProxy(
  raw: string | undefined,
): { ok: true; value: TrustProxy } | { ok: false; message: string } {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0' || v === 'no') return { ok: true, value: false };
  if (v === 'true' || v === 'yes') {
    return {
      ok: false,
      message:
        `"${raw}" would trust any X-Forwarded-For; give the number of proxies in front of Timbro (e.g. 1) ` +
        'or their addresses/CIDRs (e.g. 10.0.0.1,192.168.0.0/24)',
    };
  }
  if (/^\d+$/.test(v)) return { ok: true, value: Number(v) };
  const entries = v.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (bad.length > 0) {
    return {
      ok: false,
      message: `not a hop count (integer ≥ 1) nor proxy addresses/CIDRs: ${bad.map((b) => `"${b}"`).join(', ')}`,
    };
  }
  return { ok: true, value: entries };
}

export interface DemoSeedDecision {
  seed: boolean;
  /** One line for the console: why demo data is (not) created. */
  reason: string;
  /** The reason deserves a warning at start (a refusal the operator may not expect, or a risky choice). */
  warn: boolean;
}

/**
 * Whether the server creates the demo data (every demo login shares the public password `Timbro2026!`): never in
 * production; otherwise only when PUBLIC_URL is a loopback address, unless SEED_DEMO says so explicitly.
 */
export function demoSeedDecision(c: {
  nodeEnv: string;
  publicUrl: string;
  seedDemoSetting: boolean | null;
}): DemoSeedDecision {
  if (c.nodeEnv === 'production') {
    return {
      seed: false,
      reason: 'Demo data is never created in production (NODE_ENV=production).',
      warn: c.seedDemoSetting === true,
    };
  }
  if (c.seedDemoSetting === false)
    return { seed: false, reason: 'Demo data not created: SEED_DEMO=false.', warn: false };
  const local = isLoopbackUrl(c.publicUrl);
  if (c.seedDemoSetting === true) {
    return local
      ? { seed: true, reason: 'Demo data enabled (SEED_DEMO=true).', warn: false }
      : {
          seed: true,
          reason: `Demo data enabled by SEED_DEMO=true on ${c.publicUrl}, a non-local address: every demo login has the public password Timbro2026!.`,
          warn: true,
        };
  }
  return local
    ? { seed: true, reason: `Demo data enabled: PUBLIC_URL ${c.publicUrl} is a local address.`, warn: false }
    : {
        seed: false,
        reason:
          `Demo data not created: PUBLIC_URL ${c.publicUrl} is not a local address and every demo login has the public ` +
          'password Timbro2026!; set SEED_DEMO=true to create it anyway.',
        warn: true,
      };
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Timbro <no-reply@timbro.local>'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
    BACKUP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    COOKIE_SECURE: booleanString.optional(),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        const parsed = parseTrustProxy(raw);
        if (parsed.ok) return parsed.value;
        ctx.addIssue({ code: 'custom', message: parsed.message, input: raw });
        return z.NEVER;
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: booleanString.optional(),
    API_DOCS: booleanString.optional(),
    THEME_VARIANT: z.enum(['active', 'alternate']).default('active'),
    JOBS: booleanString.default(true),
    NOTIFICATION_STREAMS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
    FILE_STORAGE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanString.optional(),
    S3_PREFIX: z
      .string()
      .regex(/^([a-z0-9][a-z0-9-]*\/)*$/, 'must be folders ending with / (e.g. timbro/)')
      .default(''),
  })
  .superRefine((env, ctx) => {
    if (env.SESSION_SECRET_PREVIOUS && !env.SESSION_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET_PREVIOUS'],
        message: 'needs SESSION_SECRET (the new key; the previous one only verifies tokens it already signed)',
      });
    if (env.FILE_STORAGE !== 's3') return;
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required with FILE_STORAGE=s3' });
  })
  .transform((env) => {
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    const seedDemoSetting = env.SEED_DEMO ?? null;
    return {
      nodeEnv: env.NODE_ENV,
      isProduction: env.NODE_ENV === 'production',
      port: env.PORT,
      host: env.HOST,
      dataDir: path.resolve(env.DATA_DIR),
      databaseUrl: env.DATABASE_URL ?? null,
      smtpUrl: env.SMTP_URL ?? null,
      mailFrom: env.MAIL_FROM,
      publicUrl,
      sessionSecret: env.SESSION_SECRET ?? null,
      /** The key before the last rotation: tokens it signed still verify until they expire (ADR 0003). */
      sessionSecretPrevious: env.SESSION_SECRET_PREVIOUS ?? null,
      /** Encrypts backups (AES-256-GCM) and decrypts them at restore; null = backups are written in clear. */
      backupKey: env.BACKUP_KEY ?? null,
      cookieSecure: env.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
      trustProxy: env.TRUST_PROXY,
      logLevel: env.LOG_LEVEL,
      /** SEED_DEMO as given (null = not set); `seedDemo` is the decision (demoSeedDecision). */
      seedDemoSetting,
      seedDemo: demoSeedDecision({ nodeEnv: env.NODE_ENV, publicUrl, seedDemoSetting }).seed,
      /** Serve the OpenAPI document and swagger-ui at /api/docs. */
      apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
      /** Mail bodies (with their one-time links) go to the log only in development on a loopback PUBLIC_URL. */
      printMailBodies: env.NODE_ENV === 'development' && isLoopbackUrl(publicUrl),
      themeVariant: env.THEME_VARIANT,
      jobs: env.JOBS,
      /** Live notification streams one process holds at most (ADR 0020): 429 beyond. */
      notificationStreamsMax: env.NOTIFICATION_STREAMS_MAX,
      /** Where uploaded files live (ADR 0019): DATA_DIR/files, or an S3-compatible bucket shared by every process. */
      fileStorage:
        env.FILE_STORAGE === 's3'
          ? {
              kind: 's3' as const,
              bucket: env.S3_BUCKET!,
              region: env.S3_REGION,
              endpoint: env.S3_ENDPOINT ?? null,
              accessKeyId: env.S3_ACCESS_KEY_ID!,
              secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
              forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
              prefix: env.S3_PREFIX,
            }
          : { kind: 'local' as const, root: path.join(path.resolve(env.DATA_DIR), 'files') },
    };
  });

export type Config = z.output<typeof EnvSchema>;

/** Parses the environment; a bad value throws an error whose message names every offending variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * Why the server must not start with this configuration, or null. In production the key that signs sessions must live
 * outside the database (SESSION_SECRET): a key generated and kept in the database travels with every copy of it, and
 * whoever reads one could sign tokens for the live sessions (issue 30).
 */
export function startupConfigProblem(config: Pick<Config, 'isProduction' | 'sessionSecret'>): string | null {
  if (config.isProduction && !config.sessionSecret) {
    return (
      'SESSION_SECRET is required in production (NODE_ENV=production): without it the key that signs sessions would ' +
      'be kept in the database, where every backup and copy of it would carry it. Set SESSION_SECRET to a random ' +
      'value of at least 32 characters (e.g. the output of `openssl rand -base64 48`).'
    );
  }
  return null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
