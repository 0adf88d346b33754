import { z } from 'zod';

/**
 * The distribution checklist (spec 001 §3 'Checklist item'): the directories a creator submits a
 * show's RSS feed to. The definitions are static; status and notes are stored per show.
 */
export const CHECKLIST_STATUSES = ['not_started', 'in_progress', 'completed', 'skipped'] as const;
export const ZChecklistStatus = z.enum(CHECKLIST_STATUSES);
export type TChecklistStatus = z.infer<typeof ZChecklistStatus>;

/** automatic: the directory picks the show up on its own; assisted: we prefill what we can; manual: the creator submits. */
export const CHECKLIST_AUTOMATION = ['automatic', 'assisted', 'manual'] as const;
export const ZChecklistAutomation = z.enum(CHECKLIST_AUTOMATION);
export type TChecklistAutomation = z.infer<typeof ZChecklistAutomation>;

export const CHECKLIST_KEYS = [
  'apple_podcasts',
  'spotify',
  'youtube_music',
  'amazon_music',
  'pocket_casts',
  'overcast',
  'podcast_index',
  'iheartradio',
  'castbox',
  'podcast_addict',
  'deezer',
] as const;
export const ZChecklistKey = z.enum(CHECKLIST_KEYS);
export type TChecklistKey = z.infer<typeof ZChecklistKey>;

export const ZChecklistDefinition = z.object({
  key: ZChecklistKey,
  name: z.string(),
  automation: ZChecklistAutomation,
  summary: z.string(),
  automation_notes: z.string().nullable(),
  action_label: z.string().nullable(),
  action_url: z.url().nullable(),
  docs_url: z.url().nullable(),
  /** Set when the step cannot be done yet (no public feed, no artwork); filled in per show by the service. */
  disabled_reason: z.string().nullable(),
  instructions: z.array(z.string()),
});
export type TChecklistDefinition = z.infer<typeof ZChecklistDefinition>;

export const ZChecklistItem = ZChecklistDefinition.extend({
  status: ZChecklistStatus,
  notes: z.string().max(2000).nullable(),
});
export type TChecklistItem = z.infer<typeof ZChecklistItem>;

/** GET /api/podcasts/{id}/distribution/checklist */
export const ZChecklistResponse = z.object({
  items: z.array(ZChecklistItem),
  rss_feed_url: z.url().nullable(),
  spreaker_show_url: z.url().nullable(),
});
export type TChecklistResponse = z.infer<typeof ZChecklistResponse>;

/** PUT /api/podcasts/{id}/distribution/checklist/{key} */
export const ZChecklistUpdateRequest = z.object({
  status: ZChecklistStatus,
  notes: z.string().max(2000).nullable().optional(),
});
export type TChecklistUpdateRequest = z.infer<typeof ZChecklistUpdateRequest>;

const FEED = 'Copy your RSS feed URL from this page.';

function item(
  key: TChecklistKey,
  name: string,
  automation: TChecklistAutomation,
  summary: string,
  links: { action_label: string | null; action_url: string | null; docs_url: string | null },
  instructions: string[],
  automation_notes: string | null = null,
): TChecklistDefinition {
  return { key, name, automation, summary, automation_notes, ...links, disabled_reason: null, instructions };
}

