import { describe, expect, it } from 'vitest';
import {
  parseSrt,
  parseSuppliedTranscript,
  parseTimestamp,
  parseWebVtt,
  parseWordJson,
  SuppliedTranscriptError,
  suppliedFormatFromName,
} from '../../src/transcription/supplied/index.ts';

const VTT = `WEBVTT - a show

NOTE produced by hand

STYLE
::cue { color: white }

intro
00:00:01.000 --> 00:00:02.000 align:start
<v Host>Hello <b>world</b>

00:02.500 --> 00:04.000
flubber &amp; again
`;

const SRT = `1\r\n00:00:00,000 --> 00:00:01,000\r\nab abcd\r\n\r\n2\r\n00:00:01,500 --> 00:00:03,500\r\n<i>Stop</i> intern\r\n`;

describe('timestamps', () => {
  it('reads hours, minutes, seconds with a dot or a comma', () => {
    expect(parseTimestamp('01:02:03.500')).toBe(3723.5);
    expect(parseTimestamp('02:03,25')).toBe(123.25);
    expect(parseTimestamp('nonsense')).toBeNull();
  });
});

describe('parseWebVtt', () => {
  it('skips header, notes and styles, strips markup and spreads the cue over its words', () => {
    const transcript = parseWebVtt(VTT);
    expect(transcript.words).toEqual([
      { text: 'Hello', start: 1, end: 1.5, confidence: null },
      { text: 'world', start: 1.5, end: 2, confidence: null },
      { text: 'flubber', start: 2.5, end: 3.308, confidence: null },
      { text: '&', start: 3.308, end: 3.423, confidence: null },
      { text: 'again', start: 3.423, end: 4, confidence: null },
    ]);
    expect(transcript.duration_s).toBe(4);
  });

  it('refuses a file without the WEBVTT header', () => {
    expect(() => parseWebVtt('00:01.000 --> 00:02.000\nhi')).toThrow(SuppliedTranscriptError);
  });
});

describe('parseSrt', () => {
  it('spreads each cue in proportion to word length', () => {
    const words = parseSrt(SRT).words;
    expect(words.map((w) => [w.text, w.start, w.end])).toEqual([
      ['ab', 0, 0.333],
      ['abcd', 0.333, 1],
      ['Stop', 1.5, 2.3],
      ['intern', 2.3, 3.5],
    ]);
  });
});

describe('parseWordJson', () => {
  it('reads our own word schema', () => {
    const json = JSON.stringify({ words: [{ text: 'hi', start: 0.1, end: 0.4, confidence: 0.9 }], language: 'en', duration_s: 1 });
    expect(parseWordJson(json)).toEqual({ words: [{ text: 'hi', start: 0.1, end: 0.4, confidence: 0.9 }], language: 'en', duration_s: 1 });
  });

  it("reads OpenAI's verbose_json words, and its segments when there are no words", () => {
    const withWords = {
      task: 'transcribe',
      language: 'english',
      duration: 2,
      text: 'The beach',
      words: [
        { word: 'The', start: 0, end: 0.24 },
        { word: 'beach', start: 0.24, end: 0.6 },
      ],
    };
    expect(parseWordJson(JSON.stringify(withWords)).words.map((w) => w.text)).toEqual(['The', 'beach']);
    const withSegments = { text: 'ab abcd', segments: [{ id: 0, start: 1, end: 2, text: ' ab abcd', avg_logprob: 0 }] };
    expect(parseWordJson(JSON.stringify(withSegments)).words).toEqual([
      { text: 'ab', start: 1, end: 1.333, confidence: 1 },
      { text: 'abcd', start: 1.333, end: 2, confidence: 1 },
    ]);
  });

  it('refuses JSON of another shape', () => {
    expect(() => parseWordJson('{"hello": 1}')).toThrow(SuppliedTranscriptError);
    expect(() => parseWordJson('not json')).toThrow(SuppliedTranscriptError);
  });
});

describe('parseSuppliedTranscript', () => {
  it('picks the parser from the file name', () => {
    expect(suppliedFormatFromName('Episode 1.SRT')).toBe('srt');
    expect(suppliedFormatFromName('notes.txt')).toBeNull();
    expect(parseSuppliedTranscript(SRT, 'srt').words).toHaveLength(4);
  });
});
