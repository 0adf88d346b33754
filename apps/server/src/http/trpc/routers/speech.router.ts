import { ZCapabilities } from '@ppp/contracts';
import { speechOperations as ops } from '../../operations/speech.operations.ts';
import { activeProcedure, router } from '../init.ts';
import { mutationOf, queryOf } from '../operation-procedure.ts';

/** Twins of the capabilities, ElevenLabs key, voices and AI-voice clip paths. */
export const speechRouter = router({
  capabilities: activeProcedure.output(ZCapabilities).query(({ ctx }) => ctx.services.speech.capabilities(ctx.user)),
  setElevenLabsKey: mutationOf(ops.setElevenLabsKey),
  voices: queryOf(ops.voices),
  resolveVoice: queryOf(ops.resolveVoice),
  ttsPrecheck: mutationOf(ops.ttsPrecheck),
  tts: mutationOf(ops.tts),
});
