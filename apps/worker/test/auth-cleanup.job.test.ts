import { describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail, uniqueIp, registerAccount } from '@ppp/server/test-support';
import { workerBed } from './support/worker-bed.ts';

const bed = workerBed({ name: 'ppp-auth-cleanup' });
const { services, sql, logs } = bed;

describe('auth.cleanup', () => {
  it('removes expired sessions, dead codes and stale rate-limit windows, and keeps what is live', async () => {
    // An admin (first account), whose first session expires and second stays live.
    const adminEmail = uniqueEmail('admin');
    await registerAccount(services(), adminEmail);
    await services().auth.login({ username: adminEmail, password: PASSWORD }, uniqueIp());
    await sql(`update sessions set expires_at = now() - interval '1 minute'`);
    const live = (await services().auth.login({ username: adminEmail, password: PASSWORD }, uniqueIp())).access_token;
    const admin = await sql<{ id: string }>('select id from users where email = ?', [adminEmail]);

    // A pending account whose code expired long ago, and one whose code is still usable.
    const stale = uniqueEmail('stale');
    const fresh = uniqueEmail('fresh');
    await registerAccount(services(), stale);
    await sql(`update email_verifications set expires_at = now() - interval '1 hour' where email = ?`, [stale]);
    await registerAccount(services(), fresh);

    await sql(
      `insert into rate_limits (key, count, window_start) values ('test:stale', 3, now() - interval '2 days'), ('test:fresh', 3, now())`,
    );

    const before = await sql<{ n: string }>('select count(*) as n from sessions where user_id = ?', [admin[0]?.id]);
    expect(Number(before[0]?.n)).toBe(2);

    expect((await bed.runJobOnce('auth.cleanup'))?.state).toBe('completed');

    const sessions = await sql<{ user_id: string }>('select user_id from sessions');
    expect(sessions).toEqual([{ user_id: admin[0]?.id }]);
    expect((await services().sessions.validate(live))?.user.email).toBe(adminEmail);

    const codes = await sql<{ email: string }>('select email from email_verifications order by email');
    expect(codes).toEqual([{ email: fresh }]);

    const limits = await sql<{ key: string }>(`select key from rate_limits where key like 'test:%'`);
    expect(limits).toEqual([{ key: 'test:fresh' }]);
    expect(logs.some((line) => /auth\.cleanup: 1 sessions, 1 codes removed/.test(line))).toBe(true);
  });

  it('is safe to run again when there is nothing to remove', async () => {
    expect((await bed.runJobOnce('auth.cleanup'))?.state).toBe('completed');
    expect(await sql('select 1 from sessions')).toHaveLength(1);
  });
});
