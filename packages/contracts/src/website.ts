import { z } from 'zod';
import { ZHttpUrl } from './web-url.ts';

/**
 * The website builder (spec 002 §2.13, §3 'Website' and 'Layout', §4, §5, §6, §7, §8): one public
 * site per show, its layout as data, its versions, and its domains.
 */
export const WEBSITE = {
  /** Episodes listed with players: the default, and the range chat may set. */
  defaultEpisodes: 6,
  minEpisodes: 1,
  maxEpisodes: 24,
  /** More or fewer episodes move by this many. */
  episodeStep: 3,
  maxSections: 12,
  maxHosts: 8,
  maxLinks: 16,
  maxSuggestions: 6,
  chatMessageMax: 2000,
  subdomainMaxLength: 48,
  /** Versions listed, newest first. */
  versionsListed: 100,
  /** Spec 002 §6: custom domains on these tiers only (unlimited has every capability). */
  customDomainTiers: ['pro', 'enterprise', 'business', 'team', 'agency', 'unlimited'],
  /** Subdomains never given to a show (they name the instance's own services). */
  reservedSubdomains: ['www', 'app', 'api', 'admin', 'mail', 'sites', 'static', 'assets', 'feeds', 'files', 'trpc', 'docs'],
} as const;

/**
 * Custom domains proven before they serve (issue 35): a claim is pending until a TXT record
 * {txtPrefix}.{domain} holds its token, or http://{domain}{challengePath}{token} answers it.
 */
export const CUSTOM_DOMAIN = {
  txtPrefix: '_ppp-challenge',
  challengePath: '/.well-known/ppp-challenge/',
  /** Random bytes of a claim's token (hex: twice as many characters). */
  tokenBytes: 16,
  /** When the plan loses custom domains, the domain keeps serving this long, then needs proof again. */
  graceDays: 7,
  /** A verified domain's proof is looked at again after this long; pending ones on every run. */
  recheckHours: 24,
  /** The re-check's schedule (cron, UTC): hourly, so pending claims and lapsed plans are seen promptly. */
  recheckCron: '23 * * * *',
  /** One look-up (TXT or HTTP) gives up after this long. */
  lookupTimeoutMs: 5_000,
} as const;

export const CUSTOM_DOMAIN_STATES = ['pending', 'verified', 'failed'] as const;
export const ZCustomDomainState = z.enum(CUSTOM_DOMAIN_STATES);
export type TCustomDomainState = z.infer<typeof ZCustomDomainState>;

/** Why a claim is not (or no longer) verified, and what the owner is told. */
export const CUSTOM_DOMAIN_MESSAGES = {
  notProven: (domain: string) =>
    `No TXT record ${CUSTOM_DOMAIN.txtPrefix}.${domain} holding this claim's token was found, and http://${domain}${CUSTOM_DOMAIN.challengePath}… did not answer it. DNS changes can take a while; try again later.`,
  lookupFailed: (domain: string) => `Could not check ${domain} just now (the name server did not answer); it will be checked again.`,
  verifiedElsewhere: 'That domain is verified by another account. Ask its owner to remove it first.',
  planLapsed: 'Your plan no longer includes a custom domain, so the domain stopped serving your site. Upgrade and verify it again.',
  graceNoticeTitle: 'Your custom domain will stop serving',
  lapsedNoticeTitle: 'Your custom domain stopped serving',
  graceNotice: (domain: string, until: Date) =>
    `Your plan no longer includes a custom domain. ${domain} keeps serving your site until ${until.toUTCString()}; upgrade before then to keep it.`,
  noDomain: 'Set a custom domain first.',
} as const;

/** A custom domain's proof: its state, the record to add, and the last check. */
export const ZCustomDomainStatus = z.object({
  domain: z.string(),
  state: ZCustomDomainState,
  /** The TXT record that proves the claim: its name and value. */
  txt_name: z.string(),
  txt_value: z.string(),
  /** The HTTP challenge this installation (or the domain's own server) answers with txt_value. */
  http_url: z.string(),
  failure: z.string().nullable(),
  checked_at: z.date().nullable(),
  verified_at: z.date().nullable(),
  /** Set when the plan lost custom domains: the domain stops serving at this time. */
  grace_until: z.date().nullable(),
  /** Whether the public site answers on the domain now. */
  serving: z.boolean(),
});
export type TCustomDomainStatus = z.infer<typeof ZCustomDomainStatus>;

