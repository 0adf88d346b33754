import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { TRecurringNextResponse, TRecurringSchedulesResponse, ZPutRecurringSchedulesRequest } from '@ppp/contracts';
import type { User } from '../users/user.entity.ts';
import { nextPublishSlot, nextSlotFields, slotTimezone } from '../schedules/next-slot.ts';
import type { RecurringSlot } from './recurring-slot.entity.ts';
import type { TemplatesRepository } from './templates.repository.ts';
import type { TemplatesService } from './templates.service.ts';
import type { Template } from './template.entity.ts';

function toRule(slot: RecurringSlot) {
  return {
    day_of_week: slot.dayOfWeek,
    time_of_day: slot.timeOfDay,
    advance_minutes: slot.advanceMinutes,
    enabled: slot.enabled,
    timezone: slot.timezone,
    repeat: slot.repeat,
    date: slot.date ?? null,
  };
}

/** A template's recurring publish slots (spec 000 sections 3, 5 and 7), next occurrences computed in each slot's timezone. */
export class RecurringSchedulesService {
  private readonly repository: TemplatesRepository;
  private readonly templates: Pick<TemplatesService, 'getOwned'>;
  constructor(repository: TemplatesRepository, templates: Pick<TemplatesService, 'getOwned'>) {
    this.repository = repository;
    this.templates = templates;
  }

  private slotsOf(template: Template): Promise<RecurringSlot[]> {
    return this.repository.slotsOf(template);
  }

  private view(template: Template, slots: readonly RecurringSlot[], now: Date): TRecurringSchedulesResponse {
    return {
      timezone: template.scheduleTimezone,
      schedules: slots.map((slot) => ({
        id: slot.id,
        ...toRule(slot),
        timezone: slotTimezone(slot, template.scheduleTimezone),
        ...nextSlotFields(toRule(slot), now, template.scheduleTimezone),
      })),
    };
  }

  async get(user: Pick<User, 'id'>, templateId: string, now = new Date()): Promise<TRecurringSchedulesResponse> {
    const template = await this.templates.getOwned(user, templateId);
    return this.view(template, await this.slotsOf(template), now);
  }

  /** Replaces the schedule: the timezone and every slot (duplicate day+time slots, or date+time for dated ones, dropped, first kept). */
  async put(
    user: Pick<User, 'id'>,
    templateId: string,
    body: z.output<typeof ZPutRecurringSchedulesRequest>,
    now = new Date(),
  ): Promise<TRecurringSchedulesResponse> {
    const template = await this.templates.getOwned(user, templateId);
    const existing = await this.slotsOf(template);
    const kept = new Set(existing.map((slot) => slot.id));
    template.scheduleTimezone = body.timezone;
    const slots = await this.repository.replaceSlots(
      existing,
      body.schedules.map((slot, position) => ({
        // Ids the editor made up for unsaved slots are replaced; this template's stored ones are kept.
        id: slot.id && kept.has(slot.id) ? slot.id : randomUUID(),
        template,
        dayOfWeek: slot.day_of_week,
        timeOfDay: slot.time_of_day,
        enabled: slot.enabled,
        advanceMinutes: slot.advance_minutes,
        timezone: slot.timezone && slot.timezone !== body.timezone ? slot.timezone : null,
        repeat: slot.repeat,
        date: slot.date,
        position,
      })),
    );
    return this.view(template, slots, now);
  }

  /** GET .../next: the earliest next occurrence over the enabled slots. */
  async next(user: Pick<User, 'id'>, templateId: string, now = new Date()): Promise<TRecurringNextResponse> {
    const template = await this.templates.getOwned(user, templateId);
    return nextPublishSlot((await this.slotsOf(template)).map(toRule), now, template.scheduleTimezone);
  }
}
