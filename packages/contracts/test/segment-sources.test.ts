import { describe, expect, it } from 'vitest';
import { ZAssembleEpisodeRequest, ZSegment, withSegmentSources } from '../src/index.ts';

const segments = [
  { id: 'intro', segment_type: 'intro', source: { source_type: 'tts', text_prompt: 'Welcome.', voice_id: 'espeak:en-us' } },
  { id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } },
  { id: 'outro', segment_type: 'outro', source: { source_type: 'static', filename: 'bye.mp3', media_id: 'bye' } },
].map((s) => ZSegment.parse(s));

describe("an episode's own segment sources (issue 22)", () => {
  it('replace the overridden segments only, never the content', () => {
    const played = withSegmentSources(segments, {
      intro: { source_type: 'static', filename: 'jingle.mp3', media_id: 'jingle' },
      content: { source_type: 'static', filename: 'other.mp3', media_id: 'other' },
    });
    expect(played.map((s) => s.source)).toEqual([
      { source_type: 'static', filename: 'jingle.mp3', media_id: 'jingle' },
      segments[1]!.source,
      segments[2]!.source,
    ]);
    expect(segments[0]!.source.source_type).toBe('tts');
  });

  it("give an AI voice over an AI voice its script, keeping the template's voice when none is chosen", () => {
    const [intro] = withSegmentSources(segments, { intro: { source_type: 'tts', text_prompt: 'Hello there.', voice_id: null } });
    expect(intro?.source).toMatchObject({ source_type: 'tts', text_prompt: 'Hello there.', voice_id: 'espeak:en-us' });
    const [, , outro] = withSegmentSources(segments, { outro: { source_type: 'tts', text_prompt: 'Bye.', voice_id: 'espeak:en-gb' } });
    expect(outro?.source).toMatchObject({ source_type: 'tts', text_prompt: 'Bye.', voice_id: 'espeak:en-gb' });
  });

  it('name a library file by its id in the assemble call', () => {
    const body = { template_id: 't', media_id: 'm', episode_details: { title: 'T', episodeNumber: 1 } };
    expect(ZAssembleEpisodeRequest.parse(body).segment_sources).toEqual({});
    const missingId = ZAssembleEpisodeRequest.safeParse({
      ...body,
      segment_sources: { intro: { source_type: 'static', filename: 'a.mp3' } },
    });
    expect(missingId.success).toBe(false);
  });
});