/** The admin panel's list of custom domains. */
export const ZAdminCustomDomain = ZCustomDomainStatus.pick({
  domain: true,
  state: true,
  failure: true,
  checked_at: true,
  verified_at: true,
  grace_until: true,
  serving: true,
}).extend({ podcast_id: z.uuid(), podcast_name: z.string(), owner_email: z.string() });
export const ZAdminCustomDomainList = z.object({ items: z.array(ZAdminCustomDomain) });
export type TAdminCustomDomainList = z.infer<typeof ZAdminCustomDomainList>;

/** Spec 002 §8 (the screen's words) and the server's refusals. */
export const WEBSITE_MESSAGES = {
  loadFailed: 'Unable to load site',
  generateFailed: 'Unable to generate site',
  updateFailed: 'Unable to update site',
  domainFailed: 'Unable to update domain',
  notFound: 'No site yet',
  customDomainPlan: 'Custom domains are available on Pro and above. Upgrade your plan to use your own domain.',
  domainInvalid: 'Enter a domain name such as www.myshow.com.',
  domainReserved: 'That domain belongs to this installation; leave it blank to use the default address.',
  nothingToUndo: 'Nothing to undo.',
  versionNotFound: 'Version not found',
  messageRequired: 'Type what you would like to change.',
  notUnderstood:
    'I could not do that with the built-in editor. I can change the title or subtitle, set a colour by name or hex, add, remove or move a section, use the cover as the hero image, and show more or fewer episodes. A chat model (set OPENAI_CHAT_MODEL) can make other changes.',
  notPublished: 'This site is not published yet.',
  /** Two changes to one site at the same moment (two tabs): the second is refused, nothing of it saved. */
  changedMeanwhile: 'Your site was changed in another tab or window at the same moment. Reload it and try again.',
  previewDraft: 'Draft preview: only you can see this until you publish.',
  previewUpdating: 'Preview of your published site with your unpublished changes: publish to make them live.',
  previewPublished: 'Preview of your published site: it has no unpublished changes.',
  partNotUnderstood: (parts: string) =>
    `I did not understand ${parts}, so I left that out. I can change the title or subtitle, set a colour, add, remove or move a section, use the cover as the hero image, and show more or fewer episodes.`,
} as const;

export const WEBSITE_STATUSES = ['draft', 'published', 'updating'] as const;
export const ZWebsiteStatus = z.enum(WEBSITE_STATUSES);
export type TWebsiteStatus = z.infer<typeof ZWebsiteStatus>;

export const ZHexColour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'A colour is a hex value like #1d4ed8.')
  .transform((v) => v.toLowerCase());

const webUrl = ZHttpUrl;
const line = (max: number) => z.string().trim().max(max);
const heading = line(120).min(1);

/** The sections a layout can show, besides the hero that always opens the page. */
export const BUILT_IN_SECTIONS = ['about', 'episodes', 'hosts', 'subscribe', 'call_to_action'] as const;
export const ZBuiltInSection = z.enum(BUILT_IN_SECTIONS);
export type TBuiltInSection = z.infer<typeof ZBuiltInSection>;
export const SECTION_LABELS: Readonly<Record<TBuiltInSection, string>> = {
  about: 'About',
  episodes: 'Episodes',
  hosts: 'Hosts',
  subscribe: 'Subscribe',
  call_to_action: 'Call to action',
};
/** A creator's own section: custom-{slug}. */
export const ZCustomSectionId = z.string().regex(/^custom-[a-z0-9-]{1,40}$/);

export const ZWebsiteTheme = z.object({ primary: ZHexColour, secondary: ZHexColour, accent: ZHexColour });
export type TWebsiteTheme = z.infer<typeof ZWebsiteTheme>;

