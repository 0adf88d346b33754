import { z } from 'zod';

/**
 * The admin's Dev Tools (spec 002 sections 2.14, 6 and 7): a demo show to try the Episode Creator
 * with at once (POST /api/admin/seed), and a database reset (POST /api/dev/reset-database) that
 * exists only on an instance started with DEV_TOOLS=true outside production.
 */
export const DEV_TOOLS = {
  /** What the seed makes (found again by these names, so seeding twice makes nothing new). */
  demoShowName: 'Demo Show',
  demoShowDescription: 'A demo show made by the admin panel’s Dev Tools, to try the Episode Creator with.',
  demoTemplateName: 'Demo template',
  demoIntroName: 'Demo intro',
  demoOutroName: 'Demo outro',
  demoUploadName: 'Demo episode audio',
  demoIntroScript: 'Welcome to the Demo Show, made with Podcast Plus Plus.',
  demoOutroScript: 'Thanks for listening to the Demo Show. See you next time.',
  /** The main content, one sentence at a time (each spoken, then timed word by word for the supplied transcript). */
  demoSentences: [
    'Hello and welcome to this demo episode.',
    'Today we try the episode creator with a short recording.',
    'Everything you hear was made on this instance in a few seconds.',
    'That is all for today. Goodbye.',
  ],
  /** Normal speed. */
  demoSpeakingRate: 1,
  /** Silence between two sentences of the main content, in seconds. */
  demoSentenceGapSeconds: 0.6,
} as const;

export const DEV_TOOLS_MESSAGES = {
  notAuthorized: 'Not authorized.',
  resetOff: 'Database reset is off on this instance: it needs DEV_TOOLS=true, and never runs in production (NODE_ENV=production).',
  confirmName: (name: string) => `Type the instance name (${name}) to reset the database.`,
  resetDone: 'The database was reset. Your administrator account is all that is left.',
  seedFailed: 'Could not make the demo show',
  resetFailed: 'Reset Failed',
} as const;

/** POST /api/admin/seed -> podcast_id, template_id (spec 002 section 3), and the upload to build an episode from. */
export const ZSeedResult = z.object({
  podcast_id: z.string(),
  template_id: z.string(),
  main_content_filename: z.string(),
  /** false when the demo show was already there (nothing new was made). */
  created: z.boolean(),
});
export type TSeedResult = z.infer<typeof ZSeedResult>;

/** GET /api/admin/dev-tools: whether the reset is available here, and the name to type to confirm it. */
export const ZDevToolsStatus = z.object({
  reset_enabled: z.boolean(),
  instance_name: z.string(),
});
export type TDevToolsStatus = z.infer<typeof ZDevToolsStatus>;

/** POST /api/dev/reset-database {confirm}: the instance's name, typed by the admin. */
export const ZResetDatabaseRequest = z.object({ confirm: z.string().trim().max(255) });
export type TResetDatabaseRequest = z.input<typeof ZResetDatabaseRequest>;

export const ZResetDatabaseResult = z.object({
  /** Tables emptied (the migration ledger, the admin's account and sessions and the built-in music stay). */
  tables_cleared: z.number().int(),
  users_removed: z.number().int(),
});
export type TResetDatabaseResult = z.infer<typeof ZResetDatabaseResult>;
