import { SECTION_LABELS, ZBuiltInSection, type TBuiltInSection, type TWebsiteLayout } from '@ppp/contracts';

const ALIASES: Readonly<Record<string, TBuiltInSection>> = {
  about: 'about',
  'about us': 'about',
  description: 'about',
  episodes: 'episodes',
  episode: 'episodes',
  'latest episodes': 'episodes',
  'episode list': 'episodes',
  hosts: 'hosts',
  host: 'hosts',
  team: 'hosts',
  subscribe: 'subscribe',
  'subscribe links': 'subscribe',
  links: 'subscribe',
  'listen and subscribe': 'subscribe',
  'call to action': 'call_to_action',
  cta: 'call_to_action',
  'call-to-action': 'call_to_action',
};

/** Leading words that do not name a section ('the', 'our', 'a section about'). */
export function bareName(text: string): string {
  return text
    .trim()
    .replace(/^["'“‘]|["'”’.!]+$/g, '')
    .replace(/\s+section$/i, '')
    .replace(/^(?:the|a|an|our|my|your)\s+/i, '')
    .trim();
}

/** The section a creator means by a name: a built-in one by its usual names, else a custom one by its heading. */
export function sectionNamed(layout: TWebsiteLayout, text: string): string | null {
  const name = bareName(text).toLowerCase();
  if (!name) return null;
  const builtIn = ALIASES[name];
  if (builtIn) return builtIn;
  const custom = layout.additional_sections.find((s) => {
    const heading = bareName(s.heading).toLowerCase();
    return heading === name || heading.includes(name) || name.includes(heading);
  });
  return custom?.id ?? null;
}

export function sectionLabel(layout: TWebsiteLayout, key: string): string {
  const builtIn = ZBuiltInSection.safeParse(key);
  if (builtIn.success) return SECTION_LABELS[builtIn.data];
  return layout.additional_sections.find((s) => s.id === key)?.heading ?? key;
}

export function isBuiltIn(key: string): key is TBuiltInSection {
  return ZBuiltInSection.safeParse(key).success;
}