export const ZWebsiteSection = z.object({ id: ZCustomSectionId, heading, body: z.string().max(10_000) });
export type TWebsiteSection = z.infer<typeof ZWebsiteSection>;

export const ZWebsiteHost = z.object({ name: line(120).min(1), role: line(120) });
export type TWebsiteHost = z.infer<typeof ZWebsiteHost>;

export const ZSubscribeLink = z.object({ platform: line(40).min(1), label: line(80).min(1), url: webUrl });
export type TSubscribeLink = z.infer<typeof ZSubscribeLink>;

export const ZCallToAction = z.object({ heading, body: line(500), button_label: line(40).min(1), button_url: webUrl });
export type TCallToAction = z.infer<typeof ZCallToAction>;

/** A next step the builder proposes; sending `message` to the chat applies it. */
export const ZSectionSuggestion = z.object({ title: line(120).min(1), message: line(300).min(1) });
export type TSectionSuggestion = z.infer<typeof ZSectionSuggestion>;

/** Spec 002 §3 'Layout': everything the public page is rendered from. Stored and returned only after this parse. */
export const ZWebsiteLayout = z
  .object({
    theme: ZWebsiteTheme,
    hero_title: heading,
    hero_subtitle: line(300),
    hero_image_url: webUrl.nullable(),
    /** About body: sanitized HTML (the show description is HTML). */
    about: z.object({ heading, body: z.string().max(20_000) }),
    episodes: z.object({ heading, count: z.number().int().min(WEBSITE.minEpisodes).max(WEBSITE.maxEpisodes) }),
    additional_sections: z.array(ZWebsiteSection).max(WEBSITE.maxSections),
    hosts: z.array(ZWebsiteHost).max(WEBSITE.maxHosts),
    subscribe: z.object({ heading, links: z.array(ZSubscribeLink).max(WEBSITE.maxLinks) }),
    call_to_action: ZCallToAction.nullable(),
    /** Sections shown, in order, after the hero: built-in keys and custom section ids. */
    section_order: z.array(z.union([ZBuiltInSection, ZCustomSectionId])).max(BUILT_IN_SECTIONS.length + WEBSITE.maxSections),
    section_suggestions: z.array(ZSectionSuggestion).max(WEBSITE.maxSuggestions),
  })
  .superRefine((layout, ctx) => {
    const ids = new Set(layout.additional_sections.map((s) => s.id));
    if (ids.size !== layout.additional_sections.length) ctx.addIssue({ code: 'custom', message: 'Section ids must be unique.' });
    for (const key of layout.section_order) {
      if (key.startsWith('custom-') && !ids.has(key)) ctx.addIssue({ code: 'custom', message: `No section ${key} to show.` });
    }
    if (new Set(layout.section_order).size !== layout.section_order.length) {
      ctx.addIssue({ code: 'custom', message: 'A section is listed twice.' });
    }
  });
export type TWebsiteLayout = z.infer<typeof ZWebsiteLayout>;

/** Spec 002 §3 'Website', with what the screen needs beside it. */
export const ZWebsite = z.object({
  podcast_id: z.uuid(),
  status: ZWebsiteStatus,
  layout: ZWebsiteLayout,
  custom_domain: z.string().nullable(),
  /** {subdomain}.{SITES_BASE_DOMAIN}, or null when the installation has no sites domain. */
  default_domain: z.string().nullable(),
  subdomain: z.string(),
  last_generated_at: z.date().nullable(),
  published_at: z.date().nullable(),
  /** Where the published site is (custom domain, else default domain, else /sites/{subdomain} here). */
  public_url: z.url(),
  /** The draft, for the owner's session only. */
  preview_path: z.string(),
  version: z.number().int().min(1),
  published_version: z.number().int().min(1).nullable(),
  can_undo: z.boolean(),
  custom_domain_allowed: z.boolean(),
  /** What a custom domain's CNAME record points at. */
  cname_target: z.string(),
  /** The custom domain's proof (issue 35); null when there is none. */
  domain_status: ZCustomDomainStatus.nullable(),
  /** model: an OpenAI-compatible chat model writes; builtin: the deterministic engine. */
  engine: z.enum(['model', 'builtin']),
});
export type TWebsite = z.infer<typeof ZWebsite>;

