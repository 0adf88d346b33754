import { WEBSITE, WEBSITE_MESSAGES, type TWebsiteLayout, type TWebsiteSection } from '@ppp/contracts';
import { colourIn } from './colour-names.ts';
import { readableTheme } from './cover-palette.ts';
import { escapeHtml } from './html.ts';
import { bareName, isBuiltIn, sectionLabel, sectionNamed } from './section-names.ts';
import type { SiteFacts } from './site-facts.ts';

export interface ChatResult {
  layout: TWebsiteLayout;
  reply: string;
  changed: boolean;
}

type Request = (layout: TWebsiteLayout, message: string, facts: SiteFacts) => ChatResult | null;

const unquote = (text: string) =>
  text
    .trim()
    .replace(/^["'“‘](.*)["'”’]\.?$/s, '$1')
    .replace(/\.$/, '')
    .trim();
const done = (layout: TWebsiteLayout, reply: string): ChatResult => ({ layout, reply, changed: true });
const refuse = (layout: TWebsiteLayout, reply: string): ChatResult => ({ layout, reply, changed: false });

const setSubtitle: Request = (layout, message) => {
  const match = /\b(?:subtitle|tagline|strapline)\b\s*(?:to|as|:|=|reads?|says?)\s*(.+)$/is.exec(message);
  if (!match?.[1]) return null;
  const subtitle = unquote(match[1]).slice(0, 300);
  return done({ ...layout, hero_subtitle: subtitle }, `Changed the subtitle to “${subtitle}”.`);
};

const setTitle: Request = (layout, message) => {
  const match =
    /\b(?:title|headline|heading)\b\s*(?:to|as|:|=|reads?|says?)\s*(.+)$/is.exec(message) ??
    /\b(?:rename|call|name)\s+(?:it|(?:the\s+)?(?:site|page|website|show))\s+(?:to\s+)?(.+)$/is.exec(message);
  if (!match?.[1]) return null;
  const title = unquote(match[1]).slice(0, 120);
  if (!title) return null;
  return done({ ...layout, hero_title: title }, `Changed the title to “${title}”.`);
};

const SLOTS: { pattern: RegExp; slot: 'primary' | 'secondary' | 'accent'; label: string }[] = [
  { pattern: /\b(accent|button|buttons|link|links|highlight)\b/i, slot: 'accent', label: 'accent' },
  { pattern: /\b(secondary|background|section|sections|band)\b/i, slot: 'secondary', label: 'secondary' },
  { pattern: /\b(primary|main|header|hero|brand|theme)\b/i, slot: 'primary', label: 'primary' },
];

const setColour: Request = (layout, message) => {
  if (!/\b(colou?rs?|theme|make|paint|turn)\b/i.test(message)) return null;
  const colour = colourIn(message);
  if (!colour) return null;
  const target = SLOTS.find((s) => s.pattern.test(message)) ?? SLOTS[2]!;
  const theme = readableTheme({ ...layout.theme, [target.slot]: colour.hex });
  const applied = theme[target.slot];
  const adjusted = applied !== colour.hex ? ` I adjusted it to ${applied} so text on it keeps a 4.5:1 contrast.` : '';
  const named = colour.name === colour.hex ? colour.hex : `${colour.name} (${colour.hex})`;
  return done({ ...layout, theme }, `Set the ${target.label} colour to ${named}.${adjusted}`);
};

const heroImage: Request = (layout, message, facts) => {
  if (/\b(remove|hide|drop|no|without)\b.*\b(image|picture|artwork|cover|photo)\b/i.test(message)) {
    return done({ ...layout, hero_image_url: null }, 'Removed the hero image.');
  }
  if (!/\bcover\b/i.test(message) || !/\b(hero|header|banner|top|image)\b/i.test(message)) return null;
  if (!facts.coverUrl) return refuse(layout, 'This show has no cover art yet: add one in My Podcasts, then ask again.');
  return done({ ...layout, hero_image_url: facts.coverUrl }, 'The hero now shows the cover art.');
};

const episodeCount: Request = (layout, message) => {
  if (!/\bepisodes?\b/i.test(message)) return null;
  const current = layout.episodes.count;
  const number = /\b(\d{1,3})\s+(?:latest\s+|recent\s+)?episodes?\b/i.exec(message)?.[1];
  let count: number | null = null;
  if (number) count = Number(number);
  else if (/\ball\b/i.test(message)) count = WEBSITE.maxEpisodes;
  else if (/\bmore\b/i.test(message)) count = current + WEBSITE.episodeStep;
  else if (/\b(fewer|less)\b/i.test(message)) count = current - WEBSITE.episodeStep;
  if (count === null) return null;
  const clamped = Math.max(WEBSITE.minEpisodes, Math.min(WEBSITE.maxEpisodes, count));
  const order = layout.section_order.includes('episodes') ? layout.section_order : [...layout.section_order, 'episodes'];
  const note = clamped !== count ? ` (between ${WEBSITE.minEpisodes} and ${WEBSITE.maxEpisodes})` : '';
  return done(
    { ...layout, episodes: { ...layout.episodes, count: clamped }, section_order: order },
    `The page now lists up to ${clamped} episode${clamped === 1 ? '' : 's'}${note}.`,
  );
};

const removeSection: Request = (layout, message) => {
  const match = /\b(?:remove|delete|hide|drop|get rid of)\s+(.+)$/is.exec(message);
  if (!match?.[1]) return null;
  const key = sectionNamed(layout, match[1]);
  if (!key) return refuse(layout, `I could not find a section called “${bareName(match[1])}”.`);
  const label = sectionLabel(layout, key);
  const next: TWebsiteLayout = {
    ...layout,
    section_order: layout.section_order.filter((k) => k !== key),
    additional_sections: layout.additional_sections.filter((s) => s.id !== key),
  };
  return done(next, `Removed the ${label} section.`);
};

const TOPIC_TEXT: { pattern: RegExp; body: (show: string) => string }[] = [
  { pattern: /guest/i, body: (show) => `Every episode of ${show} brings a new voice to the conversation. Meet the people who joined us.` },
  { pattern: /sponsor|partner/i, body: (show) => `${show} is made possible by our sponsors. Thank you for supporting the show.` },
  { pattern: /contact|reach|email/i, body: (show) => `Questions, ideas or feedback for ${show}? We read every message.` },
  { pattern: /listen|where|app/i, body: (show) => `${show} is available wherever you get your podcasts.` },
  { pattern: /support|donat|patreon/i, body: (show) => `Listeners like you keep ${show} going. Thank you for your support.` },
];

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 30) || 'section'
  );
}

