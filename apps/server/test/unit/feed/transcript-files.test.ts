import { describe, expect, it } from 'vitest';
import { WebVTTParser } from 'webvtt-parser';
import { ZTranscriptWord, type TTranscriptWord } from '@ppp/contracts';
import { VTT_CUE, chaptersJson, transcriptToJson, transcriptToSrt, transcriptToWebVtt } from '../../../src/domain/publishing/feed/index.ts';

function words(text: string, start = 0, step = 0.4): TTranscriptWord[] {
  return text.split(' ').map((t, i) => ZTranscriptWord.parse({ text: t, start: start + i * step, end: start + i * step + step * 0.8 }));
}

const transcript = [
  ...words('Welcome to Tinkering & Tea, the show about <small> tools.'),
  ...words('Today we look at kettles, keys and the -- arrow --> problem in captions that runs on and on and on for a while', 6),
  ...words('After a long pause we carry on.', 30),
];

describe('transcriptToWebVtt', () => {
  const vtt = transcriptToWebVtt(transcript, { speaker: 'Ada' });
  const parsed = new WebVTTParser().parse(vtt);

  it("passes W3C's WebVTT parser without errors", () => {
    expect(parsed.errors).toEqual([]);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
  });

  it('keeps every word, in order, with its special characters', () => {
    const text = parsed.cues
      .map((cue) => cue.text.replace(/<v [^>]*>/, '').replace(/\n/g, ' '))
      .join(' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(text).toBe(transcript.map((w) => w.text).join(' '));
    expect(parsed.cues[0]?.tree.children[0]).toMatchObject({ type: 'object', name: 'v', value: 'Ada' });
  });

  it('makes short, ordered cues that break at sentences and long pauses', () => {
    expect(parsed.cues.length).toBeGreaterThanOrEqual(4);
    for (const [i, cue] of parsed.cues.entries()) {
      expect(cue.endTime).toBeGreaterThan(cue.startTime);
      expect(cue.endTime - cue.startTime).toBeLessThanOrEqual(VTT_CUE.maxDurationS);
      if (i > 0) expect(cue.startTime).toBeGreaterThanOrEqual(parsed.cues[i - 1]!.startTime);
    }
    expect(parsed.cues[0]?.text).toMatch(/tools\.$/);
    expect(parsed.cues.at(-1)?.startTime).toBe(30);
  });

  it('writes an empty but valid file for an empty transcript', () => {
    const empty = transcriptToWebVtt([]);
    expect(new WebVTTParser().parse(empty).errors).toEqual([]);
  });
});

describe('transcriptToJson', () => {
  it('follows the Podcasting 2.0 JSON transcript format', () => {
    const json = transcriptToJson(words('I am your father', 0.5, 0.25), { speaker: 'Darth Vader' });
    expect(json.version).toBe('1.0.0');
    expect(json.segments[0]).toEqual({ speaker: 'Darth Vader', startTime: 0.5, endTime: 0.7, body: 'I' });
    expect(json.segments.map((s) => s.body)).toEqual(['I', 'am', 'your', 'father']);
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it('leaves the speaker out when unknown', () => {
    expect(transcriptToJson(words('Hello'))).toEqual({ version: '1.0.0', segments: [{ startTime: 0, endTime: 0.32, body: 'Hello' }] });
  });
});

describe('chaptersJson', () => {
  it('follows the Podcast Namespace JSON chapters format, sorted, without null fields', () => {
    const doc = chaptersJson(
      [
        { start_s: 168.25, title: 'Hearing Aids', img: 'https://example.com/images/hearing_aids.jpg' },
        { start_s: 0, end_s: 168.25, title: 'Intro' },
        { start_s: 4826, title: 'Paris', toc: false },
      ],
      { title: 'Episode 7', podcastName: 'Tinkering & Tea' },
    );
    expect(doc).toEqual({
      version: '1.2.0',
      title: 'Episode 7',
      podcastName: 'Tinkering & Tea',
      chapters: [
        { startTime: 0, endTime: 168.25, title: 'Intro' },
        { startTime: 168.25, title: 'Hearing Aids', img: 'https://example.com/images/hearing_aids.jpg' },
        { startTime: 4826, title: 'Paris', toc: false },
      ],
    });
  });
});

describe('transcriptToSrt', () => {
  it("has the WebVTT file's cues, numbered from 1, with SubRip's comma times and the words unescaped", () => {
    const srt = transcriptToSrt(transcript);
    const blocks = srt.trimEnd().split('\n\n');
    const cues = new WebVTTParser().parse(transcriptToWebVtt(transcript)).cues;
    expect(blocks).toHaveLength(cues.length);
    blocks.forEach((block, i) => {
      const [number, times, ...lines] = block.split('\n');
      expect(number).toBe(String(i + 1));
      expect(times).toMatch(/^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/);
      const seconds = (t: string) => t.split(':').reduce((sum, part) => sum * 60 + Number(part.replace(',', '.')), 0);
      const [from = '', to = ''] = times!.split(' --> ');
      expect(seconds(from)).toBeCloseTo(cues[i]!.startTime, 3);
      expect(seconds(to)).toBeCloseTo(cues[i]!.endTime, 3);
      expect(lines.length).toBeGreaterThan(0);
    });
    expect(srt).toContain('<small>');
    expect(srt).toContain('arrow ->');
    expect(srt.split('\n').filter((line) => line.includes('-->'))).toHaveLength(blocks.length);
  });
});
