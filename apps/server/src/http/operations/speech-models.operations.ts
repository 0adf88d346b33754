import { z } from 'zod';
import { ZAdminSpeechStatus, ZSpeechModelRequest } from '@ppp/contracts';
import { operation, type SignedInContext } from '../operation.ts';

/** An admin's call on the speech model manager (issue 32): every one answers the Speech & AI tab's state. */
function speechCall<In extends z.ZodType>(
  input: In,
  run: (ctx: SignedInContext, input: z.output<In>) => Promise<z.input<typeof ZAdminSpeechStatus>>,
) {
  return operation({ access: 'admin', input, output: ZAdminSpeechStatus, run });
}

/** The Speech & AI tab's calls, shared by the REST table and the tRPC router. */
export const speechModelOperations = {
  status: speechCall(z.object({}), (ctx) => ctx.services.speechModels.status()),
  switchModel: speechCall(ZSpeechModelRequest, (ctx, input) => ctx.services.speechModels.switchTo(input)),
  deleteModel: speechCall(ZSpeechModelRequest, (ctx, input) => ctx.services.speechModels.remove(input)),
  measure: speechCall(z.object({}), (ctx) => ctx.services.speechModels.measure()),
};
