import { describe, expect, it } from 'vitest';
import {
  parseProbe,
  parseProgressLine,
  splitForChunks,
  NotAudioError,
  segmentArgs,
  workingCopyArgs,
  MEDIA_DEMUXERS,
} from '../../src/ffmpeg/index.ts';

describe('splitForChunks', () => {
  it('covers the whole file with cores that meet end to end, each overlapping into the next', () => {
    const chunks = splitForChunks(250, 100, 2);
    expect(chunks).toEqual([
      { index: 0, start: 0, end: 102, coreStart: 0, coreEnd: 100 },
      { index: 1, start: 100, end: 202, coreStart: 100, coreEnd: 200 },
      { index: 2, start: 200, end: 250, coreStart: 200, coreEnd: 250 },
    ]);
  });

  it('folds a very short last piece into the chunk before', () => {
    const chunks = splitForChunks(205, 100, 2);
    expect(chunks.map((c) => [c.coreStart, c.coreEnd, c.end])).toEqual([
      [0, 100, 102],
      [100, 205, 205],
    ]);
  });

  it('gives one chunk for a short file and none for an empty one', () => {
    expect(splitForChunks(30, 100, 2)).toEqual([{ index: 0, start: 0, end: 30, coreStart: 0, coreEnd: 30 }]);
    expect(splitForChunks(0, 100, 2)).toEqual([]);
  });

  it('refuses an overlap as long as a chunk', () => {
    expect(() => splitForChunks(100, 10, 10)).toThrow(RangeError);
  });
});

describe('parseProgressLine', () => {
  it('turns out_time_us into a percent of the expected length, below 100 until the end', () => {
    expect(parseProgressLine('out_time_us=5000000', 10)).toBe(50);
    expect(parseProgressLine('out_time_us=12000000', 10)).toBe(99.9);
    expect(parseProgressLine('progress=end', 10)).toBe(100);
    expect(parseProgressLine('out_time_us=N/A', 10)).toBeNull();
    expect(parseProgressLine('bitrate=256kbits/s', 10)).toBeNull();
    expect(parseProgressLine('out_time_us=5000000', undefined)).toBeNull();
  });
});

describe('parseProbe', () => {
  it('reads the first audio stream behind a cover image', () => {
    const probe = parseProbe({
      streams: [
        { codec_type: 'video', codec_name: 'mjpeg' },
        { codec_type: 'audio', codec_name: 'mp3', sample_rate: '44100', channels: 2, bit_rate: '128000' },
      ],
      format: { format_name: 'mp3', duration: '12.5', bit_rate: '130000' },
    });
    expect(probe).toEqual({
      durationSeconds: 12.5,
      codec: 'mp3',
      sampleRate: 44100,
      channels: 2,
      bitRate: 128000,
      formatName: 'mp3',
      declaredDurationSeconds: 12.5,
    });
  });

  it('refuses a file with no audio stream', () => {
    expect(() => parseProbe({ streams: [{ codec_type: 'video' }], format: { duration: '1' } })).toThrow(NotAudioError);
  });
});

describe('command building', () => {
  it('builds argument arrays where a file name with spaces stays one argument', () => {
    expect(workingCopyArgs('in put.mp3', 'out.wav')).toContain('in put.mp3');
    expect(workingCopyArgs('a.mp3', 'b.wav').join(' ')).toContain('-ac 1 -ar 16000 -c:a pcm_s16le');
    expect(segmentArgs('a.wav', 'b.wav', 1.5, 3)).toEqual([
      '-y',
      '-ss',
      '1.500',
      '-protocol_whitelist',
      'file',
      '-format_whitelist',
      MEDIA_DEMUXERS,
      '-i',
      'a.wav',
      '-t',
      '1.500',
      '-map',
      '0:a:0',
      '-vn',
      'b.wav',
    ]);
    expect(() => segmentArgs('a.wav', 'b.wav', 3, 2)).toThrow(RangeError);
    expect(workingCopyArgs('a.m4a', 'b.wav', 'mov,mp4,m4a,3gp,3g2,mj2').join(' ')).toContain(
      `-protocol_whitelist file -format_whitelist ${MEDIA_DEMUXERS} -f mov -i a.m4a`,
    );
  });
});
