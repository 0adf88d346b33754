import { EPISODE_HISTORY, episodeDownloadName } from '@ppp/contracts';
import type { Episode } from './episode.entity.ts';
import { sameExpiryUntil, type UrlSigner } from '../storage/url-signer.ts';

/** The files of one episode that leave the server through a signed URL (audio elements and images cannot send a bearer header). */
export type EpisodeFileKind = 'audio' | 'cover' | 'snippet' | 'transcript';

export type EpisodeLinkSigner = (kind: EpisodeFileKind, episodeId: string, part?: string) => string;

function subjectOf(kind: EpisodeFileKind, episodeId: string, part: string): string {
  return `episode-${kind}:${episodeId}:${part}`;
}

/** Makes and checks the signed, short-lived URLs of an episode's audio, cover and review snippets. */
export class EpisodeLinks {
  private readonly signer_: UrlSigner;
  constructor(signer: UrlSigner) {
    this.signer_ = signer;
  }

  /** A relative URL (the web app and the API share an origin) valid for an hour. */
  async url(kind: EpisodeFileKind, episodeId: string, part = ''): Promise<string> {
    return (await this.signer())(kind, episodeId, part);
  }

  /** url() without an await per link: the key is read once, then every link is signed in place. */
  async signer(): Promise<EpisodeLinkSigner> {
    const sign = await this.signer_.signer(EPISODE_HISTORY.signedUrlExpiryStepSeconds);
    return (kind, episodeId, part = '') => {
      const { expires, signature } = sign(subjectOf(kind, episodeId, part), EPISODE_HISTORY.signedUrlTtlSeconds);
      const path = kind === 'snippet' ? `/api/episodes/${episodeId}/flubber-snippets/${part}` : `/api/episodes/${episodeId}/${kind}`;
      return `${path}?expires=${expires}&sig=${signature}`;
    };
  }

  /** Epoch ms until which the links signed at `now` stay byte-identical (a page of them can be kept that long). */
  sameLinksUntil(now: number): number {
    return sameExpiryUntil(now, EPISODE_HISTORY.signedUrlTtlSeconds, EPISODE_HISTORY.signedUrlExpiryStepSeconds);
  }

  async verify(
    kind: EpisodeFileKind,
    episodeId: string,
    query: { expires?: string | undefined; sig?: string | undefined },
    part = '',
  ): Promise<boolean> {
    if (!query.sig || !query.expires) return false;
    return this.signer_.verify({ subject: subjectOf(kind, episodeId, part), expires: Number(query.expires) }, query.sig);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** A stored key's extension, lower case ('mp3' when it has none). */
export function extensionOfKey(key: string): string {
  return /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? 'mp3';
}

/** The content type a stored episode file is served with, from its extension. */
export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[extensionOfKey(key)] ?? 'application/octet-stream';
}

/**
 * The name an assembled episode's audio downloads under: the assemble call's output_filename (spec
 * 000 §7), kept in its recipe, else one from the title; null for an episode no assembly made.
 */
export function audioDownloadName(episode: Pick<Episode, 'assembly' | 'title'>, key: string): string | null {
  if (!episode.assembly) return null;
  return episodeDownloadName(episode.assembly.output_filename, episode.title, extensionOfKey(key));
}
