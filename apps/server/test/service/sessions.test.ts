import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AUTH, MESSAGES } from '@ppp/contracts';
import { openServiceBed, resetDatabase } from '../support/database.ts';
import { codeIn, PASSWORD, servicesFor, uniqueEmail, uniqueIp, registerAccount } from '../support/fixtures.ts';
import { VerificationService } from '../../src/domain/auth/verification.service.ts';
import { SessionSchema } from '../../src/domain/auth/session.entity.ts';
import { sessionIdFromToken } from '../../src/domain/auth/session-token.ts';
import { UserSchema } from '../../src/domain/users/user.entity.ts';
import type { TConfig } from '../../src/config.ts';

let orm: MikroORM;
let config: TConfig;
const services = () => servicesFor(orm, config);
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ({ orm, config } = await openServiceBed());
});
afterAll(() => orm.close());
beforeEach(() => resetDatabase(orm));

/** An admin (the first account) and an active second user, as most tests need both. */
async function setup() {
  const admin = uniqueEmail('admin');
  await registerAccount(services(), admin);
  await services().settings.update({ default_user_active: true });
  const email = uniqueEmail('member');
  await registerAccount(services(), email);
  return { admin, email };
}
const login = async (email: string, password = PASSWORD) =>
  (await services().auth.login({ username: email, password }, uniqueIp())).access_token;
const validate = (token: string) => services().sessions.validate(token);
const sessionRow = (token: string) => orm.em.fork().findOne(SessionSchema, { id: sessionIdFromToken(token) });

