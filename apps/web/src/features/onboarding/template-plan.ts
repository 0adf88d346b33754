import type { TSegmentInput, TTemplateBodyInput } from '@ppp/contracts';
import { cadenceSummary, scheduleSummary } from './cadence.ts';
import type { MediaRef, TShowFormat, WizardState } from './wizard.ts';

/** What the finish step turns the answers into: default scripts, and the show's first template. */

const FORMAT_LINES: Record<TShowFormat, string> = {
  solo: "I'm {host}, and this is the show.",
  interview: "I'm {host}, and today I'm talking with a special guest.",
  cohosted: "I'm {host}, here with my co-host.",
  storytelling: "I'm {host}, and this is today's story.",
};

function showName(state: Pick<WizardState, 'podcastName'>): string {
  return state.podcastName.trim() || 'the show';
}

/** The intro the AI voice reads unless the user writes their own. */
export function defaultIntroScript(state: Pick<WizardState, 'podcastName' | 'firstName' | 'format'>): string {
  const host = state.firstName.trim() || 'your host';
  return `Welcome to ${showName(state)}. ${FORMAT_LINES[state.format].replace('{host}', host)} Let's get started.`;
}

/** The outro the AI voice reads unless the user writes their own. */
export function defaultOutroScript(state: Pick<WizardState, 'podcastName'>): string {
  return `Thanks for listening to ${showName(state)}. If you enjoyed this episode, follow the show so you never miss the next one. See you next time.`;
}

function clipSegment(kind: 'intro' | 'outro', media: MediaRef): TSegmentInput {
  return {
    id: kind,
    segment_type: kind,
    name: media.display_name,
    source: { source_type: 'static', filename: media.filename, media_id: media.id },
  };
}

/**
 * The template made at the end of onboarding: the generated (or uploaded) intro and outro as clips
 * around the content, the chosen bed under each of them, and the cadence in its description.
 */
export function templateBody(state: WizardState, podcastId: string, music: { id: string; filename: string } | null): TTemplateBodyInput {
  const segments: TSegmentInput[] = [];
  if (state.introMedia) segments.push(clipSegment('intro', state.introMedia));
  segments.push({ id: 'content', segment_type: 'content', name: 'Episode', source: { source_type: 'static', filename: '' } });
  if (state.outroMedia) segments.push(clipSegment('outro', state.outroMedia));
  const framed = segments.filter((s) => s.segment_type !== 'content').map((s) => s.segment_type);
  const musicTargets = framed.length > 0 ? framed : (['content'] as const);
  const rules = music
    ? musicTargets.map((target) => ({ apply_to_segments: [target], music_filename: music.filename, media_id: music.id }))
    : [];
  return {
    name: `${showName(state)} episode`,
    description: [cadenceSummary(state.cadence), scheduleSummary(state).join('; ')].filter(Boolean).join('. '),
    podcast_id: podcastId,
    is_active: true,
    segments,
    background_music_rules: rules,
  };
}
