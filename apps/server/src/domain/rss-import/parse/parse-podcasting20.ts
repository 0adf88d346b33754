import {
  PODCASTING20_LIMITS as L,
  ZAlternateEnclosure,
  ZEpisodePodcasting20,
  ZPodcastFunding,
  ZPodcastLicense,
  ZPodcastLocation,
  ZPodcastMedium,
  ZPodcastPerson,
  ZPodcastSoundbite,
  ZPodcastTrailer,
  ZPodcastTxt,
  ZShowPodcasting20,
  type TEpisodePodcasting20,
  type TShowPodcasting20,
} from '@ppp/contracts';
import type { z } from 'zod';
import { parsePubDate } from './pub-date.ts';
import type { TXmlNode } from './xml-document.ts';
import { all, asNode, attr, first, firstText, integerOf, textOf, urlOf } from './xml-values.ts';

/**
 * The podcast namespace's tags beyond guid, locked, transcript and chapters, read into the contracts'
 * shapes (issue 36). Each element is checked on its own: one that is malformed is dropped, the rest kept.
 * Tag and attribute names arrive lower-cased from the XML reader.
 */

/** The well-formed ones, as many as the contract allows (a feed listing more keeps the first). */
function each<T extends z.ZodType>(schema: T, values: unknown[], max = Number.POSITIVE_INFINITY): z.output<T>[] {
  return values
    .flatMap((value) => {
      const parsed = schema.safeParse(value);
      return parsed.success ? [parsed.data as z.output<T>] : [];
    })
    .slice(0, max);
}

function one<T extends z.ZodType>(schema: T, value: unknown): z.output<T> | null {
  return value === undefined ? null : (each(schema, [value])[0] ?? null);
}

const numberOf = (raw: string | null): number | null =>
  raw !== null && raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : null;

function persons(node: TXmlNode, base: string | null) {
  return each(
    ZPodcastPerson,
    all(node, 'podcast:person').map((value) => ({
      name: textOf(value) ?? '',
      role: attr(value, 'role')?.toLowerCase() ?? undefined,
      group: attr(value, 'group')?.toLowerCase() ?? undefined,
      img: urlOf(attr(value, 'img'), base),
      href: urlOf(attr(value, 'href'), base),
    })),
    L.maxPersons,
  );
}

function location(node: TXmlNode) {
  const value = first(node, 'podcast:location');
  return value === undefined
    ? null
    : one(ZPodcastLocation, { name: textOf(value) ?? '', geo: attr(value, 'geo'), osm: attr(value, 'osm') });
}

function license(node: TXmlNode, base: string | null) {
  const value = first(node, 'podcast:license');
  return value === undefined ? null : one(ZPodcastLicense, { identifier: textOf(value) ?? '', url: urlOf(attr(value, 'url'), base) });
}

function txt(node: TXmlNode) {
  return each(
    ZPodcastTxt,
    all(node, 'podcast:txt').map((value) => ({ text: textOf(value) ?? '', purpose: attr(value, 'purpose') })),
    L.maxTxt,
  );
}

export function showPodcasting20(channel: TXmlNode, base: string | null): TShowPodcasting20 {
  const medium = ZPodcastMedium.safeParse(firstText(channel, 'podcast:medium'));
  return ZShowPodcasting20.parse({
    medium: medium.success ? medium.data : 'podcast',
    persons: persons(channel, base),
    funding: each(
      ZPodcastFunding,
      all(channel, 'podcast:funding').map((value) => ({ url: urlOf(attr(value, 'url'), base), text: textOf(value) ?? '' })),
      L.maxFunding,
    ),
    location: location(channel),
    license: license(channel, base),
    txt: txt(channel),
    trailers: each(
      ZPodcastTrailer,
      all(channel, 'podcast:trailer').map((value) => ({
        title: textOf(value) ?? '',
        url: urlOf(attr(value, 'url'), base),
        pubdate: parsePubDate(attr(value, 'pubdate')),
        length: integerOf(attr(value, 'length')),
        type: attr(value, 'type'),
        season: integerOf(attr(value, 'season')),
      })),
      L.maxTrailers,
    ),
  });
}

/** An alternate enclosure's first http(s) source (podcast:source uri), or its url attribute as some hosts write. */
function alternateEnclosures(item: TXmlNode, base: string | null) {
  return each(
    ZAlternateEnclosure,
    all(item, 'podcast:alternateenclosure').map((value) => {
      const source = all(asNode(value), 'podcast:source')
        .map((s) => urlOf(attr(s, 'uri'), base))
        .find((uri) => uri !== null);
      return {
        url: source ?? urlOf(attr(value, 'url'), base),
        type: attr(value, 'type')?.toLowerCase() ?? '',
        length: integerOf(attr(value, 'length')),
        bitrate: numberOf(attr(value, 'bitrate')),
        title: attr(value, 'title'),
      };
    }),
    L.maxAlternateEnclosures,
  );
}

export function itemPodcasting20(item: TXmlNode, base: string | null): TEpisodePodcasting20 {
  return ZEpisodePodcasting20.parse({
    persons: persons(item, base),
    soundbites: each(
      ZPodcastSoundbite,
      all(item, 'podcast:soundbite').map((value) => ({
        start_s: numberOf(attr(value, 'starttime')),
        duration_s: numberOf(attr(value, 'duration')),
        title: textOf(value) ?? '',
      })),
      L.maxSoundbites,
    ),
    location: location(item),
    license: license(item, base),
    season_name: attr(first(item, 'podcast:season'), 'name')?.slice(0, L.nameMax) ?? null,
    txt: txt(item),
    alternate_enclosures: alternateEnclosures(item, base),
  });
}
