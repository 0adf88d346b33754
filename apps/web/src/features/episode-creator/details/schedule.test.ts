import { describe, expect, it } from 'vitest';
import { ASSEMBLY_MESSAGES, defaultScheduleTime } from '@ppp/contracts';
import { localToDate, schedulePublishFields, scheduleProblem, snapTimeToStep, suggestSchedule, toLocalSchedule } from './schedule.ts';

const now = new Date(2026, 10, 23, 14, 2, 10);

describe('schedule validation', () => {
  it('needs a date and a time', () => {
    expect(scheduleProblem({ date: '', time: '15:00' }, now)).toBe(ASSEMBLY_MESSAGES.scheduleRequired);
    expect(scheduleProblem({ date: '2026-11-23', time: '' }, now)).toBe(ASSEMBLY_MESSAGES.scheduleRequired);
    expect(scheduleProblem({ date: '2026-02-31', time: '10:00' }, now)).toBe(ASSEMBLY_MESSAGES.scheduleRequired);
  });

  it('needs at least 10 minutes ahead', () => {
    expect(scheduleProblem({ date: '2026-11-23', time: '14:10' }, now)).toBe(ASSEMBLY_MESSAGES.scheduleTooSoon);
    expect(scheduleProblem({ date: '2026-11-23', time: '13:00' }, now)).toBe(ASSEMBLY_MESSAGES.scheduleTooSoon);
    expect(scheduleProblem({ date: '2026-11-23', time: '14:15' }, now)).toBeNull();
  });

  it('reads local fields in the browser zone', () => {
    expect(localToDate({ date: '2026-11-23', time: '9:05' })?.getTime()).toBe(new Date(2026, 10, 23, 9, 5).getTime());
    expect(localToDate({ date: '2026-11-23', time: '24:00' })).toBeNull();
  });

  it('snaps typed times to the 5-minute step', () => {
    expect(snapTimeToStep('10:02')).toBe('10:00');
    expect(snapTimeToStep('10:03')).toBe('10:05');
    expect(snapTimeToStep('23:58')).toBe('23:55');
    expect(snapTimeToStep('')).toBe('');
  });
});

describe('default suggestion', () => {
  it('is the next 5-minute mark at least 60 minutes ahead', () => {
    expect(toLocalSchedule(defaultScheduleTime(now))).toEqual({ date: '2026-11-23', time: '15:05' });
    expect(toLocalSchedule(defaultScheduleTime(new Date(2026, 10, 23, 14, 0, 0)))).toEqual({ date: '2026-11-23', time: '15:00' });
    expect(suggestSchedule(new Date(2026, 10, 23, 23, 30), null)).toEqual({ date: '2026-11-24', time: '00:30' });
  });

  it('reuses a stored time only while more than 10 minutes ahead', () => {
    expect(suggestSchedule(now, new Date(2026, 10, 23, 14, 20))).toEqual({ date: '2026-11-23', time: '14:20' });
    expect(suggestSchedule(now, new Date(2026, 10, 23, 14, 12))).toEqual({ date: '2026-11-23', time: '15:05' });
    expect(suggestSchedule(now, new Date(2026, 10, 22, 9, 0))).toEqual({ date: '2026-11-23', time: '15:05' });
  });
});

describe('what assembly receives', () => {
  it('sends UTC and the local wording with the zone', () => {
    const fields = schedulePublishFields({ date: '2026-11-23', time: '15:05' }, 'Europe/Paris');
    expect(fields?.publish_at).toBe(new Date(2026, 10, 23, 15, 5).toISOString().replace('.000Z', 'Z'));
    expect(fields?.publish_at_local).toBe('2026-11-23 15:05 Europe/Paris');
    expect(schedulePublishFields({ date: '', time: '' }, 'UTC')).toBeNull();
  });
});
