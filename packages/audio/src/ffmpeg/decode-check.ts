import { runProcess, ProcessFailedError } from '../process.ts';
import { locateFfmpeg } from './locate.ts';
import { untrustedInputArgs } from './safe-input.ts';

/**
 * ffmpeg's warnings that mean the audio is damaged (cut short, corrupt packets, a missing index),
 * as opposed to notices such as a guessed channel layout or a duration estimated from the bit rate.
 * A truncated MP3 with a Xing header decodes without error, shorter: its demuxer says the file size
 * and the duration do not match; a truncated WAV has a corrupt last packet; a cut FLAC ends early.
 */
const DAMAGE = /corrupt|invalid data|error|do not match|end of file|overread|header missing|moov atom not found|truncat|incomplete/i;

/** Decodes the first audio stream to nothing, printing warnings and errors only. */
export function decodeCheckArgs(path: string, formatName?: string | null): string[] {
  return ['-nostdin', '-hide_banner', '-v', 'warning', ...untrustedInputArgs(path, formatName), '-map', '0:a:0', '-f', 'null', '-'];
}

/** The first line of ffmpeg's output that tells of damage, or null when the decode was clean. */
export function decodeDamage(stderr: string): string | null {
  return stderr.split('\n').find((line) => DAMAGE.test(line)) ?? null;
}

export interface DecodeCheckOptions {
  signal?: AbortSignal;
  /** The demuxer the probe found (ffprobe's format_name), so the decode reads the file as probed. */
  formatName?: string | null;
  ffmpegPath?: string;
}

/**
 * Decodes the whole file once (about a second per hour of MP3) and answers what is wrong with it,
 * or null when every packet decoded: uploads are refused on it before they are ever ready.
 */
export async function findDecodeDamage(path: string, options: DecodeCheckOptions = {}): Promise<string | null> {
  const ffmpeg = options.ffmpegPath ?? locateFfmpeg().ffmpeg;
  try {
    const { stderr } = await runProcess(ffmpeg, decodeCheckArgs(path, options.formatName), { signal: options.signal, discardStdout: true });
    return decodeDamage(stderr);
  } catch (error) {
    if (error instanceof ProcessFailedError && error.exitCode !== null)
      return decodeDamage(error.stderrTail) ?? (error.stderrTail || 'undecodable');
    throw error;
  }
}
