import { p } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * The columns most tables share, written once: the uuid primary key the app assigns when the entity
 * is created (so a new row knows its id before the flush), and the creation and change times.
 */
export function uuidPrimaryKey() {
  return p
    .uuid()
    .primary()
    .onCreate(() => randomUUID());
}

/** When the row was written; set once. */
export function createdAtColumn() {
  return p.datetime().onCreate(() => new Date());
}

/** When the row last changed: set on create and on every update the flush writes. */
export function updatedAtColumn() {
  return p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date());
}
