import { ZWebsiteLayout, type TWebsiteLayout } from '@ppp/contracts';
import { readableTheme } from './cover-palette.ts';
import { sanitizePodcastHtml } from '../text/podcast-html.ts';

/**
 * What holds for every stored layout, whoever wrote it: readable theme colours, sanitized creator
 * HTML, a hero image that is the show's own cover (or none), and the contract's shape.
 */
export function settleLayout(layout: TWebsiteLayout, known: { coverUrl: string | null; previousHero: string | null }): TWebsiteLayout {
  const hero = layout.hero_image_url;
  return ZWebsiteLayout.parse({
    ...layout,
    theme: readableTheme(layout.theme),
    hero_image_url: hero && (hero === known.coverUrl || hero === known.previousHero) ? hero : hero ? known.coverUrl : null,
    about: { ...layout.about, body: sanitizePodcastHtml(layout.about.body) },
    additional_sections: layout.additional_sections.map((s) => ({ ...s, body: sanitizePodcastHtml(s.body) })),
  });
}

/** Key order and whitespace do not make two layouts different (jsonb keeps its own key order). */
export function sameLayout(a: TWebsiteLayout, b: TWebsiteLayout): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([x], [y]) => (x < y ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