const titleCase = (text: string) => text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());

const addSection: Request = (layout, message, facts) => {
  const match =
    /\badd\s+(?:a|an|the|one)?\s*(?:new\s+)?(?:section|part|block)?\s*(?:about|on|for|called|titled|named|with)?\s*(.+)$/is.exec(message);
  if (!match?.[1]) return null;
  const topic = bareName(unquote(match[1]));
  if (!topic) return null;
  const existing = sectionNamed(layout, topic);
  if (existing && isBuiltIn(existing) && !(existing === 'hosts' && layout.hosts.length === 0)) {
    if (layout.section_order.includes(existing))
      return refuse(layout, `The ${sectionLabel(layout, existing)} section is already on the page.`);
    return done(
      { ...layout, section_order: [...layout.section_order, existing] },
      `Added the ${sectionLabel(layout, existing)} section back.`,
    );
  }
  if (layout.additional_sections.length >= WEBSITE.maxSections)
    return refuse(layout, `A site can have ${WEBSITE.maxSections} sections of its own.`);
  const heading = titleCase(topic).slice(0, 120);
  let id = `custom-${slug(topic)}`;
  for (let n = 2; layout.additional_sections.some((s) => s.id === id); n += 1) id = `custom-${slug(topic)}-${n}`;
  const text = TOPIC_TEXT.find((t) => t.pattern.test(topic))?.body(facts.showName) ?? `More about ${topic} from ${facts.showName}.`;
  const section: TWebsiteSection = { id, heading, body: `<p>${escapeHtml(text)}</p>` };
  const order = [...layout.section_order];
  const before = order.indexOf('subscribe');
  order.splice(before === -1 ? order.length : before, 0, id);
  return done(
    {
      ...layout,
      additional_sections: [...layout.additional_sections, section],
      section_order: order,
      section_suggestions: layout.section_suggestions.filter((s) => s.message.toLowerCase() !== message.trim().toLowerCase()),
    },
    `Added a “${heading}” section. To change its words, say: set the ${heading} text to …`,
  );
};

