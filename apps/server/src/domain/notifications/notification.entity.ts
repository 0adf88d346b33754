import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ownerColumn } from '../users/user.entity.ts';
import { uuidPrimaryKey, createdAtColumn } from '../../db/entity-columns.ts';

/** An in-app notice for the bell; unread until read_at is set. */
export const NotificationSchema = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  properties: {
    id: uuidPrimaryKey(),
    user: () => ownerColumn().index(),
    title: p.string().length(200),
    body: p.text(),
    /** A job that runs twice writes the same notice once (e.g. transcript-ready:{mediaId}). */
    dedupeKey: p.string().length(200).nullable().unique(),
    /** The app path of what the notice is about (NOTIFICATION_LINKS), opened when it is clicked. */
    link: p.string().length(500).nullable(),
    readAt: p.datetime().nullable(),
    createdAt: createdAtColumn().index(),
  },
});
export type Notification = InferEntity<typeof NotificationSchema>;
