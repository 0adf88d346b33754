import { MESSAGES, type TMediaItem } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';

const PREFIX = 'shared:';

/**
 * The instance's shared music beds as choices of a template's music picker. A bed the creator
 * already copied is left out (its copy is among their own media); choosing one copies it into their
 * media (POST /api/music/assets/{id}/add-to-library) and answers the copy's filename for the rule.
 */
export function useSharedMusicChoices(own: readonly TMediaItem[]) {
  const utils = trpc.useUtils();
  const assets = trpc.music.assets.useQuery();
  const add = trpc.music.addToLibrary.useMutation();
  const ownNames = new Set(own.map((m) => m.original_name));
  const choices = (assets.data?.assets ?? [])
    .filter((asset) => !ownNames.has(asset.filename))
    .map((asset) => ({ value: `${PREFIX}${asset.id}`, label: asset.display_name }));
  return {
    choices,
    copying: add.isPending,
    error: add.isError ? messageOf(add.error, MESSAGES.unexpected) : undefined,
    isShared: (value: string | null): value is string => value?.startsWith(PREFIX) ?? false,
    async copy(value: string): Promise<string | null> {
      try {
        const item = await add.mutateAsync({ id: value.slice(PREFIX.length) });
        await utils.media.library.invalidate();
        return item.filename;
      } catch {
        return null;
      }
    },
  };
}
