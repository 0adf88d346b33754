import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A temporary folder for generated media; remove() at the end of the file. */
export function tempDir(prefix = 'ppp-media-test-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A real audio file made by ffmpeg: a tone of `seconds` in the container its extension names. */
export function toneFile(dir: string, name: string, seconds = 2, frequency = 440, extra: readonly string[] = []): string {
  const dest = path.join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`, ...extra, dest]);
  return dest;
}

/** A small PNG (a solid colour) made by ffmpeg. */
export function pngFile(dir: string, name = 'cover.png'): string {
  const dest = path.join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=blue:s=64x64', '-frames:v', '1', dest]);
  return dest;
}

/** Text that pretends to be audio by its name. */
export function fakeAudio(dir: string, name = 'notes.mp3'): string {
  const dest = path.join(dir, name);
  writeFileSync(dest, 'These are meeting notes, not audio.\n'.repeat(50));
  return dest;
}

/** A file of the given size in MB (zeros); its content does not matter to a size check. */
export function fileOfSize(dir: string, name: string, megabytes: number): string {
  const dest = path.join(dir, name);
  writeFileSync(dest, Buffer.alloc(Math.round(megabytes * 1024 * 1024)));
  return dest;
}

export function sha256(data: Buffer | string): string {
  return createHash('sha256')
    .update(typeof data === 'string' ? readFileSync(data) : data)
    .digest('hex');
}

/** A multipart body for the upload endpoints: files (repeated) plus text fields. */
export function uploadForm(
  files: readonly string[],
  fields: Record<string, string> = {},
  extraFiles: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([readFileSync(file)]), path.basename(file));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, file] of Object.entries(extraFiles)) form.append(key, new Blob([readFileSync(file)]), path.basename(file));
  return form;
}
