import { describe, expect, it } from 'vitest';
import { monthlyMinutesText, renewalText, statusLabel, tierName } from './subscription-text.ts';

const base = {
  status: 'active',
  source: 'stripe',
  current_period_end: '2026-12-25T10:00:00.000Z',
  cancel_at_period_end: false,
  will_cancel_at: null,
} as const;

describe('the Subscription view in words', () => {
  it('names the tiers and how the plan is held', () => {
    expect(tierName('creator')).toBe('Creator');
    expect(tierName('unlimited')).toBe('Unlimited');
    expect(statusLabel(base)).toBe('Active');
    expect(statusLabel({ status: 'none', source: 'account' })).toBe('Set for this account');
    expect(statusLabel({ status: 'active', source: 'lifetime' })).toBe('Lifetime');
    expect(statusLabel({ status: 'trialing', source: 'trial' })).toBe('Free trial');
  });

  it('says when the plan renews, ends or cancels', () => {
    expect(renewalText(base)).toBe('Renews on December 25, 2026');
    expect(renewalText({ ...base, cancel_at_period_end: true })).toBe('Cancels on December 25, 2026');
    expect(renewalText({ ...base, will_cancel_at: '2027-01-31T12:00:00.000Z' })).toBe('Cancels on January 31, 2027');
    expect(renewalText({ ...base, source: 'trial', status: 'trialing' })).toBe('Trial ends on December 25, 2026');
    expect(renewalText({ ...base, status: 'canceled' })).toBe('Ended on December 25, 2026');
    expect(renewalText({ ...base, current_period_end: null })).toBeNull();
  });

  it('counts the monthly minutes, or says they are unlimited', () => {
    expect(monthlyMinutesText({ monthly_minutes_left: 480, max_processing_minutes_month: 600 })).toBe('480 of 600 minutes left this month');
    expect(monthlyMinutesText({ monthly_minutes_left: null, max_processing_minutes_month: null })).toBe('Unlimited minutes');
  });
});
