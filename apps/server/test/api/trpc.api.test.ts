import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { TRPCClientError } from '@trpc/client';
import { MESSAGES, TERMS, ZMe } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { codeIn, PASSWORD, uniqueEmail } from '../support/fixtures.ts';
import { type TestServer } from '../support/http.ts';
import type { AppRouter } from '../../src/http/trpc/app.router.ts';

let orm: MikroORM;
let api: TestServer;
const admin = { email: uniqueEmail('admin'), token: '' };
const userB = { email: uniqueEmail('user-b'), token: '', id: '' };

/** What a tRPC caller sees of a failure: the app code, the HTTP status and the message. */
async function failure(call: Promise<unknown>): Promise<{ appCode: string | undefined; httpStatus: number | undefined; message: string }> {
  try {
    await call;
  } catch (err) {
    if (!(err instanceof TRPCClientError)) throw err;
    const e = err as TRPCClientError<AppRouter>;
    return { appCode: e.data?.appCode, httpStatus: e.data?.httpStatus, message: e.message };
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  ({ orm, api } = await startApiBed());
});
afterAll(() => closeApiBed({ api, orm }));

describe('accounts through tRPC, with two users', () => {
  it('the first account registers as an active admin', async () => {
    const result = await api.trpc().auth.register.mutate({
      email: admin.email,
      password: PASSWORD,
      accept_terms: true,
      terms_version: TERMS.defaultVersion,
    });
    expect(result).toEqual({ is_active: true });
    admin.token = (await api.trpc().auth.login.mutate({ username: admin.email, password: PASSWORD })).access_token;
    const me = ZMe.parse(await api.trpc(admin.token).users.me.query());
    expect(me).toMatchObject({ email: admin.email, is_admin: true, is_active: true, terms_version_accepted: TERMS.defaultVersion });
    expect(me.created_at).toBeInstanceOf(Date);
  });

  it('user B registers inactive, reads the code from the outbox through the admin, confirms, signs in and is approved', async () => {
    expect(await api.trpc().auth.register.mutate({ email: userB.email, password: PASSWORD, accept_terms: true })).toEqual({
      is_active: false,
    });
    expect(await failure(api.trpc().auth.login.mutate({ username: userB.email, password: PASSWORD }))).toEqual({
      appCode: 'EMAIL_NOT_CONFIRMED',
      httpStatus: 401,
      message: MESSAGES.confirmEmailFirst,
    });
    const mails = await api.trpc(admin.token).admin.outbox.query({ to: userB.email });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.created_at).toBeInstanceOf(Date);
    const code = codeIn(mails[0]?.text ?? '');
    expect(await api.trpc().auth.confirmEmail.mutate({ email: userB.email, code })).toEqual({ ok: true });
    userB.token = (await api.trpc().auth.login.mutate({ username: userB.email, password: PASSWORD })).access_token;
    const waiting = await api.trpc(userB.token).users.me.query();
    // A closed alpha: confirmed, then waiting until the admin approves the account.
    expect(waiting).toMatchObject({ email: userB.email, is_admin: false, role: 'user', is_active: false, email_verified: true });
    // The box ticked without a version accepts the current Terms: no second Terms screen for a new account.
    expect(waiting.terms_version_accepted).toBe(waiting.terms_version_required);
    await api.trpc(admin.token).admin.updateUser.mutate({ id: waiting.id, is_active: true });
    const me = await api.trpc(userB.token).users.me.query();
    expect(me).toMatchObject({ email: userB.email, is_active: true });
    userB.id = me.id;
    // The same token works on the REST twin.
    expect((await api.request('GET', '/api/users/me', { token: userB.token })).status).toBe(200);
  });

  it('refuses a malformed email with 422 and the spec wording, and a taken one with USER_EXISTS', async () => {
    expect(await failure(api.trpc().auth.register.mutate({ email: 'nope', password: PASSWORD, accept_terms: true }))).toEqual({
      appCode: 'VALIDATION',
      httpStatus: 422,
      message: MESSAGES.invalidFormat,
    });
    expect(await failure(api.trpc().auth.register.mutate({ email: userB.email, password: PASSWORD, accept_terms: true }))).toEqual({
      appCode: 'USER_EXISTS',
      httpStatus: 400,
      message: MESSAGES.userExists,
    });
  });

  it('refuses a registration without the Terms box ticked with 422 (issue 19)', async () => {
    const email = uniqueEmail('no-terms');
    const refused = { appCode: 'VALIDATION', httpStatus: 422, message: MESSAGES.termsRequired };
    // @ts-expect-error the contract only takes a ticked box; the server must refuse what a client sends anyway
    expect(await failure(api.trpc().auth.register.mutate({ email, password: PASSWORD, accept_terms: false }))).toEqual(refused);
    expect(await failure(api.trpc().auth.login.mutate({ username: email, password: PASSWORD }))).toMatchObject({ httpStatus: 401 });
  });

  it('an unknown email and a wrong password fail the same way', async () => {
    const unknown = await failure(api.trpc().auth.login.mutate({ username: uniqueEmail('nobody'), password: PASSWORD }));
    const wrong = await failure(api.trpc().auth.login.mutate({ username: userB.email, password: 'not the password' }));
    expect(unknown).toEqual({ appCode: 'INVALID_CREDENTIALS', httpStatus: 401, message: MESSAGES.invalidCredentials });
    expect(wrong).toEqual(unknown);
  });

  it('user B cannot call admin procedures; visitors are not authenticated', async () => {
    expect(await failure(api.trpc(userB.token).admin.settings.query())).toEqual({
      appCode: 'FORBIDDEN',
      httpStatus: 403,
      message: MESSAGES.adminAccessDenied,
    });
    expect(await failure(api.trpc(userB.token).admin.updateSettings.mutate({ maintenance_mode: true }))).toMatchObject({
      appCode: 'FORBIDDEN',
    });
    expect(await failure(api.trpc().users.me.query())).toEqual({
      appCode: 'UNAUTHORIZED',
      httpStatus: 401,
      message: MESSAGES.notAuthenticated,
    });
    expect(await failure(api.trpc('garbage').users.me.query())).toMatchObject({ appCode: 'UNAUTHORIZED', httpStatus: 401 });
  });

  it('prefs and terms', async () => {
    const me = await api.trpc(userB.token).users.updatePrefs.mutate({ first_name: 'Grace', last_name: 'Hopper' });
    expect(me).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', name: 'Grace Hopper' });
    expect(await api.trpc().auth.termsInfo.query()).toEqual({ version: TERMS.defaultVersion, url: '/terms' });
    expect(await failure(api.trpc(userB.token).auth.acceptTerms.mutate({ version: 'old' }))).toEqual({
      appCode: 'BAD_REQUEST',
      httpStatus: 400,
      message: MESSAGES.termsAcceptFailed,
    });
    const accepted = await api.trpc(userB.token).auth.acceptTerms.mutate({ version: TERMS.defaultVersion });
    expect(accepted.terms_version_accepted).toBe(TERMS.defaultVersion);
  });

  it('admin settings clamp the upload limit, and the public config shows it', async () => {
    const adminApi = api.trpc(admin.token);
    expect((await adminApi.admin.updateSettings.mutate({ max_upload_mb: 5 })).max_upload_mb).toBe(10);
    expect((await api.trpc().public.config.query()).max_upload_mb).toBe(10);
    expect((await adminApi.admin.updateSettings.mutate({ max_upload_mb: 99999 })).max_upload_mb).toBe(2048);
    expect((await adminApi.admin.settings.query()).max_upload_mb).toBe(2048);
    await adminApi.admin.updateSettings.mutate({ max_upload_mb: 500 });
  });

  it('maintenance gates user B with the message but not the admin, and a partial update keeps the message', async () => {
    const adminApi = api.trpc(admin.token);
    const message = 'Moving to a bigger server.';
    try {
      await adminApi.admin.updateSettings.mutate({ maintenance_mode: true, maintenance_message: message });
      expect(await failure(api.trpc(userB.token).users.me.query())).toEqual({ appCode: 'MAINTENANCE', httpStatus: 503, message });
      expect(await failure(api.trpc().auth.login.mutate({ username: userB.email, password: PASSWORD }))).toEqual({
        appCode: 'MAINTENANCE',
        httpStatus: 503,
        message,
      });
      expect((await adminApi.users.me.query()).email).toBe(admin.email);

      const after = await adminApi.admin.updateSettings.mutate({ default_user_active: false });
      expect(after).toMatchObject({ maintenance_mode: true, maintenance_message: message });
      expect(await failure(api.trpc(userB.token).users.me.query())).toMatchObject({ message });
      expect(await api.trpc().public.config.query()).toMatchObject({ maintenance_mode: true, maintenance_message: message });
    } finally {
      await adminApi.admin.updateSettings.mutate({ maintenance_mode: false, maintenance_message: null });
    }
    expect((await api.trpc(userB.token).users.me.query()).email).toBe(userB.email);
  });

  it('admin disabling user B ends their sessions and B gets no new token (issue 35); enabled again B signs in', async () => {
    const adminApi = api.trpc(admin.token);
    expect(await failure(adminApi.admin.updateUser.mutate({ id: 'not-a-uuid', is_active: false }))).toMatchObject({
      appCode: 'VALIDATION',
      httpStatus: 422,
    });
    const updated = await adminApi.admin.updateUser.mutate({ id: userB.id, is_active: false });
    expect(updated).toMatchObject({ id: userB.id, is_active: false });
    expect(await failure(api.trpc(userB.token).users.me.query())).toMatchObject({ appCode: 'UNAUTHORIZED' });

    expect(await failure(api.trpc().auth.login.mutate({ username: userB.email, password: PASSWORD }))).toEqual({
      appCode: 'ACCOUNT_DISABLED',
      httpStatus: 401,
      message: MESSAGES.accountDisabled,
    });
    expect(await api.trpc().public.waitlist.mutate({ email: userB.email, note: null })).toEqual({ ok: true });
    await adminApi.admin.updateUser.mutate({ id: userB.id, is_active: true });
    const token = (await api.trpc().auth.login.mutate({ username: userB.email, password: PASSWORD })).access_token;
    expect((await api.trpc(token).users.me.query()).is_active).toBe(true);
  });

  it('batched calls resolve independently', async () => {
    const client = api.trpc(admin.token);
    const [config, me, denied] = await Promise.all([
      client.public.config.query(),
      client.users.me.query(),
      failure(api.trpc('garbage').admin.settings.query()),
    ]);
    expect(config.max_upload_mb).toBe(500);
    expect(me.email).toBe(admin.email);
    expect(denied.appCode).toBe('UNAUTHORIZED');
  });
});