export const ZWebsiteChatRequest = z.object({
  message: z.string().trim().min(1, WEBSITE_MESSAGES.messageRequired).max(WEBSITE.chatMessageMax),
});
export type TWebsiteChatRequest = z.infer<typeof ZWebsiteChatRequest>;

export const ZWebsiteChatResponse = ZWebsite.extend({ reply: z.string(), changed: z.boolean() });
export type TWebsiteChatResponse = z.infer<typeof ZWebsiteChatResponse>;

/** A hostname (no scheme, path or port); blank clears it (spec 002 §5: blank means the default domain). */
export const ZCustomDomain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/\.$/, ''))
  .pipe(z.union([z.literal(''), z.string().max(253).regex(z.regexes.domain, WEBSITE_MESSAGES.domainInvalid)]));

export const ZWebsiteDomainRequest = z.object({
  custom_domain: z.union([ZCustomDomain, z.null()]).transform((v) => v || null),
});
export type TWebsiteDomainRequest = z.input<typeof ZWebsiteDomainRequest>;

export const WEBSITE_VERSION_ACTIONS = ['generate', 'chat', 'publish', 'restore'] as const;
export const ZWebsiteVersion = z.object({
  version: z.number().int().min(1),
  action: z.enum(WEBSITE_VERSION_ACTIONS),
  message: z.string().nullable(),
  reply: z.string().nullable(),
  created_at: z.date(),
  current: z.boolean(),
  published: z.boolean(),
});
export type TWebsiteVersion = z.infer<typeof ZWebsiteVersion>;
export const ZWebsiteVersionList = z.object({ items: z.array(ZWebsiteVersion) });
export type TWebsiteVersionList = z.infer<typeof ZWebsiteVersionList>;

export const ZWebsitePodcastInput = z.object({ podcast_id: z.uuid() });
export const ZWebsiteVersionInput = ZWebsitePodcastInput.extend({ version: z.coerce.number().int().min(1) });

/** The draft's HTML for the builder's preview frame. */
export const ZWebsitePreview = z.object({ html: z.string() });

/** Directory pages a completed checklist item links to when the creator left no listing URL in its notes. */
export const DIRECTORY_SEARCH: Readonly<Record<string, { label: string; search: (name: string) => string }>> = {
  apple_podcasts: { label: 'Apple Podcasts', search: (n) => `https://podcasts.apple.com/search?term=${encodeURIComponent(n)}` },
  spotify: { label: 'Spotify', search: (n) => `https://open.spotify.com/search/${encodeURIComponent(n)}/podcasts` },
  youtube_music: { label: 'YouTube Music', search: (n) => `https://music.youtube.com/search?q=${encodeURIComponent(n)}` },
  amazon_music: { label: 'Amazon Music', search: (n) => `https://music.amazon.com/search/${encodeURIComponent(n)}` },
  pocket_casts: { label: 'Pocket Casts', search: (n) => `https://pocketcasts.com/search?q=${encodeURIComponent(n)}` },
  overcast: { label: 'Overcast', search: (n) => `https://overcast.fm/search?q=${encodeURIComponent(n)}` },
  podcast_index: { label: 'Podcast Index', search: (n) => `https://podcastindex.org/search?q=${encodeURIComponent(n)}` },
  iheartradio: { label: 'iHeartRadio', search: (n) => `https://www.iheart.com/search/?q=${encodeURIComponent(n)}` },
  castbox: { label: 'Castbox', search: (n) => `https://castbox.fm/search/${encodeURIComponent(n)}` },
  podcast_addict: { label: 'Podcast Addict', search: (n) => `https://podcastaddict.com/search?q=${encodeURIComponent(n)}` },
  deezer: { label: 'Deezer', search: (n) => `https://www.deezer.com/search/${encodeURIComponent(n)}/show` },
};
