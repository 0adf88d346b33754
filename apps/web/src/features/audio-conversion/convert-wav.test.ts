/** The in-browser MP3 conversion (spec 001 §4 and §9, issue 19): real encodes of generated WAVs, decoded again by ffmpeg. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UPLOAD_CONVERSION, UPLOAD_CONVERSION_MESSAGES } from '@ppp/contracts';
import { convertWavToMp3 } from './convert-wav.ts';
import { readWavHeader } from './wav-header.ts';
import { prepareUpload, type ConversionWorker } from './prepare-upload.ts';
import type { TConversionReply, TConversionRequest } from './conversion-protocol.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ppp-convert-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface WavSpec {
  seconds: number;
  sampleRate: number;
  channels: number;
  bits: 8 | 16 | 24 | 32;
  float?: boolean;
}

/** A WAV of sine tones (440 Hz left, 660 Hz right), written byte by byte as a recorder would. */
function wav({ seconds, sampleRate, channels, bits, float = false }: WavSpec): Uint8Array<ArrayBuffer> {
  const frames = Math.round(seconds * sampleRate);
  const width = bits / 8;
  const data = frames * channels * width;
  const out = new DataView(new ArrayBuffer(44 + data));
  const text = (at: number, s: string) => [...s].forEach((c, i) => out.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  out.setUint32(4, 36 + data, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  out.setUint32(16, 16, true);
  out.setUint16(20, float ? 3 : 1, true);
  out.setUint16(22, channels, true);
  out.setUint32(24, sampleRate, true);
  out.setUint32(28, sampleRate * channels * width, true);
  out.setUint16(32, channels * width, true);
  out.setUint16(34, bits, true);
  text(36, 'data');
  out.setUint32(40, data, true);
  for (let i = 0, at = 44; i < frames; i++) {
    for (let c = 0; c < channels; c++, at += width) {
      const v = 0.5 * Math.sin((2 * Math.PI * (c === 0 ? 440 : 660) * i) / sampleRate);
      if (float) out.setFloat32(at, v, true);
      else if (bits === 8) out.setUint8(at, Math.round(v * 127 + 128));
      else if (bits === 16) out.setInt16(at, Math.round(v * 32767), true);
      else if (bits === 32) out.setInt32(at, Math.round(v * 2147483647), true);
      else {
        const n = Math.round(v * 8388607);
        out.setUint8(at, n & 0xff);
        out.setUint8(at + 1, (n >> 8) & 0xff);
        out.setInt8(at + 2, n >> 16);
      }
    }
  }
  return new Uint8Array(out.buffer);
}

/** What ffmpeg reads from an MP3: its stream's rate, channels and bit rate, and the samples it decodes to. */
async function decode(mp3: Blob) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.mp3`);
  writeFileSync(file, new Uint8Array(await mp3.arrayBuffer()));
  const probe = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-select_streams', 'a:0', '-of', 'json', file], { encoding: 'utf8' }),
  ) as { streams: { codec_name: string; sample_rate: string; channels: number; bit_rate: string }[] };
  const pcm = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 's16le', '-ac', '1', '-'], { maxBuffer: 512 * 1024 * 1024 });
  const stream = probe.streams[0]!;
  return {
    codec: stream.codec_name,
    sampleRate: Number(stream.sample_rate),
    channels: stream.channels,
    bitRate: Number(stream.bit_rate),
    samples: pcm.length / 2,
  };
}

/** An encoder's start delay and end padding: at most a couple of 1152-sample frames. */
const SLACK = 3 * UPLOAD_CONVERSION.frameSamples;

// Real encodes: lamejs runs about 20 times faster than real time on one free core, much slower on a loaded machine.
describe('WAV to MP3 in the browser', { timeout: 120_000 }, () => {
  it('encodes 48 kHz stereo 16-bit at 128 kbps and 48 kHz; decoded, it is as long as the recording', async () => {
    const mp3 = await convertWavToMp3(new Blob([wav({ seconds: 6, sampleRate: 48000, channels: 2, bits: 16 })]));
    const decoded = await decode(mp3);
    expect(decoded).toMatchObject({ codec: 'mp3', sampleRate: 48000, channels: 2 });
    expect(decoded.bitRate).toBe(UPLOAD_CONVERSION.kbps * 1000);
    expect(decoded.samples).toBeGreaterThanOrEqual(6 * 48000);
    expect(decoded.samples).toBeLessThanOrEqual(6 * 48000 + SLACK);
    // 128 kbps: about 16 KB a second, against 192 KB a second of the WAV.
    expect(mp3.size).toBeGreaterThan(6 * 15_000);
    expect(mp3.size).toBeLessThan(6 * 17_500);
  });

  it('resamples 96 kHz 32-bit float to 48 kHz, the highest listed rate under it, keeping the length', async () => {
    const progress: number[] = [];
    const mp3 = await convertWavToMp3(new Blob([wav({ seconds: 4, sampleRate: 96000, channels: 2, bits: 32, float: true })]), (r) =>
      progress.push(r),
    );
    const decoded = await decode(mp3);
    expect(decoded.sampleRate).toBe(48000);
    expect(Math.abs(decoded.samples - 4 * 48000)).toBeLessThanOrEqual(SLACK);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it.each([
    [{ seconds: 3, sampleRate: 44100, channels: 1, bits: 24 }, 44100, 1],
    [{ seconds: 3, sampleRate: 22050, channels: 1, bits: 8 }, 22050, 1],
    [{ seconds: 3, sampleRate: 37800, channels: 2, bits: 32 }, 32000, 2],
  ] as const)('reads %j and encodes it at %i Hz, %i channel(s)', async (spec, rate, channels) => {
    const decoded = await decode(await convertWavToMp3(new Blob([wav(spec)])));
    expect(decoded).toMatchObject({ sampleRate: rate, channels });
    expect(Math.abs(decoded.samples - 3 * rate)).toBeLessThanOrEqual(SLACK);
  });

  it('reads only uncompressed WAVs', () => {
    const good = wav({ seconds: 0.1, sampleRate: 8000, channels: 1, bits: 16 });
    expect(readWavHeader(good.buffer, good.byteLength)).toMatchObject({ encoding: 'int', dataOffset: 44, dataBytes: 1600 });
    const adpcm = good.slice();
    new DataView(adpcm.buffer).setUint16(20, 2, true);
    expect(readWavHeader(adpcm.buffer, adpcm.byteLength)).toBeNull();
    const mp3ish = new TextEncoder().encode('ID3\u0004\u0000 not a wav at all');
    expect(readWavHeader(mp3ish.buffer as ArrayBuffer, mp3ish.byteLength)).toBeNull();
    // A recorder that never wrote the data size: the samples run to the end of the file.
    const open = good.slice();
    new DataView(open.buffer).setUint32(40, 0xffffffff, true);
    expect(readWavHeader(open.buffer, open.byteLength)?.dataBytes).toBe(1600);
  });
});

/** The worker's part done on this thread by the same encoder, as the page's Worker would. */
function inThreadWorker(fail = false): ConversionWorker {
  const worker: ConversionWorker = {
    onmessage: null,
    onerror: null,
    terminate: () => undefined,
    postMessage: ({ file }: TConversionRequest) => {
      const send = (data: TConversionReply) => worker.onmessage?.({ data } as MessageEvent<TConversionReply>);
      if (fail) return void setTimeout(() => worker.onerror?.({ message: 'worker crashed' } as ErrorEvent));
      void convertWavToMp3(file, (ratio) => send({ kind: 'progress', ratio })).then(
        (mp3) => send({ kind: 'done', mp3 }),
        (error: Error) => send({ kind: 'unsupported', message: error.message }),
      );
    },
  };
  return worker;
}

/** A worker that answers any request with this MP3. */
function workerReturning(mp3: Blob): ConversionWorker {
  const worker: ConversionWorker = {
    onmessage: null,
    onerror: null,
    terminate: () => undefined,
    postMessage: () => setTimeout(() => worker.onmessage?.({ data: { kind: 'done', mp3 } } as MessageEvent<TConversionReply>)),
  };
  return worker;
}

// Just over the 10 MB a conversion starts at: 55 s of 48 kHz stereo.
const large = new File([wav({ seconds: 55, sampleRate: 48000, channels: 2, bits: 16 })], 'Interview take 2.wav', { type: 'audio/wav' });

describe('which file the upload sends: the MP3', { timeout: 180_000 }, () => {
  it('a large WAV goes up as the MP3 the worker made, named .mp3, with progress shown', async () => {
    const progress: number[] = [];
    const prepared = await prepareUpload(
      large,
      (r) => progress.push(r),
      () => inThreadWorker(),
    );
    expect(prepared.converted).toBe(true);
    expect(prepared.file.name).toBe('Interview take 2.mp3');
    expect(prepared.file.type).toBe('audio/mpeg');
    expect(large.size).toBeGreaterThan(2 * prepared.file.size);
    expect(prepared.note).toMatch(/^Converted to MP3: 10\.\d MB → 0\.\d MB\.$/);
    expect(progress.length).toBeGreaterThan(1);
    const decoded = await decode(prepared.file);
    expect(Math.abs(decoded.samples - 55 * 48000)).toBeLessThanOrEqual(SLACK);
  });
});

describe('which file the upload sends: the original', { timeout: 180_000 }, () => {
  it('uploads the original when the worker fails, or where there are no workers, in the spec’s words', async () => {
    expect(
      await prepareUpload(
        large,
        () => undefined,
        () => inThreadWorker(true),
      ),
    ).toEqual({
      file: large,
      converted: false,
      note: UPLOAD_CONVERSION_MESSAGES.fallback,
    });
    expect(
      await prepareUpload(
        large,
        () => undefined,
        () => null,
      ),
    ).toEqual({
      file: large,
      converted: false,
      note: UPLOAD_CONVERSION_MESSAGES.unsupported,
    });
  });

  it('keeps the original when the MP3 would not be less than half of it', async () => {
    const tiny = () => workerReturning(new Blob([new Uint8Array(large.size / 2 + 1)]));
    expect(await prepareUpload(large, () => undefined, tiny)).toMatchObject({
      file: large,
      converted: false,
      note: UPLOAD_CONVERSION_MESSAGES.keptOriginal,
    });
  });

  it('sends an MP3 and a small WAV as they are, without starting a worker', async () => {
    const never = () => {
      throw new Error('no worker should start');
    };
    const mp3 = new File([new Uint8Array(20 * 1024 * 1024)], 'show.mp3', { type: 'audio/mpeg' });
    expect(await prepareUpload(mp3, () => undefined, never)).toEqual({ file: mp3, converted: false, note: null });
    const small = new File([wav({ seconds: 2, sampleRate: 48000, channels: 2, bits: 16 })], 'short.wav', { type: 'audio/wav' });
    expect(await prepareUpload(small, () => undefined, never)).toEqual({ file: small, converted: false, note: null });
  });
});
