import {
  WEBSITE,
  ZWebsiteLayout,
  type TBuiltInSection,
  type TSectionSuggestion,
  type TSubscribeLink,
  type TWebsiteHost,
  type TWebsiteLayout,
} from '@ppp/contracts';
import { creatorNotesHtml, plainText } from '../text/podcast-html.ts';
import { themeFromCover } from './cover-palette.ts';
import type { SiteFacts } from './site-facts.ts';

/** The show's author and owner as hosts (the account's name when neither is set). */
export function hostsOf(facts: SiteFacts): TWebsiteHost[] {
  const hosts: TWebsiteHost[] = [];
  if (facts.authorName) hosts.push({ name: facts.authorName, role: 'Host' });
  if (facts.ownerName && facts.ownerName.toLowerCase() !== facts.authorName?.toLowerCase()) {
    hosts.push({ name: facts.ownerName, role: facts.authorName ? 'Producer' : 'Host' });
  }
  if (hosts.length === 0 && facts.accountName) hosts.push({ name: facts.accountName, role: 'Host' });
  return hosts;
}

/** The RSS feed, then every completed directory listing. */
export function subscribeLinksOf(facts: SiteFacts): TSubscribeLink[] {
  return [{ platform: 'rss', label: 'RSS feed', url: facts.feedUrl }, ...facts.directories].slice(0, WEBSITE.maxLinks);
}

function firstSentence(text: string, max: number): string {
  const sentence = /^(.+?[.!?])(\s|$)/.exec(text)?.[1] ?? text;
  return plainText(sentence, max);
}

/** Next steps the builder proposes for this show, each a chat message it understands. */
export function suggestionsFor(facts: SiteFacts, layout: Pick<TWebsiteLayout, 'hosts' | 'additional_sections'>): TSectionSuggestion[] {
  const suggestions: TSectionSuggestion[] = [];
  const has = (word: string) => layout.additional_sections.some((s) => s.heading.toLowerCase().includes(word));
  if (!has('guest')) suggestions.push({ title: 'Introduce your guests', message: 'Add a section about our guests' });
  if (layout.hosts.length === 0) suggestions.push({ title: 'Say who hosts the show', message: 'Add a section about the hosts' });
  if (facts.directories.length === 0) {
    suggestions.push({
      title: 'List the show on Apple Podcasts and Spotify (distribution checklist) to add their subscribe buttons',
      message: 'Add a section about where to listen',
    });
  }
  if (!has('sponsor')) suggestions.push({ title: 'Thank your sponsors', message: 'Add a section about our sponsors' });
  if (facts.liveEpisodes > WEBSITE.defaultEpisodes) suggestions.push({ title: 'Show more episodes', message: 'Show more episodes' });
  if (!has('contact')) suggestions.push({ title: 'Let listeners reach you', message: 'Add a section about how to contact us' });
  return suggestions.slice(0, WEBSITE.maxSuggestions);
}

/**
 * The deterministic engine's site: hero from the show (name, first sentence, cover), colours from
 * the cover, about from the description, the latest episodes, hosts, subscribe links and a call to
 * action. A refresh keeps the creator's own sections where they were.
 */
export async function builtinLayout(facts: SiteFacts, previous: TWebsiteLayout | null): Promise<TWebsiteLayout> {
  const description = creatorNotesHtml(facts.descriptionHtml);
  const summary = plainText(facts.descriptionHtml, 2000);
  const hosts = hostsOf(facts);
  const links = subscribeLinksOf(facts);
  const listen = links.find((l) => l.platform !== 'rss') ?? links[0];
  const custom = previous?.additional_sections ?? [];
  const order: string[] = ['about', 'episodes', ...(hosts.length ? ['hosts'] : []), 'subscribe', 'call_to_action'];
  for (const key of previous?.section_order ?? []) {
    if (!key.startsWith('custom-')) continue;
    const after = previous?.section_order[previous.section_order.indexOf(key) - 1];
    const at = after ? order.indexOf(after) : -1;
    order.splice(at === -1 ? order.length - 1 : at + 1, 0, key);
  }
  const layout = {
    theme: await themeFromCover(facts.coverBytes),
    hero_title: facts.showName.trim().slice(0, 120),
    hero_subtitle: summary ? firstSentence(summary, 300) : facts.category ? `A ${facts.category.split('>')[0]?.trim()} podcast` : '',
    hero_image_url: facts.coverUrl,
    about: {
      heading: `About ${facts.showName.trim()}`.slice(0, 120),
      body: description || `<p>${summary || 'New episodes are on the way.'}</p>`,
    },
    episodes: { heading: 'Latest episodes', count: previous?.episodes.count ?? WEBSITE.defaultEpisodes },
    additional_sections: custom,
    hosts,
    subscribe: { heading: 'Listen and subscribe', links },
    call_to_action: listen
      ? {
          heading: 'Never miss an episode',
          body: `Follow ${facts.showName.trim()} in your favourite podcast app and new episodes arrive on their own.`,
          button_label: listen.platform === 'rss' ? 'Subscribe by RSS' : `Listen on ${listen.label}`,
          button_url: listen.url,
        }
      : null,
    section_order: order.filter((key) => key !== 'call_to_action' || listen) as (TBuiltInSection | `custom-${string}`)[],
    section_suggestions: [],
  } satisfies TWebsiteLayout;
  return ZWebsiteLayout.parse({ ...layout, section_suggestions: suggestionsFor(facts, layout) });
}
