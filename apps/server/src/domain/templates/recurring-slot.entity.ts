import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { SLOT_REPEATS } from '@ppp/contracts';
import { TemplateSchema } from './template.entity.ts';
import { uuidPrimaryKey } from '../../db/entity-columns.ts';

/** One recurring publish slot of a template: weekday (0 = Monday), wall-clock time, lead, timezone; weekly, bi-weekly from a date, or once on a date. */
export const RecurringSlotSchema = defineEntity({
  name: 'RecurringSlot',
  tableName: 'recurring_schedule_slots',
  properties: {
    id: uuidPrimaryKey(),
    template: () => p.manyToOne(TemplateSchema).deleteRule('cascade').index(),
    dayOfWeek: p.smallint(),
    timeOfDay: p.string().length(5),
    enabled: p.boolean().default(true),
    advanceMinutes: p.integer().default(60),
    /** Null: the schedule's timezone. */
    timezone: p.string().length(64).nullable(),
    repeat: p.enum(SLOT_REPEATS).default('weekly'),
    /** 'YYYY-MM-DD': a bi-weekly slot's first date, a one-off slot's date; null for weekly. */
    date: p.string().length(10).nullable(),
    /** The order the editor listed them in. */
    position: p.integer().default(0),
  },
});
export type RecurringSlot = InferEntity<typeof RecurringSlotSchema>;
