import { z } from 'zod';
import { PUBLISH_MESSAGES, PUBLISH_MODES, VISIBILITIES, scheduleProblem } from '@ppp/contracts';
import { zonedToUtc, type TZonedTime } from './schedule-time.ts';

/** The publish dialog's fields: the mode, the visibility for 'now', and the schedule's date, time and zone. */
export const ZPublishForm = z
  .object({
    mode: z.enum(PUBLISH_MODES),
    visibility: z.enum(['no-change', ...VISIBILITIES]),
    date: z.string(),
    time: z.string(),
    zone: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.mode !== 'schedule') return;
    const problem = scheduleFieldProblem(values);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['time'] });
  });
export type TPublishForm = z.infer<typeof ZPublishForm>;

/**
 * The schedule in the spec's words (spec 001 §5): date and time required, a real moment in the
 * chosen zone, more than 1 minute ahead and on a 5-minute mark; null when it is fine.
 */
export function scheduleFieldProblem(value: TZonedTime, now = new Date()): string | null {
  if (!value.date || !value.time) return PUBLISH_MESSAGES.dateTimeRequired;
  const at = zonedToUtc(value);
  if (!at) return PUBLISH_MESSAGES.invalidDateTime;
  return scheduleProblem(at, now);
}

/** Sent as visibility unpublished plus the UTC moment without milliseconds and the local string with its zone (spec 000 §7). */
export function zonedSchedulePayload(value: TZonedTime) {
  const at = zonedToUtc(value);
  if (!at) throw new Error(PUBLISH_MESSAGES.invalidDateTime);
  return {
    publish_state: 'unpublished' as const,
    publish_at: at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    publish_at_local: `${value.date} ${value.time} ${value.zone}`,
  };
}
