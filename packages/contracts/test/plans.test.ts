import { describe, expect, it } from 'vitest';
import {
  FOUNDERS_OFFERS,
  PLANS,
  PLAN_FEATURE_KEYS,
  PRICING,
  TIERS,
  annualSavings,
  countdownParts,
  formatCountdown,
  formatDollars,
  formatOfferPrice,
  formatProcessingMinutes,
  formatQueueStorage,
  foundersDeadline,
  getPlan,
  getTier,
} from '../src/index.ts';

describe('plan table (spec 002 section 9)', () => {
  it('prices, minutes, extra rates and queue storage match the spec', () => {
    const rows = PLANS.map((p) => [
      p.name,
      p.monthlyCents === null ? 'contact only' : formatDollars(p.monthlyCents),
      p.annualMonthlyCents === null ? (p.contact ? 'contact only' : 'none') : formatDollars(p.annualMonthlyCents),
      formatProcessingMinutes(p.processingMinutes),
      p.extraRateCentsPerHour === null ? '' : formatDollars(p.extraRateCentsPerHour),
      formatQueueStorage(p.queueStorageHours, p.queueHeldDays),
    ]);
    expect(rows).toEqual([
      ['Starter', '$19', 'none', '120 (2 hrs)', '$6', '2 hrs held 7 days'],
      ['Creator', '$39', '$31', '600 (10 hrs)', '$5', '10 hrs held 14 days'],
      ['Pro', '$79', '$63', '1500 (25 hrs)', '$4', '25 hrs held 30 days'],
      ['Enterprise', 'contact only', 'contact only', '3600 (60 hrs)', '$3', '60 hrs held 60 days'],
    ]);
  });

  it('each plan adds features to the one before it, as the spec lists them', () => {
    const on = (key: 'starter' | 'creator' | 'pro' | 'enterprise') => PLAN_FEATURE_KEYS.filter((f) => getPlan(key).features[f]);
    expect(on('starter')).toEqual(['uploadRecord', 'basicCleanup', 'manualPublish']);
    expect(on('creator')).toEqual([...on('starter'), 'autopublishSpreaker', 'flubber', 'intern']);
    expect(on('pro')).toEqual([...on('creator'), 'advancedIntern', 'sfxTemplates', 'analytics']);
    expect(on('enterprise')).toEqual([...on('pro'), 'multiUser', 'priorityQueue', 'premiumSupport']);
  });

  it('calls to action carry ?plan=, Enterprise contacts sales', () => {
    expect(getPlan('starter').cta.href).toMatch(/[?&]plan=starter$/);
    expect(getPlan('creator').cta.href).toMatch(/[?&]plan=creator$/);
    expect(getPlan('pro').cta.href).toMatch(/[?&]plan=pro$/);
    expect(getPlan('enterprise')).toMatchObject({ contact: true, cta: { label: 'Contact Sales', href: '/contact' } });
    expect(PLANS.filter((p) => p.popular).map((p) => p.key)).toEqual(['creator']);
  });

  it('annual saves about 20% where there is an annual price', () => {
    expect(annualSavings(getPlan('starter'))).toBeNull();
    expect(annualSavings(getPlan('enterprise'))).toBeNull();
    expect(annualSavings(getPlan('creator'))).toEqual({ centsPerYear: 9600, percent: 21 });
    expect(annualSavings(getPlan('pro'))).toEqual({ centsPerYear: 19200, percent: 20 });
    expect(PRICING.annualSavingsLabel).toBe('Save 20%');
  });

  it('the tier table runs free, the four plans, unlimited; unlimited has no monthly maximum', () => {
    expect(TIERS.map((t) => t.key)).toEqual(['free', 'starter', 'creator', 'pro', 'enterprise', 'unlimited']);
    expect(getTier('unlimited').processingMinutes).toBeNull();
    expect(formatProcessingMinutes(getTier('unlimited').processingMinutes)).toBe('Unlimited');
    expect(getTier('free').features).toEqual(getPlan('starter').features);
  });
});

describe('founders offers', () => {
  it('lists the five offers with the spec prices', () => {
    expect(FOUNDERS_OFFERS.map((o) => [o.title, formatOfferPrice(o)])).toEqual([
      ['Creator Lifetime', '$199 once'],
      ['Creator Founders Annual', '$299/yr'],
      ['Pro Lifetime', '$399 once'],
      ['Pro Founders Annual', '$599/yr'],
      ['Partner Rate', '$10/mo'],
    ]);
    expect(FOUNDERS_OFFERS.map((o) => o.normallyCents)).toEqual([null, 46_800, null, 94_800, null]);
    // 'normally $468' and '$948' are twelve standard monthly payments.
    expect(getPlan('creator').monthlyCents! * 12).toBe(46_800);
    expect(getPlan('pro').monthlyCents! * 12).toBe(94_800);
    expect(FOUNDERS_OFFERS.filter((o) => o.period === 'once').every((o) => o.note.includes('capped at 20'))).toBe(true);
  });

  it('the deadline is Sept 30 23:59:59 of the current year', () => {
    const d = foundersDeadline(new Date(2026, 2, 14, 9, 0, 0));
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()]).toEqual([2026, 8, 30, 23, 59, 59]);
    expect(foundersDeadline(new Date(2027, 11, 31)).getFullYear()).toBe(2027);
  });

  it('counts down in days, hours, minutes and seconds, then ends', () => {
    const now = new Date(2026, 8, 28, 20, 58, 57);
    expect(countdownParts(now)).toEqual({ ended: false, days: 2, hours: 3, minutes: 1, seconds: 2 });
    expect(formatCountdown(countdownParts(now))).toBe('2d 03h 01m 02s');
    expect(countdownParts(new Date(2026, 8, 30, 23, 59, 59))).toMatchObject({ ended: false, seconds: 0 });
    const after = countdownParts(new Date(2026, 9, 1, 0, 0, 0));
    expect(after.ended).toBe(true);
    expect(formatCountdown(after)).toBe('Offer ended');
  });
});
