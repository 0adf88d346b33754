import { MEDIA_SAFETY } from '@ppp/contracts';

/** The demuxers ffmpeg and ffprobe may use on a creator's file, as -format_whitelist takes them. */
export const MEDIA_DEMUXERS = MEDIA_SAFETY.demuxers.join(',');

/** The ffmpeg demuxer for a probed format name: ffprobe lists aliases ('mov,mp4,m4a'), -f takes the first. */
export function demuxerFor(formatName: string): string {
  return formatName.split(',')[0]?.trim() || formatName;
}

/**
 * Options that go before a stored or fetched file: only the local file protocol, and only the
 * allowlisted demuxers, so a playlist, concat list or image pattern dressed as audio cannot make
 * ffmpeg open other files (another creator's audio) or URLs. `pipe` is allowed only where the
 * input really is a pipe.
 */
export function untrustedInputOptions(protocols: 'file' | 'pipe' = 'file'): string[] {
  return ['-protocol_whitelist', protocols, '-format_whitelist', MEDIA_DEMUXERS];
}

/** `-i path` for a creator's file, decoded with the demuxer the probe found when it is known. */
export function untrustedInputArgs(path: string, formatName?: string | null): string[] {
  return [...untrustedInputOptions(), ...(formatName ? ['-f', demuxerFor(formatName)] : []), '-i', path];
}
