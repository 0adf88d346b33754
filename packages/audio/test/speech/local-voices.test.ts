import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpeechError } from '../../src/speech/engine.ts';
import { createFestivalEngine, festivalArgs, festivalCatalog } from '../../src/speech/festival.ts';
import { createFliteEngine, fliteArgs, fliteCatalog, parseFliteVoices } from '../../src/speech/flite.ts';

describe('festival arguments and voices', () => {
  it('selects the voice by its Scheme function and reads the text from a file', () => {
    expect(festivalArgs('cmu_us_slt_arctic_hts', '/w/script.txt', '/w/out.wav')).toEqual([
      '-eval',
      '(voice_cmu_us_slt_arctic_hts)',
      '-o',
      '/w/out.wav',
      '/w/script.txt',
    ]);
  });

  it("speeds an HTS voice through the HTS engine's rate and a diphone voice by stretching durations", () => {
    expect(festivalArgs('cmu_us_slt_arctic_hts', 't', 'w', 1.5)).toContain(
      '(set! hts_engine_params (append hts_engine_params (list (list "-r" 1.50))))',
    );
    expect(festivalArgs('kal_diphone', 't', 'w', 2)).toContain("(Parameter.set 'Duration_Stretch 0.500)");
    // Out of range rates are narrowed to what stays intelligible.
    expect(festivalArgs('cmu_us_slt_arctic_hts', 't', 'w', 4)).toContain(
      '(set! hts_engine_params (append hts_engine_params (list (list "-r" 2.50))))',
    );
  });

  it('refuses a voice id that could be Scheme or an option', () => {
    expect(() => festivalArgs('x) (system "rm -rf /")', 't', 'w')).toThrow(SpeechError);
    expect(() => festivalArgs('-o', 't', 'w')).toThrow(SpeechError);
  });

  it('lists the installed voices, HTS first, with language tags', () => {
    const voices = festivalCatalog([
      { language: 'us', voice: 'kal_diphone' },
      { language: 'us', voice: 'cmu_us_slt_arctic_hts' },
      { language: 'catalan', voice: 'upc_ca_ona_hts' },
      { language: 'us', voice: 'bad voice' },
    ]);
    expect(voices.map((v) => v.voice_id)).toEqual(['cmu_us_slt_arctic_hts', 'upc_ca_ona_hts', 'kal_diphone']);
    expect(voices[0]).toMatchObject({
      provider: 'festival',
      name: 'SLT (Festival, American female)',
      labels: { language: 'en-us', gender: 'female', accent: 'American', style: 'HTS' },
    });
    expect(voices[1]?.labels.language).toBe('ca');
  });

  it('is unavailable without text2wave or without any voice, so speech falls back to the next engine', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'festival-voices-'));
    try {
      expect(await createFestivalEngine({ binaryPath: '/bin/true', voicesDir: empty }).available()).toBe(false);
      expect(await createFestivalEngine({ binaryPath: '/bin/true', voicesDir: path.join(empty, 'absent') }).available()).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('flite arguments and voices', () => {
  it('passes the voice, the text file and a duration stretch for the rate', () => {
    expect(fliteArgs('slt', '/w/script.txt', '/w/out.wav')).toEqual(['-voice', 'slt', '-f', '/w/script.txt', '-o', '/w/out.wav']);
    expect(fliteArgs('kal16', 't', 'w', 1.25)).toEqual(['-voice', 'kal16', '--setf', 'duration_stretch=0.800', '-f', 't', '-o', 'w']);
    expect(() => fliteArgs('-o /etc/passwd', 't', 'w')).toThrow(SpeechError);
  });

  it('reads `flite -lv`, leaves out the time-only voice and lists the clearest voices first', () => {
    const voices = parseFliteVoices('Voices available: kal awb_time kal16 awb rms slt \n');
    expect(voices).toEqual(['kal', 'kal16', 'awb', 'rms', 'slt']);
    const catalog = fliteCatalog(voices);
    expect(catalog.map((v) => v.voice_id)).toEqual(['rms', 'kal16', 'slt', 'awb', 'kal']);
    expect(catalog[0]).toMatchObject({
      provider: 'flite',
      name: 'RMS (Flite, American male)',
      labels: { gender: 'male', language: 'en-us' },
    });
    expect(parseFliteVoices('flite: command not found')).toEqual([]);
  });

  it('is unavailable when the program lists no voice', async () => {
    expect(await createFliteEngine({ binaryPath: '/bin/true' }).available()).toBe(false);
  });
});
