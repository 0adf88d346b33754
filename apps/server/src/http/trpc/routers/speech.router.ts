import { ZCapabilities } from '@ppp/contracts';
import { speechOperations as ops } from '../../operations/speech.operations.ts';
import { actingInWorkspace, router } from '../init.ts';
import { mutationOf, queryOf } from '../operation-procedure.ts';
import { readsIn } from '../../workspace.ts';

/** Twins of the capabilities, ElevenLabs key, voices and AI-voice clip paths. */
export const speechRouter = router({
  capabilities: actingInWorkspace(readsIn())
    .output(ZCapabilities)
    .query(({ ctx }) => ctx.services.speech.capabilities(ctx.user)),
  setElevenLabsKey: mutationOf(ops.setElevenLabsKey),
  voices: queryOf(ops.voices),
  resolveVoice: queryOf(ops.resolveVoice),
  ttsPrecheck: mutationOf(ops.ttsPrecheck),
  tts: mutationOf(ops.tts),
});
