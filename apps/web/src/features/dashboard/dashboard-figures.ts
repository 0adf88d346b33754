import type { TDashboardStats, TUsage } from '@ppp/contracts';

/** Minutes left as the dashboard shows them: ∞ when there is no monthly maximum. */
export function minutesLeftLabel(minutesLeft: number | null | undefined): string {
  if (minutesLeft === null) return '∞';
  if (minutesLeft === undefined) return '—';
  return String(Math.max(0, Math.floor(minutesLeft)));
}

const ASSEMBLY_LABELS: Record<NonNullable<TDashboardStats['last_assembly_status']>, string> = {
  success: 'Success',
  error: 'Error',
  pending: 'Pending',
};

export function lastAssemblyLabel(status: TDashboardStats['last_assembly_status'] | undefined): string {
  return status ? ASSEMBLY_LABELS[status] : 'None yet';
}

export function readyLabel(ready: boolean): string {
  return ready ? 'Yes' : 'Setup needed';
}

/** GET /api/billing/usage, as far as the dashboard reads it. */
export type UsageFigures = Pick<TUsage, 'minutes_used' | 'minutes_left' | 'max_processing_minutes_month'>;

/** The dashboard's minutes: unlimited (no minutes left to count) when there is no monthly maximum. */
export function usageFigures(usage: UsageFigures): UsageFigures {
  const max = usage.max_processing_minutes_month;
  return { minutes_used: usage.minutes_used, minutes_left: max === null ? null : usage.minutes_left, max_processing_minutes_month: max };
}
