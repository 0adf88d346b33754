import { ZAudioCleanupSettings, ZAudioCleanupSettingsUpdate } from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

/** Audio Improvements and Magic Words settings (twin of /api/users/me/audio-cleanup-settings). */
export const audioCleanupRouter = router({
  get: activeProcedure.output(ZAudioCleanupSettings).query(({ ctx }) => ctx.services.audioCleanup.get(ctx.user.id)),
  update: activeProcedure
    .input(ZAudioCleanupSettingsUpdate)
    .output(ZAudioCleanupSettings)
    .mutation(({ ctx, input }) => ctx.services.audioCleanup.update(ctx.user, input)),
});
