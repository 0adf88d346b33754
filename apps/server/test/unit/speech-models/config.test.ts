/** The speech model settings (issue 32): an unknown WHISPER_MODEL stops the start with the names it may be, and the download's defaults. */
import { describe, expect, it } from 'vitest';
import { SPEECH_MODEL_DEFAULT_BASE_URL, SPEECH_MODEL_MESSAGES, SPEECH_MODEL_NAMES } from '@ppp/contracts';
import { loadConfig, modelsDir, whisperAutoDownload } from '../../../src/config.ts';
import { CATALOGUE, modelUrl } from '../../../src/domain/speech-models/catalogue.ts';

describe('speech model configuration', () => {
  it('refuses a model name outside the catalogue at start, naming the ones there are', () => {
    expect(() => loadConfig({ WHISPER_MODEL: 'large-v9' })).toThrow(`WHISPER_MODEL: ${SPEECH_MODEL_MESSAGES.unknownModel('large-v9')}`);
  });

  it('downloads base.en from whisper.cpp’s repository into DATA_DIR/models by default, never under NODE_ENV=test unless asked', () => {
    const production = loadConfig({ DATA_DIR: '/srv/ppp' });
    expect(production.WHISPER_MODEL).toBe('base.en');
    expect(modelsDir(production)).toBe('/srv/ppp/models');
    expect(whisperAutoDownload(production)).toBe(true);
    expect(modelUrl(production.WHISPER_MODEL_BASE_URL, CATALOGUE['base.en'])).toBe(`${SPEECH_MODEL_DEFAULT_BASE_URL}/ggml-base.en.bin`);
    expect(whisperAutoDownload(loadConfig({ NODE_ENV: 'test' }))).toBe(false);
    expect(whisperAutoDownload(loadConfig({ NODE_ENV: 'test', WHISPER_AUTO_DOWNLOAD: 'true' }))).toBe(true);
    expect(whisperAutoDownload(loadConfig({ WHISPER_AUTO_DOWNLOAD: 'false', MODELS_DIR: '' }))).toBe(false);
  });

  it('pins every catalogue model by size and a sha256', () => {
    for (const name of SPEECH_MODEL_NAMES) {
      const entry = CATALOGUE[name];
      expect(entry.file).toBe(`ggml-${name}.bin`);
      expect(entry.digest.algorithm).toBe('sha256');
      expect(entry.digest.digest).toMatch(/^[0-9a-f]{64}$/);
      expect(entry.sizeBytes).toBeGreaterThan(50_000_000);
      expect(entry.multilingual).toBe(!name.includes('.en'));
    }
    expect(new Set(SPEECH_MODEL_NAMES.map((n) => CATALOGUE[n].digest.digest)).size).toBe(SPEECH_MODEL_NAMES.length);
  });
});
