import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AUTH, MESSAGES, ZRegisterRequest } from '@ppp/contracts';
import { openServiceBed, resetDatabase } from '../support/database.ts';
import { codeIn, PASSWORD, servicesFor, testConfig, uniqueEmail, uniqueIp } from '../support/fixtures.ts';
import { UserSchema } from '../../src/domain/users/user.entity.ts';
import { EmailVerificationSchema } from '../../src/domain/auth/email-verification.entity.ts';
import type { TConfig } from '../../src/config.ts';
import { parseInput } from '../../src/domain/validation.ts';
import { VerificationService } from '../../src/domain/auth/verification.service.ts';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

let orm: MikroORM;
let config: TConfig;
const services = () => servicesFor(orm, config);

beforeAll(async () => {
  ({ orm, config } = await openServiceBed());
});
afterAll(() => orm.close());
// Every test starts on a blank instance: its first account is the instance's first.
beforeEach(() => resetDatabase(orm));

/** As the edges call it: the body checked with the contract first (a malformed address is a 422 there). */
async function register(email: string, password = PASSWORD) {
  const body = parseInput(ZRegisterRequest, { email, password, accept_terms: true, terms_version: config.TERMS_VERSION });
  return services().auth.register(body, uniqueIp());
}
const findUser = (email: string) => orm.em.fork().findOneOrFail(UserSchema, { email });
async function mailsTo(email: string) {
  return services().mail.findOutbox({ to: email, limit: 50 });
}
async function latestCode(email: string): Promise<string> {
  const [newest] = await mailsTo(email);
  if (!newest) throw new Error(`no mail to ${email}`);
  return codeIn(newest.text);
}
/** A real SMTP server on loopback that takes `delayMs` to accept each mail; keeps the recipients. */
async function startSlowSmtp(delayMs: number): Promise<{ port: number; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        setTimeout(callback, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
/** A code that is certainly not the one mailed. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function adminAndPendingUser() {
  await register(uniqueEmail('admin'));
  const email = uniqueEmail('pending');
  expect(await register(email)).toEqual({ is_active: false });
  return { email, code: await latestCode(email) };
}

describe('registration', () => {
  it('makes the first account of a new instance an active, verified admin without sending a code', async () => {
    const email = uniqueEmail('first');
    expect(await register(email)).toEqual({ is_active: true });
    const user = await findUser(email);
    expect(user).toMatchObject({ role: 'admin', isActive: true, termsVersionAccepted: config.TERMS_VERSION });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await mailsTo(email)).toEqual([]);
    const token = (await services().auth.login({ username: email, password: PASSWORD }, uniqueIp())).access_token;
    expect((await services().sessions.validate(token))?.user.email).toBe(email);
  });

  it('keeps later accounts inactive, stores only a hash of the code and mails the 6 digits', async () => {
    await register(uniqueEmail('admin'));
    const email = uniqueEmail('second');
    expect(await register(email)).toEqual({ is_active: false });
    const user = await findUser(email);
    expect(user).toMatchObject({ role: 'user', isActive: false, emailVerifiedAt: null });

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: email, transport: 'outbox' });
    expect(mails[0]?.text).toMatch(/\b\d{6}\b/);
    expect(mails[0]?.sent_at).toBeInstanceOf(Date);
    const code = codeIn(mails[0]?.text ?? '');

    const rows = await orm.em.fork().find(EmailVerificationSchema, { user: user.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.codeHash).not.toContain(code);
    const ttl = (rows[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(AUTH.verificationCodeTtlMs - 60_000);
    expect(ttl).toBeLessThanOrEqual(AUTH.verificationCodeTtlMs);
  });

  it('activates later accounts at once when the admin setting default_user_active is on', async () => {
    await register(uniqueEmail('admin'));
    await services().settings.update({ default_user_active: true });
    const email = uniqueEmail('open');
    expect(await register(email)).toEqual({ is_active: true });
    expect(await findUser(email)).toMatchObject({ role: 'user', isActive: true });
    expect(await mailsTo(email)).toEqual([]);
  });

  it('refuses a second account with the same address, whatever its case', async () => {
    const email = uniqueEmail('dup');
    await register(email);
    await expect(register(email.toUpperCase())).rejects.toMatchObject({ code: 'USER_EXISTS', message: MESSAGES.userExists });
    expect(await orm.em.fork().count(UserSchema, {})).toBe(1);
  });

  it('refuses a malformed address with the spec wording and creates nothing', async () => {
    await expect(register('not-an-email')).rejects.toMatchObject({ code: 'VALIDATION', message: MESSAGES.invalidFormat });
    expect(await orm.em.fork().count(UserSchema, {})).toBe(0);
  });
});

describe('email verification', () => {
  it('confirms the address with the right code, once; in a closed alpha the account then waits for approval', async () => {
    const { email, code } = await adminAndPendingUser();
    await services().auth.confirmEmail({ email, code });
    const user = await findUser(email);
    expect(user.isActive).toBe(false);
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    // Single use: the same code does not work a second time.
    await expect(services().auth.confirmEmail({ email, code })).rejects.toMatchObject({ code: 'INVALID_CODE' });
  });

  it('activates the account on confirmation while new accounts are active', async () => {
    const { email, code } = await adminAndPendingUser();
    await services().settings.update({ default_user_active: true });
    try {
      await services().auth.confirmEmail({ email, code });
      expect(await findUser(email)).toMatchObject({ isActive: true, emailVerifiedAt: expect.any(Date) });
    } finally {
      await services().settings.update({ default_user_active: false });
    }
  });

  it('mails a link to /verify with the code as token beside the code', async () => {
    const { email, code } = await adminAndPendingUser();
    const [mail] = await mailsTo(email);
    expect(mail?.text).toContain(`/verify?token=${code}&email=${encodeURIComponent(email)}`);
  });

  it('accepts the verify page form {token, email}', async () => {
    const { email, code } = await adminAndPendingUser();
    await services().auth.confirmEmail({ email, token: code });
    expect(await findUser(email)).toMatchObject({ isActive: false, emailVerifiedAt: expect.any(Date) });
  });

  it('allows up to 5 tries: 4 wrong codes, then the right one still works', async () => {
    const { email, code } = await adminAndPendingUser();
    for (let i = 0; i < AUTH.verificationCodeMaxAttempts - 1; i += 1) {
      await expect(services().auth.confirmEmail({ email, code: wrong(code) })).rejects.toMatchObject({
        code: 'INVALID_CODE',
        message: MESSAGES.invalidCode,
      });
    }
    await services().auth.confirmEmail({ email, code });
    expect(await findUser(email)).toMatchObject({ isActive: false, emailVerifiedAt: expect.any(Date) });
  });

  it('burns the code after 5 wrong tries: the right one is refused afterwards', async () => {
    const { email, code } = await adminAndPendingUser();
    for (let i = 0; i < AUTH.verificationCodeMaxAttempts; i += 1) {
      await expect(services().auth.confirmEmail({ email, code: wrong(code) })).rejects.toMatchObject({ code: 'INVALID_CODE' });
    }
    await expect(services().auth.confirmEmail({ email, code })).rejects.toMatchObject({ code: 'INVALID_CODE' });
    expect((await findUser(email)).isActive).toBe(false);
  });

  it('answers 429 once code attempts keep failing, even across resent codes', async () => {
    const { email, code } = await adminAndPendingUser();
    for (let i = 0; i < AUTH.verificationCodeMaxAttempts; i += 1) {
      await services()
        .auth.confirmEmail({ email, code: wrong(code) })
        .catch(() => undefined);
    }
    await services().auth.resendVerification({ email });
    await VerificationService.settled();
    const second = await latestCode(email);
    for (let i = 0; i < AUTH.verificationCodeMaxAttempts; i += 1) {
      await expect(services().auth.confirmEmail({ email, code: wrong(second) })).rejects.toMatchObject({ code: 'INVALID_CODE' });
    }
    await expect(services().auth.confirmEmail({ email, code: second })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: MESSAGES.tooManyAttempts,
      status: 429,
    });
  });

  it('confirms the address of an account an admin disabled, without re-activating it', async () => {
    const { email, code } = await adminAndPendingUser();
    await services().users.adminUpdate((await findUser(email)).id, { is_active: false });
    await services().auth.confirmEmail({ email, code });
    const user = await findUser(email);
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user.isActive).toBe(false);
  });

  it('refuses an expired code', async () => {
    const { email, code } = await adminAndPendingUser();
    await orm.em.fork().nativeUpdate(EmailVerificationSchema, { email }, { expiresAt: new Date(Date.now() - 1000) });
    await expect(services().auth.confirmEmail({ email, code })).rejects.toMatchObject({ code: 'INVALID_CODE' });
    expect((await findUser(email)).isActive).toBe(false);
  });

  it('refuses a code for another address', async () => {
    const { code } = await adminAndPendingUser();
    const other = uniqueEmail('other');
    await register(other);
    await expect(services().auth.confirmEmail({ email: other, code })).rejects.toMatchObject({ code: 'INVALID_CODE' });
    await expect(services().auth.confirmEmail({ email: uniqueEmail('nobody'), code })).rejects.toMatchObject({
      code: 'INVALID_CODE',
    });
  });

  it('resend replaces the code: the old one stops working, the new one activates', async () => {
    const { email, code: first } = await adminAndPendingUser();
    await services().auth.resendVerification({ email });
    await VerificationService.settled();
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const second = await latestCode(email);
    if (second !== first) {
      await expect(services().auth.confirmEmail({ email, code: first })).rejects.toMatchObject({ code: 'INVALID_CODE' });
    }
    await services().auth.confirmEmail({ email, code: second });
    expect(await findUser(email)).toMatchObject({ isActive: false, emailVerifiedAt: expect.any(Date) });
  });

  it('resend answers the same for an unknown address and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    await expect(services().auth.resendVerification({ email: nobody })).resolves.toBeUndefined();
    await VerificationService.settled();
    expect(await mailsTo(nobody)).toEqual([]);
  });

  it('counts resends per address whether or not it has an account: the sixth is the same 429 for both', async () => {
    const { email } = await adminAndPendingUser();
    const nobody = uniqueEmail('nobody');
    for (const address of [email, nobody]) {
      for (let i = 0; i < AUTH.maxCodeSendsPerWindow; i += 1) await services().auth.resendVerification({ email: address });
      await expect(services().auth.resendVerification({ email: address })).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        status: 429,
        message: MESSAGES.tooManyAttempts,
      });
    }
    await VerificationService.settled();
    // The registration's code and one per resend allowed; nothing to the address without an account.
    expect(await mailsTo(email)).toHaveLength(1 + AUTH.maxCodeSendsPerWindow);
    expect(await mailsTo(nobody)).toEqual([]);
  });

  it('answers an existing account as fast as an unknown address, even when the mail server is slow (the code is mailed after)', async () => {
    const smtp = await startSlowSmtp(1500);
    try {
      const slowConfig = testConfig(config.DATABASE_URL ?? '', { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
      const slow = () => servicesFor(orm, slowConfig);
      await register(uniqueEmail('admin'));
      const email = uniqueEmail('pending');
      await register(email);
      const nobody = uniqueEmail('nobody');
      const timeOf = async (address: string) => {
        const started = performance.now();
        await slow().auth.resendVerification({ email: address });
        return performance.now() - started;
      };
      const existing = await timeOf(email);
      const unknown = await timeOf(nobody);
      // Before, the existing account's answer waited for the mail server (1.5 s) and the unknown one did not.
      expect(existing).toBeLessThan(1000);
      expect(unknown).toBeLessThan(1000);
      await VerificationService.settled();
      expect(smtp.received).toEqual([email]);
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(2);
      expect(mails[0]?.sent_at).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it('sign-in before confirmation says to confirm, and mails a new code only when none is pending', async () => {
    const { email } = await adminAndPendingUser();
    const login = () => services().auth.login({ username: email, password: PASSWORD }, uniqueIp());
    await expect(login()).rejects.toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', message: MESSAGES.confirmEmailFirst, status: 401 });
    expect(await mailsTo(email)).toHaveLength(1);
    await orm.em.fork().nativeUpdate(EmailVerificationSchema, { email }, { expiresAt: new Date(Date.now() - 1000) });
    await expect(login()).rejects.toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
    expect(await mailsTo(email)).toHaveLength(2);
    await services().auth.confirmEmail({ email, code: await latestCode(email) });
    await expect(login()).resolves.toMatchObject({ token_type: 'bearer' });
  });
});

describe('changing a pending email', () => {
  it('moves the account to the new address and mails the new code there', async () => {
    const { email: oldEmail, code: oldCode } = await adminAndPendingUser();
    const newEmail = uniqueEmail('corrected');
    await services().auth.updatePendingEmail({ old_email: oldEmail, new_email: newEmail });

    await expect(orm.em.fork().findOne(UserSchema, { email: oldEmail })).resolves.toBeNull();
    expect((await findUser(newEmail)).isActive).toBe(false);
    expect(await mailsTo(newEmail)).toHaveLength(1);
    // The code sent to the old address no longer confirms anything.
    await expect(services().auth.confirmEmail({ email: oldEmail, code: oldCode })).rejects.toMatchObject({ code: 'INVALID_CODE' });

    await services().auth.confirmEmail({ email: newEmail, code: await latestCode(newEmail) });
    expect(await findUser(newEmail)).toMatchObject({ isActive: false, emailVerifiedAt: expect.any(Date) });
    await expect(services().auth.login({ username: newEmail, password: PASSWORD }, uniqueIp())).resolves.toMatchObject({
      token_type: 'bearer',
    });
  });

  it('refuses an address that is taken, an unknown account and an already confirmed one', async () => {
    const { email } = await adminAndPendingUser();
    const taken = uniqueEmail('taken');
    await register(taken);
    const refused = { code: 'BAD_REQUEST', message: MESSAGES.unableToUpdateEmail };
    await expect(services().auth.updatePendingEmail({ old_email: email, new_email: taken })).rejects.toMatchObject(refused);
    await expect(
      services().auth.updatePendingEmail({ old_email: uniqueEmail('ghost'), new_email: uniqueEmail('new') }),
    ).rejects.toMatchObject(refused);
    await services().auth.confirmEmail({ email, code: await latestCode(email) });
    await expect(services().auth.updatePendingEmail({ old_email: email, new_email: uniqueEmail('late') })).rejects.toMatchObject(refused);
    expect((await findUser(email)).email).toBe(email);
  });
});
