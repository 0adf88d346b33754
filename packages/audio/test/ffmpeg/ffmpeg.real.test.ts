import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractSegment, makeWorkingCopy, NotAudioError, parsePacketEnd, probeAudio, runFfmpeg } from '../../src/ffmpeg/index.ts';
import { ProcessFailedError } from '../../src/process.ts';
import { lavfi, makeTempDir, requireTool, speak } from '../helpers/system.ts';

describe('ffmpeg on real files', () => {
  const tmp = makeTempDir();
  const file = (name: string) => path.join(tmp.dir, name);
  let speech: string;
  let tone: string;

  beforeAll(() => {
    requireTool('ffmpeg', 'ffmpeg');
    requireTool('ffprobe', 'ffmpeg');
    speech = speak('Welcome to the show. This is a short test of the audio layer.', file('speech.wav'));
    tone = lavfi('sine=frequency=440:sample_rate=44100:duration=5', file('tone.mp3'), ['-ac', '2', '-b:a', '128k']);
  });
  afterAll(() => tmp.cleanup());

  it('probes speech and a stereo MP3 tone', async () => {
    const s = await probeAudio(speech);
    expect(s).toMatchObject({ codec: 'pcm_s16le', sampleRate: 22050, channels: 1, formatName: 'wav' });
    expect(s.durationSeconds).toBeGreaterThan(2);
    const t = await probeAudio(tone);
    expect(t).toMatchObject({ codec: 'mp3', sampleRate: 44100, channels: 2 });
    expect(t.durationSeconds).toBeCloseTo(5, 1);
    expect(t.bitRate).toBeGreaterThan(100_000);
  });

  it('refuses a text file renamed to .mp3 and a video with no sound', async () => {
    writeFileSync(file('fake.mp3'), 'this is not audio at all');
    await expect(probeAudio(file('fake.mp3'))).rejects.toMatchObject({ name: 'NotAudioError', reason: 'unreadable' });
    const video = lavfi('testsrc=size=64x64:rate=5:duration=1', file('silent.mp4'), ['-pix_fmt', 'yuv420p']);
    const error = await probeAudio(video).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotAudioError);
    expect((error as NotAudioError).reason).toBe('no-audio-stream');
  });

  it('measures a streamed WebM/Opus recording that states no duration (what a browser MediaRecorder writes)', async () => {
    // Written to a pipe, the muxer cannot go back to fill in the duration, exactly like MediaRecorder.
    const webm = execFileSync(requireTool('ffmpeg', 'ffmpeg'), [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=4',
      '-c:a',
      'libopus',
      '-f',
      'webm',
      'pipe:1',
    ]);
    writeFileSync(file('recording.webm'), webm);
    const stated = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file('recording.webm')])
      .toString()
      .trim();
    expect(stated).toBe('N/A');
    const probe = await probeAudio(file('recording.webm'));
    expect(probe).toMatchObject({ codec: 'opus', formatName: 'matroska,webm', channels: 1 });
    expect(Math.abs(probe.durationSeconds - 4)).toBeLessThan(0.1);
  });

  it('reads the end of the last packet', () => {
    expect(parsePacketEnd('0.000000,0.020000\n0.020000,0.020000\n3.980000,0.020000\n')).toBeCloseTo(4, 6);
    expect(parsePacketEnd('1.5,N/A\n')).toBe(1.5);
    expect(parsePacketEnd('')).toBeUndefined();
  });

  it('makes a 16 kHz mono 16-bit working copy of the same length', async () => {
    await makeWorkingCopy(tone, file('working.wav'));
    const probe = await probeAudio(file('working.wav'));
    expect(probe).toMatchObject({ codec: 'pcm_s16le', sampleRate: 16000, channels: 1 });
    expect(probe.durationSeconds).toBeCloseTo(5, 1);
  });

  it('cuts a segment to within 20 ms of the asked length', async () => {
    await extractSegment(speech, file('snippet.wav'), 0.5, 1.75);
    const probe = await probeAudio(file('snippet.wav'));
    expect(Math.abs(probe.durationSeconds - 1.25)).toBeLessThan(0.02);
  });

  it('reports progress up to 100 exactly once at the end', async () => {
    const seen: number[] = [];
    const args = ['-y', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=20', '-c:a', 'pcm_s16le', file('long.wav')];
    await runFfmpeg(args, { durationSeconds: 20, onProgress: (p) => seen.push(p) });
    expect(seen.at(-1)).toBe(100);
    expect(seen.filter((p) => p === 100)).toHaveLength(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('is killed when aborted and rejects with the abort reason', async () => {
    const controller = new AbortController();
    // -re reads at real speed, so 60 s of input takes 60 s unless killed.
    const args = ['-y', '-re', '-f', 'lavfi', '-i', 'sine=duration=60', '-f', 'null', '-'];
    const started = Date.now();
    const run = runFfmpeg(args, {
      signal: controller.signal,
      durationSeconds: 60,
      onProgress: () => controller.abort(new Error('cancelled by test')),
    });
    await expect(run).rejects.toThrow('cancelled by test');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('rejects with the end of stderr when ffmpeg fails', async () => {
    const error = await runFfmpeg(['-i', file('missing.wav'), file('out.wav')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessFailedError);
    expect((error as ProcessFailedError).stderrTail).toContain('No such file or directory');
  });
});
