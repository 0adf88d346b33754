import type { RequiredEntityData } from '@mikro-orm/core';
import { z } from 'zod';
import type { User } from '../users/user.entity.ts';
import { TemplateSchema, type Template } from './template.entity.ts';
import { RecurringSlotSchema, type RecurringSlot } from './recurring-slot.entity.ts';
import { Repository } from '../../db/repository.ts';

/** Episode templates and their recurring publish slots, always scoped to one user where they are theirs. */
export class TemplatesRepository extends Repository {
  /** One of the user's templates; null for another user's, a malformed id or a missing one. */
  async findOwned(user: Pick<User, 'id'>, id: string): Promise<Template | null> {
    if (!z.uuid().safeParse(id).success) return null;
    return this.em.findOne(TemplateSchema, { id, user: user.id });
  }

  /** The user's templates, oldest first. */
  findForUser(user: Pick<User, 'id'>): Promise<Template[]> {
    return this.em.find(TemplateSchema, { user: user.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  countForUser(user: Pick<User, 'id'>): Promise<number> {
    return this.em.count(TemplateSchema, { user: user.id });
  }

  /** A new template, tracked (written by the next flush). */
  create(data: RequiredEntityData<Template>): Template {
    return this.em.create(TemplateSchema, data);
  }

  async remove(template: Template): Promise<void> {
    await this.em.remove(template).flush();
  }

  /** A template's recurring slots in the editor's order. */
  slotsOf(template: Pick<Template, 'id'>): Promise<RecurringSlot[]> {
    return this.em.find(RecurringSlotSchema, { template: template.id }, { orderBy: { position: 'asc', id: 'asc' } });
  }

  /** Replaces a template's slots: the old ones are removed first, then the new ones written. */
  async replaceSlots(existing: readonly RecurringSlot[], next: readonly RequiredEntityData<RecurringSlot>[]): Promise<RecurringSlot[]> {
    for (const slot of existing) this.em.remove(slot);
    await this.em.flush();
    const slots = next.map((data) => this.em.create(RecurringSlotSchema, data));
    await this.em.flush();
    return slots;
  }
}
