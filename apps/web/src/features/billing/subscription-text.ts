import { TIERS, type TSubscription, type TTierKey, type TUsage } from '@ppp/contracts';

/** 'Creator', 'Free', 'Unlimited'. */
export function tierName(key: TTierKey): string {
  return TIERS.find((tier) => tier.key === key)?.name ?? key;
}

const STATUS_LABELS: Record<TSubscription['status'], string> = {
  none: 'No subscription',
  active: 'Active',
  trialing: 'Free trial',
  past_due: 'Payment due',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  canceled: 'Canceled',
};

/** The status badge: how the plan is held when it is not a subscription (set by an administrator, lifetime). */
export function statusLabel(subscription: Pick<TSubscription, 'status' | 'source'>): string {
  if (subscription.source === 'lifetime') return 'Lifetime';
  if (subscription.source === 'account' && subscription.status !== 'canceled') return 'Set for this account';
  return STATUS_LABELS[subscription.status];
}

/** A date as the reader writes it: 'December 25, 2026'. */
export function longDate(iso: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00`) : new Date(iso);
  return Number.isNaN(day.getTime()) ? iso : day.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** 'Cancels on …' once a cancellation is set, 'Trial ends on …', 'Renews on …', 'Ended on …', or null when there is no date. */
export function renewalText(
  subscription: Pick<TSubscription, 'status' | 'source' | 'current_period_end' | 'cancel_at_period_end' | 'will_cancel_at'>,
): string | null {
  const end = subscription.will_cancel_at ?? subscription.current_period_end;
  if (!end) return null;
  if (subscription.status === 'canceled') return `Ended on ${longDate(end)}`;
  if (subscription.source === 'trial') return `Trial ends on ${longDate(end)}`;
  if (subscription.cancel_at_period_end || subscription.will_cancel_at) return `Cancels on ${longDate(end)}`;
  return `Renews on ${longDate(end)}`;
}

/** '120 of 600 minutes left this month' or 'Unlimited minutes'. */
export function monthlyMinutesText(usage: Pick<TUsage, 'monthly_minutes_left' | 'max_processing_minutes_month'>): string {
  if (usage.max_processing_minutes_month === null || usage.monthly_minutes_left === null) return 'Unlimited minutes';
  return `${usage.monthly_minutes_left} of ${usage.max_processing_minutes_month} minutes left this month`;
}
