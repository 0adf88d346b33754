import { describe, expect, it } from 'vitest';
import { ZTemplateBody } from '@ppp/contracts';
import { defaultIntroScript, defaultOutroScript, templateBody } from './template-plan.ts';
import { initialState, type WizardState } from './wizard.ts';

const answers = (patch: Partial<WizardState> = {}): WizardState => ({
  ...initialState('u1', 'Ada'),
  podcastName: 'Night Owls',
  introMedia: { id: 'i1', display_name: 'Night Owls intro', filename: 'i1-intro.mp3', source: 'tts' },
  outroMedia: { id: 'o1', display_name: 'Night Owls outro', filename: 'o1-outro.mp3', source: 'tts' },
  cadence: { count: 1, unit: 'week' },
  weekdays: [0, 3],
  ...patch,
});

describe('default scripts', () => {
  it('name the show and the host in the format’s words', () => {
    expect(defaultIntroScript(answers())).toBe("Welcome to Night Owls. I'm Ada, and this is the show. Let's get started.");
    expect(defaultIntroScript(answers({ format: 'interview', firstName: '' }))).toContain(
      "I'm your host, and today I'm talking with a special guest.",
    );
    expect(defaultOutroScript(answers())).toMatch(/^Thanks for listening to Night Owls\./);
  });
});

describe('templateBody', () => {
  it('puts the intro and outro clips around the content, a valid template for the show', () => {
    const body = ZTemplateBody.parse(templateBody(answers(), 'p1', null));
    expect(body.podcast_id).toBe('p1');
    expect(body.segments.map((s) => [s.segment_type, s.source.source_type === 'static' ? (s.source.media_id ?? null) : null])).toEqual([
      ['intro', 'i1'],
      ['content', null],
      ['outro', 'o1'],
    ]);
    expect(body.background_music_rules).toEqual([]);
    expect(body.description).toBe('Publishes once a week. Every Monday at 05:00; Every Thursday at 05:00');
  });

  it('lays the chosen bed under the intro and under the outro', () => {
    const body = ZTemplateBody.parse(templateBody(answers(), 'p1', { id: 'm1', filename: 'm1-calm.mp3' }));
    expect(body.background_music_rules.map((r) => [r.apply_to_segments, r.media_id, r.music_filename])).toEqual([
      [['intro'], 'm1', 'm1-calm.mp3'],
      [['outro'], 'm1', 'm1-calm.mp3'],
    ]);
  });

  it('keeps a template without intro or outro valid, the bed then under the content', () => {
    const body = ZTemplateBody.parse(templateBody(answers({ introMedia: null, outroMedia: null }), 'p1', { id: 'm1', filename: 'm.mp3' }));
    expect(body.segments.map((s) => s.segment_type)).toEqual(['content']);
    expect(body.background_music_rules[0]?.apply_to_segments).toEqual(['content']);
  });
});