describe('sessions', () => {
  it('store only the hash of the token and expire 30 days after sign-in', async () => {
    const { email } = await setup();
    const token = await login(email);
    await expect(orm.em.fork().findOne(SessionSchema, { id: token })).resolves.toBeNull();
    const row = await sessionRow(token);
    expect(row).not.toBeNull();
    expect(Math.abs((row?.expiresAt.getTime() ?? 0) - (Date.now() + AUTH.sessionTtlMs))).toBeLessThan(60_000);
    expect((await validate(token))?.user.email).toBe(email);
  });

  it('do not accept an unknown token', async () => {
    await setup();
    await expect(validate('not-a-token')).resolves.toBeNull();
    await expect(validate('')).resolves.toBeNull();
  });

  it('slide: a session near its renewal threshold is extended to a full 30 days', async () => {
    const { email } = await setup();
    const token = await login(email);
    const nearly = new Date(Date.now() + AUTH.sessionRenewWithinMs - 60_000);
    await orm.em.fork().nativeUpdate(SessionSchema, { id: sessionIdFromToken(token) }, { expiresAt: nearly });

    const result = await validate(token);
    expect(result?.user.email).toBe(email);
    const stored = await sessionRow(token);
    expect(stored?.expiresAt.getTime()).toBeGreaterThan(Date.now() + AUTH.sessionTtlMs - 60_000);
  });

  it('are not rewritten while far from the threshold', async () => {
    const { email } = await setup();
    const token = await login(email);
    const later = new Date(Date.now() + AUTH.sessionRenewWithinMs + DAY);
    await orm.em.fork().nativeUpdate(SessionSchema, { id: sessionIdFromToken(token) }, { expiresAt: later });
    expect(await validate(token)).not.toBeNull();
    expect((await sessionRow(token))?.expiresAt.getTime()).toBe(later.getTime());
  });

  it('end at their expiry, and the expired row is removed', async () => {
    const { email } = await setup();
    const token = await login(email);
    await orm.em.fork().nativeUpdate(SessionSchema, { id: sessionIdFromToken(token) }, { expiresAt: new Date(Date.now() - 1000) });
    await expect(validate(token)).resolves.toBeNull();
    await expect(sessionRow(token)).resolves.toBeNull();
  });

  it('logout revokes the current session only', async () => {
    const { email } = await setup();
    const phone = await login(email);
    const laptop = await login(email);
    await services().auth.logout(phone);
    await expect(validate(phone)).resolves.toBeNull();
    expect((await validate(laptop))?.user.email).toBe(email);
  });

  it('changing the password keeps the current session and revokes every other', async () => {
    const { email } = await setup();
    const current = await login(email);
    const other = await login(email);
    const s = services();
    const user = await s.em.findOneOrFail(UserSchema, { email });
    await s.auth.changePassword(user, current, { current_password: PASSWORD, new_password: 'a brand new secret' });

    expect((await validate(current))?.user.email).toBe(email);
    await expect(validate(other)).resolves.toBeNull();
    await expect(login(email, PASSWORD)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(login(email, 'a brand new secret')).resolves.toEqual(expect.any(String));
  });

  it('changing the password needs the current one', async () => {
    const { email } = await setup();
    const token = await login(email);
    const other = await login(email);
    const s = services();
    const user = await s.em.findOneOrFail(UserSchema, { email });
    await expect(
      s.auth.changePassword(user, token, { current_password: 'not my password', new_password: 'a brand new secret' }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS', message: MESSAGES.invalidCredentials });
    expect(await validate(other)).not.toBeNull();
    await expect(login(email)).resolves.toEqual(expect.any(String));
  });

  it('an admin disabling a user revokes all of their sessions, and only theirs', async () => {
    const { admin, email } = await setup();
    const adminToken = await login(admin);
    const tokens = [await login(email), await login(email)];
    const user = await orm.em.fork().findOneOrFail(UserSchema, { email });

    const updated = await services().users.adminUpdate(user.id, { is_active: false });
    expect(updated.isActive).toBe(false);
    for (const token of tokens) await expect(validate(token)).resolves.toBeNull();
    expect(await validate(adminToken)).not.toBeNull();
  });

  it('a disabled user gets no token (issue 35), and cannot re-activate with an email code', async () => {
    const { email } = await setup();
    const user = await orm.em.fork().findOneOrFail(UserSchema, { email });
    await services().users.adminUpdate(user.id, { is_active: false });

    await expect(login(email)).rejects.toMatchObject({ code: 'ACCOUNT_DISABLED', message: MESSAGES.accountDisabled });
    await expect(orm.em.fork().count(SessionSchema, { user: user.id })).resolves.toBe(0);
    await services().auth.resendVerification({ email });
    await VerificationService.settled();
    const mails = await services().mail.findOutbox({ to: email, limit: 5 });
    for (const mail of mails) {
      await services()
        .auth.confirmEmail({ email, code: codeIn(mail.text) })
        .catch(() => undefined);
    }
    expect((await orm.em.fork().findOneOrFail(UserSchema, { email })).isActive).toBe(false);
  });

  it('a session a disabled account still holds (one made while it was being disabled) is refused and deleted', async () => {
    const { email } = await setup();
    const token = await login(email);
    await orm.em.fork().nativeUpdate(UserSchema, { email }, { disabledAt: new Date(), isActive: false });
    await expect(validate(token)).resolves.toBeNull();
    await expect(sessionRow(token)).resolves.toBeNull();
  });

  it('re-enabling a user does not touch their sessions', async () => {
    const { email } = await setup();
    const token = await login(email);
    const user = await orm.em.fork().findOneOrFail(UserSchema, { email });
    await services().users.adminUpdate(user.id, { is_active: true, tier: 'pro' });
    expect((await validate(token))?.user).toMatchObject({ isActive: true, tier: 'pro' });
  });
});

describe('sign-in failures', () => {
  it('an unknown email and a wrong password get the same answer', async () => {
    const { email } = await setup();
    const failure = (username: string, password: string) =>
      services()
        .auth.login({ username, password }, uniqueIp())
        .then(
          () => null,
          (err: unknown) => err,
        );
    const unknown = await failure(uniqueEmail('nobody'), PASSWORD);
    const wrongPassword = await failure(email, 'not the password');
    const expected = { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.', status: 401 };
    expect(unknown).toMatchObject(expected);
    expect(wrongPassword).toMatchObject(expected);
  });

  it('after 5 failures for one email, even the right password gets 429 for the window', async () => {
    const { email } = await setup();
    for (let i = 0; i < AUTH.maxFailedLoginsPerWindow; i += 1) {
      await expect(login(email, `wrong-${i}`)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    await expect(login(email)).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429, message: MESSAGES.tooManyAttempts });
  });

  it('an unknown email is rate-limited the same way, so the limit tells nothing either', async () => {
    await setup();
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < AUTH.maxFailedLoginsPerWindow; i += 1) {
      await expect(login(nobody, `wrong-${i}`)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    await expect(login(nobody)).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429 });
  });

  it('a successful sign-in clears the failure count of that email', async () => {
    const { email } = await setup();
    for (let i = 0; i < AUTH.maxFailedLoginsPerWindow - 1; i += 1) await login(email, 'wrong').catch(() => undefined);
    await login(email);
    for (let i = 0; i < AUTH.maxFailedLoginsPerWindow - 1; i += 1) await login(email, 'wrong').catch(() => undefined);
    await expect(login(email)).resolves.toEqual(expect.any(String));
  });

  it('many failures from one client address are refused across emails', async () => {
    const { email } = await setup();
    const ip = uniqueIp();
    const attempt = (username: string, password: string) => services().auth.login({ username, password }, ip);
    // Spread over distinct emails so no single email reaches its own limit.
    for (let i = 0; i < AUTH.maxFailedLoginsPerWindow * 6; i += 1) {
      await expect(attempt(uniqueEmail(`spray${i}`), 'wrong')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    await expect(attempt(email, PASSWORD)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(services().auth.login({ username: email, password: PASSWORD }, uniqueIp())).resolves.toMatchObject({
      token_type: 'bearer',
    });
  });
});
