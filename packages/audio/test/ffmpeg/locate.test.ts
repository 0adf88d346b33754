import { accessSync, chmodSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ToolMissingError, bundledFfmpeg, locateFfmpeg, resetFallbackWarning } from '../../src/ffmpeg/locate.ts';
import { makeTempDir } from '../helpers/system.ts';

describe('choosing ffmpeg (fake PATH and a fake npm-shipped build)', () => {
  const tmp = makeTempDir('ppp-locate-');
  const tool = (dir: string, name: string) => {
    mkdirSync(path.join(tmp.dir, dir), { recursive: true });
    const file = path.join(tmp.dir, dir, name);
    writeFileSync(file, '#!/bin/sh\nexit 0\n');
    chmodSync(file, 0o755);
    return file;
  };
  const system = { ffmpeg: tool('bin', 'ffmpeg'), ffprobe: tool('bin', 'ffprobe') };
  const shipped = { ffmpeg: tool('npm', 'ffmpeg'), ffprobe: tool('npm', 'ffprobe') };
  const emptyPath = path.join(tmp.dir, 'empty');
  mkdirSync(emptyPath);
  afterAll(() => tmp.cleanup());
  beforeEach(() => resetFallbackWarning());

  it('prefers the system ffmpeg on PATH and does not warn', () => {
    const warnings: string[] = [];
    const found = locateFfmpeg({ envPath: path.join(tmp.dir, 'bin'), bundled: () => shipped, warn: (m) => warnings.push(m) });
    expect(found).toMatchObject({ ...system, source: { ffmpeg: 'system', ffprobe: 'system' } });
    expect(warnings).toEqual([]);
  });

  it('lets configured paths win over PATH', () => {
    const found = locateFfmpeg({ envPath: path.join(tmp.dir, 'bin'), ffmpegPath: '/opt/ffmpeg/bin/ffmpeg', bundled: () => shipped });
    expect(found.ffmpeg).toBe('/opt/ffmpeg/bin/ffmpeg');
    expect(found.ffprobe).toBe(system.ffprobe);
  });

  it('falls back to the npm-shipped build when PATH has none, warning once per process', () => {
    const warnings: string[] = [];
    const options = { envPath: emptyPath, bundled: () => shipped, warn: (m: string) => warnings.push(m) };
    expect(locateFfmpeg(options)).toMatchObject({ ...shipped, source: { ffmpeg: 'bundled', ffprobe: 'bundled' } });
    expect(locateFfmpeg(options).ffmpeg).toBe(shipped.ffmpeg);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("install the Debian package 'ffmpeg'");
  });

  it('mixes the two when PATH has only one of them', () => {
    const onlyProbe = path.join(tmp.dir, 'probe-only');
    mkdirSync(onlyProbe);
    writeFileSync(path.join(onlyProbe, 'ffprobe'), '#!/bin/sh\n');
    chmodSync(path.join(onlyProbe, 'ffprobe'), 0o755);
    const found = locateFfmpeg({ envPath: onlyProbe, bundled: () => shipped, warn: () => {} });
    expect(found.source).toEqual({ ffmpeg: 'bundled', ffprobe: 'system' });
  });

  it('names the missing tool when neither PATH nor the npm build has it', () => {
    expect(() => locateFfmpeg({ envPath: emptyPath, bundled: () => ({}) })).toThrow(ToolMissingError);
    expect(() => locateFfmpeg({ envPath: emptyPath, bundled: () => ({ ffmpeg: shipped.ffmpeg }), warn: () => {} })).toThrow(
      /ffprobe was not found/,
    );
    // A shipped file that is not executable (its install script did not run) does not count.
    const plain = path.join(tmp.dir, 'npm', 'not-executable');
    writeFileSync(plain, '');
    expect(() => locateFfmpeg({ envPath: emptyPath, bundled: () => ({ ffmpeg: plain, ffprobe: shipped.ffprobe }) })).toThrow(
      /ffmpeg was not found/,
    );
  });

  it('finds the npm-shipped builds this package depends on, marked executable', () => {
    const found = bundledFfmpeg();
    for (const file of [found.ffmpeg, found.ffprobe]) {
      expect(file && path.isAbsolute(file)).toBe(true);
      expect(() => accessSync(file ?? '', constants.X_OK)).not.toThrow();
    }
  });
});
