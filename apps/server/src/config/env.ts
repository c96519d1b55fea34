import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root (apps/server/src/config → ../../../..), so `./data` means the same folder however we start. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
    SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL').optional(),
    MAIL_FROM: z.string().min(3).default('Timbro <no-reply@timbro.local>'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    COOKIE_SECURE: booleanString.optional(),
    TRUST_PROXY: booleanString.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: booleanString.optional(),
    THEME_VARIANT: z.enum(['active', 'alternate']).default('active'),
    JOBS: booleanString.default(true),
  })
  .transform((env) => {
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
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
      cookieSecure: env.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
      trustProxy: env.TRUST_PROXY,
      logLevel: env.LOG_LEVEL,
      seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
      themeVariant: env.THEME_VARIANT,
      jobs: env.JOBS,
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

export class ConfigError extends Error {
  override name = 'ConfigError';
}
