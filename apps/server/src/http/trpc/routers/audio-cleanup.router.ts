import { ZAudioCleanupSettings, ZAudioCleanupSettingsUpdate } from '@ppp/contracts';
import { actingIn, actingInWorkspace, router } from '../init.ts';
import { readsIn, editsIn } from '../../workspace.ts';

/** Audio Improvements and Magic Words settings (twin of /api/users/me/audio-cleanup-settings). */
export const audioCleanupRouter = router({
  get: actingInWorkspace(readsIn())
    .output(ZAudioCleanupSettings)
    .query(({ ctx }) => ctx.services.audioCleanup.get(ctx.user.id)),
  update: actingIn(editsIn(), ZAudioCleanupSettingsUpdate)
    .output(ZAudioCleanupSettings)
    .mutation(({ ctx, input }) => ctx.services.audioCleanup.update(ctx.user, input)),
});
