import type { MikroORM } from '@mikro-orm/postgresql';
import { createTRPCClient, httpBatchLink, httpLink, isNonJsonSerializable, splitLink, type TRPCClient } from '@trpc/client';
import superjson from 'superjson';
import { z } from 'zod';
import { TRPC_BATCH, ZMe } from '@ppp/contracts';
import { startHttpServer } from '../../src/server.ts';
import type { SharedDeps } from '../../src/domain/services.ts';
import type { AppRouter } from '../../src/http/trpc/app.router.ts';
import { codeIn, PASSWORD, testConfig, uniqueEmail } from './fixtures.ts';
import { assertMatchesContract } from './rest-contract.ts';

export interface HttpResult {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export interface RequestOptions {
  token?: string | undefined;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/** A running server on a free port, with plain-fetch REST and a typed tRPC client. */
export interface TestServer {
  baseUrl: string;
  request(method: string, path: string, options?: RequestOptions): Promise<HttpResult>;
  trpc(token?: string): TRPCClient<AppRouter>;
  close(): Promise<void>;
}

export async function startTestServer(
  orm: MikroORM,
  databaseUrl: string,
  env: Record<string, string> = {},
  /** Adapters in place of the configured ones (a stand-in resolver for custom domains). */
  overrides: Partial<SharedDeps> = {},
): Promise<TestServer> {
  const server = await startHttpServer(orm, testConfig(databaseUrl, env), undefined, overrides);
  const baseUrl = `http://127.0.0.1:${server.port}`;
  return {
    baseUrl,
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(options.form).toString();
      } else if (options.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.json);
      }
      const res = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
      const text = await res.text();
      let parsed: unknown = null;
      if ((res.headers.get('content-type') ?? '').includes('json') && text) {
        parsed = JSON.parse(text);
        assertMatchesContract(method, path, res.status, parsed);
      }
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
    trpc(token) {
      const url = `${baseUrl}/trpc`;
      const headers = () => (token ? { authorization: `Bearer ${token}` } : {});
      // As the web app does: FormData inputs (covers, uploads) go alone and untransformed, sign-in calls
      // and the kept queries (a plain GET) one per request, the rest batched within the server's maximum.
      return createTRPCClient<AppRouter>({
        links: [
          splitLink({
            condition: (op) => isNonJsonSerializable(op.input),
            true: httpLink({
              url,
              transformer: { serialize: (data: unknown) => data, deserialize: (data: unknown) => superjson.deserialize(data as never) },
              headers,
            }),
            false: splitLink({
              condition: (op) => op.path.startsWith(TRPC_BATCH.unbatchedPrefix) || TRPC_BATCH.keptQueries.includes(op.path),
              true: httpLink({ url, transformer: superjson, headers }),
              false: httpBatchLink({ url, transformer: superjson, headers, maxItems: TRPC_BATCH.maxCalls }),
            }),
          }),
        ],
      });
    },
    close: () => server.close(),
  };
}

/** GET /api/users/me as JSON: dates arrive as ISO strings. */
export const ZMeJson = ZMe.extend({ created_at: z.iso.datetime({ offset: true }).transform((s) => new Date(s)) });

export const ZErrorJson = z.object({ detail: z.string(), code: z.string() });

/** Asserts a REST error: status and `{detail, code}`. */
export function errorOf(res: HttpResult): z.infer<typeof ZErrorJson> & { status: number } {
  return { status: res.status, ...ZErrorJson.parse(res.body) };
}

export async function login(api: TestServer, email: string, password = PASSWORD): Promise<string> {
  const res = await api.request('POST', '/api/auth/token', { form: { username: email, password } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text}`);
  return z.object({ access_token: z.string() }).parse(res.body).access_token;
}

export async function register(api: TestServer, email: string, password = PASSWORD): Promise<boolean> {
  const res = await api.request('POST', '/api/auth/register', {
    json: { email, password, accept_terms: true, terms_version: '2025-09-19' },
  });
  if (res.status !== 200) throw new Error(`register ${email}: ${res.status} ${res.text}`);
  return z.object({ is_active: z.boolean() }).parse(res.body).is_active;
}

/** The newest code mailed to `email`, read through the admin outbox API. */
export async function outboxCode(api: TestServer, adminToken: string, email: string): Promise<string> {
  const res = await api.request('GET', `/api/admin/mail/outbox?to=${encodeURIComponent(email)}`, { token: adminToken });
  const messages = z.array(z.object({ to: z.string(), text: z.string() })).parse(res.body);
  const newest = messages[0];
  if (!newest) throw new Error(`no mail to ${email}`);
  return codeIn(newest.text);
}

/** The admin activates a waiting account (PATCH /api/admin/users/{id} {is_active: true}). */
export async function approve(api: TestServer, adminToken: string, userId: string): Promise<void> {
  const res = await api.request('PATCH', `/api/admin/users/${userId}`, { token: adminToken, json: { is_active: true } });
  if (res.status !== 200) throw new Error(`approve ${userId}: ${res.status} ${res.text}`);
}

/** A signed-in account of the API tests: its address, bearer token and id. */
export interface TestUser {
  email: string;
  token: string;
  id: string;
}

/** The id of the token's user (GET /api/users/me). */
async function idOf(api: TestServer, token: string): Promise<string> {
  return ZMeJson.parse((await api.request('GET', '/api/users/me', { token })).body).id;
}

/**
 * A later account, active: registers (inactive on an instance that has its first account), confirms
 * the mailed code, signs in and is approved by the admin (a closed alpha: new accounts wait).
 */
export async function approvedUser(api: TestServer, adminToken: string, label: string): Promise<TestUser> {
  const email = uniqueEmail(label);
  if (await register(api, email)) throw new Error(`${email} should start inactive`);
  const code = await outboxCode(api, adminToken, email);
  const confirmed = await api.request('POST', '/api/auth/confirm-email', { json: { email, code } });
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${confirmed.text}`);
  const token = await login(api, email);
  const id = await idOf(api, token);
  await approve(api, adminToken, id);
  return { email, token, id };
}

/**
 * The two users of the API tests on a blank instance: A is the first account (active admin);
 * B registers inactive, confirms the mailed code, signs in and is approved by A.
 */
export async function twoUsers(api: TestServer): Promise<{ admin: TestUser; user: TestUser }> {
  const adminEmail = uniqueEmail('admin');
  if (!(await register(api, adminEmail))) throw new Error('the first account should be active');
  const adminToken = await login(api, adminEmail);
  const user = await approvedUser(api, adminToken, 'user-b');
  return { admin: { email: adminEmail, token: adminToken, id: await idOf(api, adminToken) }, user };
}
