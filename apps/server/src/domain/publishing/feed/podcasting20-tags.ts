import type { TEpisodePodcasting20, TShowPodcasting20 } from '@ppp/contracts';
import { rfc2822, xmlSafe, type XmlNode } from './xml-text.ts';

/**
 * The podcast namespace's tags of a show and of an episode beyond guid, locked, transcript and chapters
 * (issue 36), written as https://podcastindex.org/namespace/1.0 defines them. Optional attributes are
 * left out rather than written empty; the import (rss-import/parse/parse-podcasting20.ts) reads them back.
 */

type Attributes = Record<string, string>;

function attributes(entries: Record<string, string | number | null | undefined>): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(entries))
    if (value !== null && value !== undefined && value !== '') out[key] = xmlSafe(String(value));
  return out;
}

function element(parent: XmlNode, name: string, attrs: Record<string, string | number | null | undefined>, text?: string): XmlNode {
  const node = parent.ele(name, attributes(attrs));
  if (text !== undefined && text !== '') node.txt(xmlSafe(text));
  return node;
}

type Shared = Pick<TShowPodcasting20, 'persons' | 'location' | 'license' | 'txt'>;

/** person, location, license and txt: the tags both levels carry. */
function writeShared(parent: XmlNode, p: Shared): void {
  for (const person of p.persons)
    element(parent, 'podcast:person', { role: person.role, group: person.group, img: person.img, href: person.href }, person.name);
  if (p.location) element(parent, 'podcast:location', { geo: p.location.geo, osm: p.location.osm }, p.location.name);
  if (p.license) element(parent, 'podcast:license', { url: p.license.url }, p.license.identifier);
  for (const entry of p.txt) element(parent, 'podcast:txt', { purpose: entry.purpose }, entry.text);
}

export function writeShowPodcasting20(channel: XmlNode, p: TShowPodcasting20): void {
  element(channel, 'podcast:medium', {}, p.medium);
  writeShared(channel, p);
  for (const funding of p.funding) element(channel, 'podcast:funding', { url: funding.url }, funding.text);
  for (const trailer of p.trailers) {
    element(
      channel,
      'podcast:trailer',
      { url: trailer.url, pubdate: rfc2822(trailer.pubdate), length: trailer.length, type: trailer.type, season: trailer.season },
      trailer.title,
    );
  }
}

/** The item's tags; podcast:season (with its name) is written by the item beside itunes:season. */
export function writeItemPodcasting20(item: XmlNode, p: TEpisodePodcasting20): void {
  writeShared(item, p);
  for (const bite of p.soundbites)
    element(item, 'podcast:soundbite', { startTime: round3(bite.start_s), duration: round3(bite.duration_s) }, bite.title);
  for (const alt of p.alternate_enclosures) {
    const node = element(item, 'podcast:alternateEnclosure', {
      type: alt.type,
      length: alt.length,
      bitrate: alt.bitrate,
      title: alt.title,
    });
    element(node, 'podcast:source', { uri: alt.url });
  }
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
