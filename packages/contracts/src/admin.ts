import { z } from 'zod';

/**
 * The admin panel's side tabs (spec 002 section 2.14), in the spec's order, then the operator's
 * own views the issue adds (jobs, waitlist, mail outbox, dev tools). Any other tab is 'Coming Soon'.
 */
export const ADMIN_TABS = [
  { key: 'overview', label: 'Dashboard Overview' },
  { key: 'users', label: 'Users' },
  { key: 'podcasts', label: 'Podcasts' },
  { key: 'analytics', label: 'Analytics' },
  { key: 'tiers', label: 'Tier Editor' },
  { key: 'music', label: 'Music Library' },
  { key: 'speech', label: 'Speech & AI' },
  { key: 'landing', label: 'Front Page Content' },
  { key: 'db', label: 'DB Explorer' },
  { key: 'settings', label: 'Settings' },
  { key: 'billing', label: 'Billing' },
  { key: 'help', label: 'Help & Docs' },
] as const;

export const ADMIN_OPERATION_TABS = [
  { key: 'jobs', label: 'Jobs' },
  { key: 'waitlist', label: 'Waitlist' },
  { key: 'outbox', label: 'Mail Outbox' },
  { key: 'dev', label: 'Dev Tools' },
] as const;

/** The admin panel's messages (spec 002 section 8, 'Admin'). */
export const ADMIN_MESSAGES = {
  comingSoon: 'Coming Soon',
  failedToLoadBillingOverview: 'Failed to load billing overview',
  failedToLoadUsers: 'Failed to load users',
  failedToLoadSummary: 'Failed to load summary',
  failedToLoadTiers: 'Failed to load tiers',
  failedToLoadTierConfig: 'Failed to load Tier configuration',
  saveFailed: 'Save failed',
  loadFailed: 'Load failed',
  deleteFailed: 'Delete failed',
  failedToKillQueue: 'Failed to kill queue',
  failedToLoadPodcasts: 'Failed to load podcasts',
  uploadFailed: 'Upload failed',
  networkErrorUploading: 'Network error while uploading',
  uploadCancelled: 'Upload cancelled',
  importFailed: 'Import failed',
  deleteAssetFailed: 'Delete failed: Could not remove asset',
  perUserError: 'Err',
  adminOnly: 'Admin only',
} as const;

/** GET /api/admin/summary. */
export const ZAdminSummary = z.object({
  users: z.number().int(),
  episodes: z.number().int(),
  published_episodes: z.number().int(),
  podcasts: z.number().int(),
  templates: z.number().int(),
});
export type TAdminSummary = z.infer<typeof ZAdminSummary>;

export const ZAdminQueueCounts = z.object({
  name: z.string(),
  queued: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
});
export type TAdminQueueCounts = z.infer<typeof ZAdminQueueCounts>;

/** The overview's live figures, in place of the spec's placeholders (Episodes Today, system status, uptime). */
export const ZAdminSystemStatus = z.object({
  episodes_today: z.number().int(),
  uptime_seconds: z.number().int(),
  database: z.enum(['ok', 'down']),
  /** The worker's last sign of life (pg-boss maintenance or a job it worked on); null when none was ever seen. */
  worker_last_seen: z.date().nullable(),
  queues: z.array(ZAdminQueueCounts),
  failed_jobs: z.number().int(),
  disk_free_bytes: z.number().nullable(),
  disk_total_bytes: z.number().nullable(),
  ffmpeg_version: z.string().nullable(),
});
export type TAdminSystemStatus = z.infer<typeof ZAdminSystemStatus>;

/** A settings change is saved this long after the last edit. */
export const ADMIN_SETTINGS_SAVE_DELAY_MS = 400;

/** Users table page size, shows list page size, DB explorer page size (spec 002 section 9). */
export const ADMIN_PAGES = { users: 10, podcasts: 25, dbRows: 50, max: 200 } as const;

const ZPageQuery = (size: number) => ({
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGES.max).default(size),
  offset: z.coerce.number().int().min(0).default(0),
});

/** GET /api/admin/users/full: a page of users, searched by email or name. */
export const ZAdminUsersQuery = z.object({
  ...ZPageQuery(ADMIN_PAGES.users),
  search: z.string().trim().max(254).optional(),
});
export type TAdminUsersQuery = z.input<typeof ZAdminUsersQuery>;

