import { randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod';
import { TERMS, ZRegisterRequest } from '@ppp/contracts';
import { loadConfig, type TConfig } from '../../src/config.ts';
import { createServices, type Services } from '../../src/domain/services.ts';
import { sharedDepsFor } from '../../src/server.ts';
import type { MikroORM } from '@mikro-orm/postgresql';

export const PASSWORD = 'correct horse battery';

/** An address no other test uses. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

/** A client address of its own, so per-address rate limits of one test do not touch another. */
export function uniqueIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** The configuration a test server runs with: a free port, only errors logged, no worker. */
export function testConfig(databaseUrl: string, overrides: Record<string, string> = {}): TConfig {
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://localhost:3000',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'error',
    RUN_WORKER: 'false',
    // A test server's close cuts what is still open after 2 s, as the suites were written for.
    HTTP_CLOSE_GRACE_MS: '2000',
    // Never a speech model download from a test unless it opts in (against a local host).
    WHISPER_AUTO_DOWNLOAD: 'false',
    ...overrides,
  });
}

/** The services of one unit of work (like one request): a fresh entity manager each call. */
export function servicesFor(orm: MikroORM, config: TConfig): Services {
  return createServices(orm.em.fork(), sharedDepsFor(config));
}

/** The 6-digit code in a verification mail. */
export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no 6-digit code in: ${text}`);
  return match[1];
}

/** A registration as the sign-in dialog sends it: the Terms box ticked (a registration without it is refused). */
export function registration(email: string, password = PASSWORD): z.output<typeof ZRegisterRequest> {
  return ZRegisterRequest.parse({ email, password, accept_terms: true, terms_version: TERMS.defaultVersion });
}

/** Creates an account through the register call's service, Terms accepted, from a client address of its own. */
export function registerAccount(services: Pick<Services, 'auth'>, email: string, password = PASSWORD) {
  return services.auth.register(registration(email, password), uniqueIp());
}
