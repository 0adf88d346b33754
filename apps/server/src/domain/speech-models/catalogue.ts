import { SPEECH_MODEL_NAMES, type TSpeechModelName } from '@ppp/contracts';

/** How a downloaded or hand-placed file is checked before use. */
export interface PinnedDigest {
  algorithm: 'sha256' | 'sha1';
  /** Lower-case hex. */
  digest: string;
}

export interface CatalogueEntry {
  name: TSpeechModelName;
  /** The file name in MODELS_DIR and on the download server. */
  file: string;
  sizeBytes: number;
  digest: PinnedDigest;
  multilingual: boolean;
  quantised: boolean;
}

export type Catalogue = Readonly<Record<TSpeechModelName, CatalogueEntry>>;

const sha256 = (digest: string): PinnedDigest => ({ algorithm: 'sha256', digest });

/**
 * Sizes and sha256 digests of the files at huggingface.co/ggerganov/whisper.cpp, as their Git LFS
 * pointers give them (the SHA-1s whisper.cpp's models/README.md lists are those of the same files:
 * base.en 137c40403d78fd54d454da0f9bd998f78703390c, tiny.en c78c86eb1a8faa21b369bcd33207cc90d64ae9df,
 * base.en-q5_1 d26d7ce5a1b6e57bea5d0431b9c20ae49423c94a).
 */
const PINNED: Record<TSpeechModelName, { sizeBytes: number; digest: PinnedDigest }> = {
  'tiny.en': { sizeBytes: 77_704_715, digest: sha256('921e4cf8686fdd993dcd081a5da5b6c365bfde1162e72b08d75ac75289920b1f') },
  tiny: { sizeBytes: 77_691_713, digest: sha256('be07e048e1e599ad46341c8d2a135645097a538221678b7acdd1b1919c6e1b21') },
  'base.en': { sizeBytes: 147_964_211, digest: sha256('a03779c86df3323075f5e796cb2ce5029f00ec8869eee3fdfb897afe36c6d002') },
  base: { sizeBytes: 147_951_465, digest: sha256('60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe') },
  'small.en': { sizeBytes: 487_614_201, digest: sha256('c6138d6d58ecc8322097e0f987c32f1be8bb0a18532a3f88f734d1bbf9c41e5d') },
  small: { sizeBytes: 487_601_967, digest: sha256('1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b') },
  'base.en-q5_1': { sizeBytes: 59_721_011, digest: sha256('4baf70dd0d7c4247ba2b81fafd9c01005ac77c2f9ef064e00dcf195d0e2fdd2f') },
};

/** The product's catalogue: every name of the contract with its pinned file. */
export const CATALOGUE: Catalogue = Object.fromEntries(
  SPEECH_MODEL_NAMES.map((name) => [
    name,
    { name, file: `ggml-${name}.bin`, ...PINNED[name], multilingual: !name.includes('.en'), quantised: /-q\d/.test(name) },
  ]),
) as Record<TSpeechModelName, CatalogueEntry>;

export function modelUrl(baseUrl: string, entry: CatalogueEntry): string {
  return `${baseUrl.replace(/\/+$/, '')}/${entry.file}`;
}
