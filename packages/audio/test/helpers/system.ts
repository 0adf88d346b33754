import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { which } from '../../src/system-tools.ts';

/** The path of a Debian tool the test needs; a missing one fails with what to install. */
export function requireTool(name: string, debianPackage: string): string {
  const found = which(name);
  if (!found) throw new Error(`${name} is not installed: run 'apt-get install ${debianPackage}' (or scripts/system-deps.sh test)`);
  return found;
}

export const LIBRIVOX_DIR = '/usr/share/pocketsphinx/test/data/librivox';

/** The LibriVox clips of pocketsphinx-testdata with their reference transcripts. */
export function librivoxClips(): { id: string; wav: string; reference: string }[] {
  if (!existsSync(path.join(LIBRIVOX_DIR, 'transcription'))) {
    throw new Error("pocketsphinx-testdata is not installed: run 'apt-get install pocketsphinx-testdata'");
  }
  const lines = readFileSync(path.join(LIBRIVOX_DIR, 'transcription'), 'utf8').split('\n');
  return lines
    .map((line) => /^<s>\s*(.*?)\s*<\/s>\s*\(([^)]+)\)/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ id: m[2] ?? '', reference: m[1] ?? '', wav: path.join(LIBRIVOX_DIR, `${m[2] ?? ''}.wav`) }));
}

export function makeTempDir(prefix = 'ppp-audio-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Speech from espeak-ng (22.05 kHz mono WAV). */
export function speak(text: string, dest: string): string {
  execFileSync(requireTool('espeak-ng', 'espeak-ng'), ['-w', dest, text]);
  return dest;
}

/** A sine tone (or any lavfi source) of the given length, written by ffmpeg. */
export function lavfi(source: string, dest: string, extra: readonly string[] = []): string {
  execFileSync(requireTool('ffmpeg', 'ffmpeg'), ['-v', 'error', '-y', '-f', 'lavfi', '-i', source, ...extra, dest]);
  return dest;
}

/** ffmpeg's filter graph over `inputs` (their -i and lavfi arguments) written as a 16 kHz mono 16-bit WAV, as engines take speech. */
export function speechWav(ffmpeg: string, inputs: readonly string[], graph: string, dest: string): string {
  execFileSync(ffmpeg, ['-v', 'error', '-y', ...inputs, '-filter_complex', graph, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', dest]);
  return dest;
}