/** The admin user entity (spec 002 section 3). */
export const ZAdminUser = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  avatar: z.string().nullable(),
  tier: z.string(),
  is_active: z.boolean(),
  is_admin: z.boolean(),
  created_at: z.date(),
  last_activity: z.date().nullable(),
  episode_count: z.number().int(),
  subscription_expires_at: z.date().nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUsersPage = z.object({ items: z.array(ZAdminUser), total: z.number().int(), offset: z.number().int() });
export type TAdminUsersPage = z.infer<typeof ZAdminUsersPage>;

/** GET /api/admin/podcasts?limit&offset&owner_email. */
export const ZAdminPodcastsQuery = z.object({
  ...ZPageQuery(ADMIN_PAGES.podcasts),
  owner_email: z.string().trim().toLowerCase().max(254).optional(),
});
export type TAdminPodcastsQuery = z.input<typeof ZAdminPodcastsQuery>;

/** The admin show row (spec 002 section 3). */
export const ZAdminPodcastRow = z.object({
  id: z.string(),
  name: z.string(),
  owner_email: z.string(),
  episode_count: z.number().int(),
  created_at: z.date(),
  last_episode_at: z.date().nullable(),
});
export type TAdminPodcastRow = z.infer<typeof ZAdminPodcastRow>;

export const ZAdminPodcastsPage = z.object({ items: z.array(ZAdminPodcastRow), total: z.number().int(), offset: z.number().int() });
export type TAdminPodcastsPage = z.infer<typeof ZAdminPodcastsPage>;

/** A waitlist request as the admin's Waitlist tab shows it. */
export const ZAdminWaitlistEntry = z.object({
  id: z.string(),
  email: z.string(),
  note: z.string().nullable(),
  created_at: z.date(),
  status: z.enum(['pending', 'approved', 'dismissed']),
  /** Whether an account with this email exists, and whether it is active. */
  account: z.enum(['none', 'waiting', 'active']),
});
export type TAdminWaitlistEntry = z.infer<typeof ZAdminWaitlistEntry>;

export const ZAdminIdInput = z.object({ id: z.guid() });

/** The mail an approved account gets. */
export const WAITLIST_APPROVAL_MAIL = {
  subject: 'Your Podcast Plus Plus access is approved',
  text: (url: string) => `Good news: your request was approved and your account is active.\n\nSign in at ${url}/?login=1`,
} as const;

/** A failed background job as the Jobs view lists it. */
export const ZAdminFailedJob = z.object({
  id: z.string(),
  queue: z.string(),
  error: z.string(),
  failed_at: z.date().nullable(),
  retries: z.number().int(),
});
export type TAdminFailedJob = z.infer<typeof ZAdminFailedJob>;

export const ZAdminJobsView = z.object({ queues: z.array(ZAdminQueueCounts), failed: z.array(ZAdminFailedJob) });
export type TAdminJobsView = z.infer<typeof ZAdminJobsView>;

/** POST /api/admin/tasks/kill {queue}: cancels the queue's queued jobs; answers the queue and how many. */
export const ZKillQueueRequest = z.object({ queue: z.string().trim().min(1, 'Choose a queue.').max(200) });
export const ZKillQueueResult = z.object({ queue: z.string(), cancelled: z.number().int() });
export type TKillQueueResult = z.infer<typeof ZKillQueueResult>;

/**
 * GET /api/admin/tasks/kill/preview?queue: what Kill queue would cancel now, asked before the
 * confirmation (issue 35): the queued jobs and how many creators they belong to (a job that names
 * no creator's row, such as a cleanup, belongs to none).
 */
export const ZKillQueuePreview = z.object({ queue: z.string(), jobs: z.number().int(), users: z.number().int() });
export type TKillQueuePreview = z.infer<typeof ZKillQueuePreview>;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The Kill queue confirmation's words: how many jobs of how many users it cancels. */
export const KILL_QUEUE_MESSAGES = {
  title: (queue: string) => `Kill queue ${queue}?`,
  body: (preview: TKillQueuePreview) =>
    `This cancels ${plural(preview.jobs, 'queued job')} of ${plural(preview.users, 'user')}. Running jobs finish. This cannot be undone.`,
  nothingQueued: 'Nothing is queued in this queue now.',
  confirm: 'Kill queue',
  done: (result: TKillQueueResult) => `${plural(result.cancelled, 'queued job')} cancelled.`,
} as const;

export const ZRetryJobRequest = z.object({ queue: z.string().trim().min(1).max(200), id: z.guid() });