export const CHECKLIST_DEFINITIONS: readonly TChecklistDefinition[] = [
  item(
    'apple_podcasts',
    'Apple Podcasts',
    'manual',
    'The largest directory; many other apps read its catalogue.',
    {
      action_label: 'Open Podcasts Connect',
      action_url: 'https://podcastsconnect.apple.com/',
      docs_url: 'https://podcasters.apple.com/support/897-submit-a-show',
    },
    [
      'Sign in to Apple Podcasts Connect with your Apple Account.',
      'Choose the plus button, then New Show, then "Add a show with an RSS feed".',
      FEED,
      'Paste the feed URL, check the preview and submit for review (usually within a few days).',
    ],
  ),
  item(
    'spotify',
    'Spotify',
    'manual',
    'Spotify ingests shows by RSS through Spotify for Creators.',
    {
      action_label: 'Open Spotify for Creators',
      action_url: 'https://creators.spotify.com/',
      docs_url: 'https://support.spotify.com/creators/',
    },
    [
      'Sign in to Spotify for Creators.',
      'Choose "Find an existing show" and select the RSS option.',
      FEED,
      'Paste the feed URL and confirm ownership with the code sent to the owner email of the feed.',
    ],
  ),
  item(
    'youtube_music',
    'YouTube Music',
    'manual',
    'YouTube Studio can import an audio podcast from its RSS feed.',
    {
      action_label: 'Open YouTube Studio',
      action_url: 'https://studio.youtube.com/',
      docs_url: 'https://support.google.com/youtube/answer/13525207',
    },
    [
      'In YouTube Studio choose Create, then New podcast, then "Submit RSS feed".',
      FEED,
      'Paste the feed URL and verify with the code sent to the owner email of the feed.',
    ],
  ),
  item(
    'amazon_music',
    'Amazon Music and Audible',
    'manual',
    'Amazon Music for Podcasters lists a show on both Amazon Music and Audible.',
    {
      action_label: 'Open Amazon Music for Podcasters',
      action_url: 'https://podcasters.amazon.com/',
      docs_url: 'https://podcasters.amazon.com/',
    },
    ['Sign in to Amazon Music for Podcasters and choose "Add your podcast".', FEED, 'Paste the feed URL and accept the terms.'],
  ),
  item(
    'pocket_casts',
    'Pocket Casts',
    'manual',
    'Pocket Casts has its own directory with a submission form.',
    { action_label: 'Submit to Pocket Casts', action_url: 'https://pocketcasts.com/submit/', docs_url: null },
    [FEED, 'Paste it into the Pocket Casts submission form and submit.'],
  ),
  item(
    'overcast',
    'Overcast',
    'automatic',
    'Overcast lists shows from the Apple Podcasts directory.',
    { action_label: null, action_url: null, docs_url: 'https://overcast.fm/podcasterinfo' },
    ['Nothing to do: the show appears in Overcast a day or so after Apple Podcasts lists it.'],
    'Follows the Apple Podcasts listing.',
  ),
  item(
    'podcast_index',
    'Podcast Index',
    'assisted',
    'The open index that Podcasting 2.0 apps (Podcast Addict, Fountain, Podverse and others) read.',
    { action_label: 'Add to Podcast Index', action_url: 'https://podcastindex.org/add', docs_url: 'https://podcastindex.org/' },
    [FEED, 'Paste it into the Podcast Index "Add" form; the show is usually listed within minutes.'],
    'The feed carries podcast:guid, so apps can follow the show if the feed URL ever changes.',
  ),
  item(
    'iheartradio',
    'iHeartRadio',
    'manual',
    'iHeartRadio accepts podcasts through its submission form.',
    {
      action_label: 'Submit to iHeartRadio',
      action_url: 'https://www.iheart.com/content/submit-your-podcast/',
      docs_url: 'https://www.iheart.com/content/submit-your-podcast/',
    },
    [FEED, 'Fill in the iHeartRadio form with the feed URL and your contact details.'],
  ),
  item(
    'castbox',
    'Castbox',
    'automatic',
    'Castbox indexes shows that are listed in Apple Podcasts.',
    { action_label: 'Open Castbox for creators', action_url: 'https://castbox.fm/creator/', docs_url: null },
    ['Usually nothing to do once Apple Podcasts lists the show.', 'If it is missing after a week, claim it with the feed URL.'],
    'Follows the Apple Podcasts listing.',
  ),
  item(
    'podcast_addict',
    'Podcast Addict',
    'automatic',
    'Podcast Addict finds shows through the Podcast Index.',
    { action_label: null, action_url: null, docs_url: 'https://podcastaddict.com/' },
    ['Complete the Podcast Index step; Podcast Addict picks the show up from there.'],
    'Follows the Podcast Index listing.',
  ),
  item(
    'deezer',
    'Deezer',
    'manual',
    'Deezer lists podcasts submitted through Deezer for Podcasters.',
    {
      action_label: 'Submit to Deezer',
      action_url: 'https://podcasters.deezer.com/submission',
      docs_url: 'https://podcasters.deezer.com/',
    },
    ['Sign in to Deezer for Podcasters.', FEED, 'Paste the feed URL and submit.'],
  ),
];