const sectionText: Request = (layout, message) => {
  const match = /\bset\s+(?:the\s+)?(.+?)\s+(?:section\s+)?(?:text|body|words)\s+(?:to|as|:)\s*(.+)$/is.exec(message);
  if (!match?.[1] || !match[2]) return null;
  const key = sectionNamed(layout, match[1]);
  const text = unquote(match[2]).slice(0, 5000);
  const body = text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p.trim())}</p>`)
    .join('');
  if (key === 'about') return done({ ...layout, about: { ...layout.about, body } }, 'Changed the About text.');
  const section = layout.additional_sections.find((s) => s.id === key);
  if (!section) return refuse(layout, `I could not find a section called “${bareName(match[1])}”.`);
  return done(
    { ...layout, additional_sections: layout.additional_sections.map((s) => (s.id === section.id ? { ...s, body } : s)) },
    `Changed the ${section.heading} text.`,
  );
};

const moveSection: Request = (layout, message) => {
  const match = /\bmove\s+(.+?)\s+(up|down|to the top|to the bottom|first|last|(?:above|before|below|after|under|over)\s+(.+))$/is.exec(
    message.replace(/[.!]+$/, ''),
  );
  if (!match?.[1] || !match[2]) return null;
  const key = sectionNamed(layout, match[1]);
  if (!key || !layout.section_order.includes(key))
    return refuse(layout, `I could not find a section called “${bareName(match[1])}” on the page.`);
  const order = layout.section_order.filter((k) => k !== key);
  const from = layout.section_order.indexOf(key);
  const where = match[2].toLowerCase();
  let at: number;
  if (where === 'up') at = Math.max(0, from - 1);
  else if (where === 'down') at = Math.min(order.length, from + 1);
  else if (where === 'to the top' || where === 'first') at = 0;
  else if (where === 'to the bottom' || where === 'last') at = order.length;
  else {
    const other = match[3] ? sectionNamed(layout, match[3]) : null;
    if (!other || other === key || !order.includes(other))
      return refuse(layout, `I could not find a section called “${bareName(match[3] ?? '')}” on the page.`);
    at = order.indexOf(other) + (/^(below|after|under)/.test(where) ? 1 : 0);
  }
  order.splice(at, 0, key);
  const position = order.indexOf(key) + 1;
  return done(
    { ...layout, section_order: order },
    `Moved the ${sectionLabel(layout, key)} section to position ${position} of ${order.length}.`,
  );
};

/** Most specific first: a subtitle request also mentions a title, a colour request may mention a section. */
const REQUESTS: Request[] = [
  sectionText,
  setSubtitle,
  setTitle,
  moveSection,
  heroImage,
  episodeCount,
  setColour,
  removeSection,
  addSection,
];

/** A part that opens with one of these after "and", a comma or "then" is a request of its own. */
const REQUEST_START =
  /^(?:(?:please|now|also|and)\s+)*(?:make|set|change|call|name|rename|add|remove|delete|hide|drop|get rid of|move|put|use|show|list|paint|turn|give|update)\b/i;
/** Where one request may end and the next begin (quoted text is never split). */
const SEPARATOR = /(\s*;\s*|,?\s+and\s+then\s+|,?\s+then\s+|,\s*and\s+|\s+and\s+|\s*,\s+|(?<=[.!?])\s+|\s*\n+\s*)/i;
/** A request whose words run to the end of the message (a section's text) takes everything after it. */
const TAKES_THE_REST = /\bset\s+(?:the\s+)?.+?\s+(?:section\s+)?(?:text|body|words)\s+(?:to|as|:)/i;

function insideQuotes(text: string): boolean {
  const straight = (text.match(/"/g) ?? []).length % 2 === 1;
  const curly = (text.match(/“/g) ?? []).length > (text.match(/”/g) ?? []).length;
  return straight || curly;
}

/** "make it green and call it X" as ["make it green", "call it X"]; "a section about guests and sponsors" stays whole. */
export function requestParts(message: string): string[] {
  const pieces = message.trim().split(SEPARATOR);
  const parts: string[] = [pieces[0] ?? ''];
  for (let i = 1; i < pieces.length; i += 2) {
    const separator = pieces[i] ?? '';
    const piece = pieces[i + 1] ?? '';
    const last = parts[parts.length - 1] ?? '';
    if (REQUEST_START.test(piece) && !insideQuotes(last) && !TAKES_THE_REST.test(last)) parts.push(piece);
    else parts[parts.length - 1] = last + separator + piece;
  }
  return parts.map((p) => p.replace(/^(?:(?:and|also|then)\s+)+/i, '').trim()).filter((p) => p.length > 0);
}

function oneRequest(layout: TWebsiteLayout, message: string, facts: SiteFacts): ChatResult | null {
  for (const request of REQUESTS) {
    const result = request(layout, message, facts);
    if (result) return result;
  }
  return null;
}

/**
 * The plain requests the built-in engine understands without a model; anything else is said plainly.
 * A message of several requests applies each part it understands, in order, and names the parts it did not.
 */
export function builtinChat(layout: TWebsiteLayout, message: string, facts: SiteFacts): ChatResult {
  const parts = requestParts(message);
  let current = layout;
  let changed = false;
  const replies: string[] = [];
  const missed: string[] = [];
  for (const part of parts) {
    const result = oneRequest(current, part, facts);
    if (!result) {
      missed.push(part);
      continue;
    }
    current = result.layout;
    changed ||= result.changed;
    replies.push(result.reply);
  }
  if (replies.length === 0) return refuse(layout, WEBSITE_MESSAGES.notUnderstood);
  if (missed.length > 0) replies.push(WEBSITE_MESSAGES.partNotUnderstood(missed.map((m) => `“${m}”`).join(', ')));
  return { layout: current, reply: replies.join(' '), changed };
}
