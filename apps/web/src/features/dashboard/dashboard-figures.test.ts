import { describe, expect, it } from 'vitest';
import { lastAssemblyLabel, minutesLeftLabel, readyLabel, usageFigures } from './dashboard-figures.ts';

describe('dashboard figures', () => {
  it('shows ∞ minutes when there is no monthly maximum', () => {
    expect(minutesLeftLabel(null)).toBe('∞');
    expect(minutesLeftLabel(42.7)).toBe('42');
    expect(minutesLeftLabel(undefined)).toBe('—');
  });

  it('names readiness and the last assembly in the spec’s words', () => {
    expect([readyLabel(true), readyLabel(false)]).toEqual(['Yes', 'Setup needed']);
    expect([lastAssemblyLabel('success'), lastAssemblyLabel('error'), lastAssemblyLabel('pending'), lastAssemblyLabel(null)]).toEqual([
      'Success',
      'Error',
      'Pending',
      'None yet',
    ]);
  });

  it('reads the usage answer, unlimited when the maximum is null', () => {
    expect(usageFigures({ minutes_used: 10, minutes_left: 50, max_processing_minutes_month: 60 })).toEqual({
      minutes_used: 10,
      minutes_left: 50,
      max_processing_minutes_month: 60,
    });
    expect(usageFigures({ minutes_used: 10, minutes_left: 5, max_processing_minutes_month: null }).minutes_left).toBeNull();
  });
});
