import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AUTH, MESSAGES, TRPC_BATCH } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { PASSWORD, uniqueEmail } from '../support/fixtures.ts';
import { login, outboxCode, register, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let adminToken = '';

beforeAll(async () => {
  ({ orm, api } = await startApiBed());
  const adminEmail = uniqueEmail('admin');
  await register(api, adminEmail);
  adminToken = await login(api, adminEmail);
});
afterAll(() => closeApiBed({ api, orm }));

const ZBatchError = z.object({ error: z.object({ json: z.object({ message: z.string(), data: z.object({ httpStatus: z.number() }) }) }) });

/** One raw tRPC batch of mutations (what an attacker sends), answered as one array per call. */
async function batch(path: string, inputs: unknown[]): Promise<{ status: number; results: unknown[] }> {
  const paths = inputs.map(() => path).join(',');
  const body = Object.fromEntries(inputs.map((input, i) => [String(i), { json: input }]));
  const res = await fetch(`${api.baseUrl}/trpc/${paths}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, results: z.array(z.unknown()).parse(await res.json()) };
}

async function pendingCodeAttempts(email: string): Promise<number> {
  const rows = await orm.em
    .fork()
    .getConnection()
    .execute<{ attempts: number }[]>(
      'select v.attempts from email_verifications v join users u on u.id = v.user_id where u.email = ? order by v.created_at desc limit 1',
      [email],
    );
  return Number(rows[0]?.attempts ?? -1);
}

describe('brute force through one tRPC batch', () => {
  it('a batch of 39 wrong passwords and the right one is refused whole: nothing evaluated, no token', async () => {
    const email = uniqueEmail('batch-login');
    await register(api, email);
    const inputs = [
      ...Array.from({ length: 39 }, (_, i) => ({ username: email, password: `wrong-${i}` })),
      { username: email, password: PASSWORD },
    ];
    const { status, results } = await batch('auth.login', inputs);
    expect(status).toBe(400);
    expect(results).toHaveLength(40);
    for (const result of results) expect(ZBatchError.parse(result).error.json.message).toBe(MESSAGES.batchTooLarge);
    expect(JSON.stringify(results)).not.toContain('access_token');
    // Nothing was counted: the account still has its full five tries.
    expect(
      await orm.em
        .fork()
        .getConnection()
        .execute('select * from rate_limits where key = ?', [`login:${email}`]),
    ).toEqual([]);
  });

  it('a batch of 5 wrong codes and the real one confirms nothing and spends no try', async () => {
    const email = uniqueEmail('batch-code');
    expect(await register(api, email)).toBe(false);
    const code = await outboxCode(api, adminToken, email);
    const wrong = (i: number) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0');
    const inputs = [...Array.from({ length: 5 }, (_, i) => ({ email, code: wrong(i) })), { email, code }];
    const { status, results } = await batch('auth.confirmEmail', inputs);
    expect(status).toBe(400);
    for (const result of results) expect(ZBatchError.parse(result).error.json.message).toBe(MESSAGES.authNotBatched);
    expect(await pendingCodeAttempts(email)).toBe(0);
    expect((await api.request('POST', '/api/auth/token', { form: { username: email, password: PASSWORD } })).status).toBe(400);
  });

  it(`a batch of more than ${TRPC_BATCH.maxCalls} calls is refused with a clear message; ${TRPC_BATCH.maxCalls} are answered`, async () => {
    // Not sign-in: a public read batched with itself.
    const read = (n: number) => fetch(`${api.baseUrl}/trpc/${Array.from({ length: n }, () => 'public.config').join(',')}?batch=1&input={}`);
    const tooMany = await read(TRPC_BATCH.maxCalls + 1);
    expect(tooMany.status).toBe(400);
    const first = z.array(z.unknown()).parse(await tooMany.json())[0];
    expect(ZBatchError.parse(first).error.json.message).toBe(MESSAGES.batchTooLarge);
    expect((await read(TRPC_BATCH.maxCalls)).status).toBe(200);
  });

  it('the typed client still signs in (auth calls go one per request, beside a batch of reads)', async () => {
    const email = uniqueEmail('client');
    await register(api, email);
    await api.request('POST', '/api/auth/confirm-email', { json: { email, code: await outboxCode(api, adminToken, email) } });
    const [token] = await Promise.all([
      api.trpc().auth.login.mutate({ username: email, password: PASSWORD }),
      api.trpc(adminToken).users.me.query(),
      api.trpc(adminToken).users.me.query(),
    ]);
    expect(token.access_token).toEqual(expect.any(String));
  });
});

describe('brute force through parallel REST requests', () => {
  it(`20 parallel wrong passwords: exactly ${AUTH.maxFailedLoginsPerWindow} evaluated, the rest 429, then the right one is refused too`, async () => {
    const email = uniqueEmail('parallel-login');
    await register(api, email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.request('POST', '/api/auth/token', { form: { username: email, password: `wrong-${i}` } })),
    );
    const statuses = answers.map((a) => a.status);
    // Each evaluated wrong password is refused as RFC 6749's invalid_grant (400, issue 36).
    expect(statuses.filter((s) => s === 400)).toHaveLength(AUTH.maxFailedLoginsPerWindow);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - AUTH.maxFailedLoginsPerWindow);
    const right = await api.request('POST', '/api/auth/token', { form: { username: email, password: PASSWORD } });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ detail: MESSAGES.tooManyAttempts });
  });

  it(`29 parallel wrong codes spend the code's ${AUTH.verificationCodeMaxAttempts} tries: the real code is then refused`, async () => {
    const email = uniqueEmail('parallel-code');
    expect(await register(api, email)).toBe(false);
    const code = await outboxCode(api, adminToken, email);
    const wrong = (i: number) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 29 }, (_, i) => api.request('POST', '/api/auth/confirm-email', { json: { email, code: wrong(i) } })),
    );
    expect(answers.every((a) => a.status === 400 || a.status === 429)).toBe(true);
    expect(answers.filter((a) => a.status === 400).length).toBeLessThanOrEqual(AUTH.verificationCodeMaxAttempts * 2);
    expect(await pendingCodeAttempts(email)).toBe(AUTH.verificationCodeMaxAttempts);
    const real = await api.request('POST', '/api/auth/confirm-email', { json: { email, code } });
    expect(real.status).not.toBe(200);
    expect((await api.request('POST', '/api/auth/token', { form: { username: email, password: PASSWORD } })).status).toBe(400);
  });

  it('the same right code sent twice at once confirms once and is then used', async () => {
    const email = uniqueEmail('twice');
    await register(api, email);
    const code = await outboxCode(api, adminToken, email);
    const answers = await Promise.all([1, 2].map(() => api.request('POST', '/api/auth/confirm-email', { json: { email, code } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });
});
