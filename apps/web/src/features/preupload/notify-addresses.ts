import type { TNotifyAddress } from '@ppp/contracts';

/** The addresses the notification email may be set to: the account's own first, then the verified ones (issue 14). */
export function notifyChoices(items: readonly TNotifyAddress[], current: string): { value: string; label: string }[] {
  const usable = [...items.filter((item) => item.own), ...items.filter((item) => !item.own && item.verified)].map((item) => item.email);
  const all = current && !usable.includes(current) ? [current, ...usable] : usable;
  return all.map((email) => ({ value: email, label: email }));
}

/** Added addresses still waiting for their code. */
export function pendingAddresses(items: readonly TNotifyAddress[]): string[] {
  return items.filter((item) => !item.own && !item.verified).map((item) => item.email);
}
