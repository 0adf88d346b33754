import type { TDashboardStats } from '@ppp/contracts';

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
export interface UsageFigures {
  minutes_used: number;
  minutes_left: number | null;
  max_processing_minutes_month: number | null;
}

export function readUsage(body: unknown): UsageFigures | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const used = record.minutes_used ?? record.processing_minutes_used_this_month;
  if (typeof used !== 'number') return null;
  const left = typeof record.minutes_left === 'number' ? record.minutes_left : null;
  const max = typeof record.max_processing_minutes_month === 'number' ? record.max_processing_minutes_month : null;
  return { minutes_used: used, minutes_left: max === null ? null : left, max_processing_minutes_month: max };
}
