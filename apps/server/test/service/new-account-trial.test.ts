/**
 * Issue 37: a new account starts the 14-day Creator trial the landing promises, unless the admin's
 * setting (or a default tier at Creator or above) says otherwise. Registration through the service.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PAYMENTS, ZRegisterRequest } from '@ppp/contracts';
import { openServiceBed, resetDatabase } from '../support/database.ts';
import { PASSWORD, servicesFor, testConfig, uniqueEmail, uniqueIp } from '../support/fixtures.ts';
import { UserSchema } from '../../src/domain/users/user.entity.ts';
import type { TConfig } from '../../src/config.ts';
import { parseInput } from '../../src/domain/validation.ts';
import { SettingsService } from '../../src/domain/settings/settings.service.ts';

let orm: MikroORM;
let config: TConfig;
const services = () => servicesFor(orm, config);

beforeAll(async () => {
  ({ orm, config } = await openServiceBed());
});
afterAll(() => orm.close());
beforeEach(() => resetDatabase(orm));

async function registered(label: string) {
  const email = uniqueEmail(label);
  const body = parseInput(ZRegisterRequest, { email, password: PASSWORD, accept_terms: true, terms_version: config.TERMS_VERSION });
  await services().auth.register(body, uniqueIp());
  const user = await orm.em.fork().findOneOrFail(UserSchema, { email });
  return services().subscriptions.subscription(user);
}

describe('the free trial of a new account', () => {
  it('starts Creator for 14 days for a later account when the setting is on; the first account stays unlimited', async () => {
    await services().settings.update({ new_account_trial: true });
    const first = await registered('owner');
    expect(first.plan_key).toBe('unlimited');
    expect(first.source).toBe('account');
    const before = Date.now();
    const later = await registered('creator');
    expect(later).toMatchObject({ plan_key: 'creator', source: 'trial', status: 'trialing', trial_available: false });
    expect(later.features.flubber).toBe(true);
    const ends = new Date(later.current_period_end ?? 0).getTime();
    expect(Math.round((ends - before) / 86_400_000)).toBe(PAYMENTS.trialDays);
  });

  it('leaves a new account on the default tier, with the trial still offered, when the setting is off', async () => {
    await registered('owner');
    await services().settings.update({ new_account_trial: false });
    const later = await registered('free');
    expect(later).toMatchObject({ plan_key: 'free', source: 'account', trial_available: true });
    expect(later.features.flubber).toBe(false);
  });

  it('gives no trial when the default tier is already Creator or above', async () => {
    await registered('owner');
    await services().settings.update({ new_account_trial: true, default_tier: 'pro' });
    const later = await registered('pro');
    expect(later).toMatchObject({ plan_key: 'pro', source: 'account', trial_available: false });
  });

  it('is off under NODE_ENV=test until NEW_ACCOUNT_TRIAL or the admin turns it on', async () => {
    expect((await services().settings.get()).new_account_trial).toBe(false);
    SettingsService.clearCache();
    const on = testConfig(config.DATABASE_URL ?? '', { NEW_ACCOUNT_TRIAL: 'true' });
    expect((await servicesFor(orm, on).settings.get()).new_account_trial).toBe(true);
    SettingsService.clearCache();
  });
});
