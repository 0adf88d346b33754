import {
  ZAiMetadataRequest,
  ZAiMetadataResponse,
  ZAiNotesResponse,
  ZAiTagsRequest,
  ZAiTagsResponse,
  ZAiTextRequest,
  ZAiTitleResponse,
} from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

/** Twins of /api/ai/title, /api/ai/notes, /api/ai/tags and /api/episodes/ai/metadata. */
export const aiTextRouter = router({
  title: activeProcedure
    .input(ZAiTextRequest)
    .output(ZAiTitleResponse)
    .mutation(({ ctx, input }) => ctx.services.aiText.title(ctx.user, input)),
  notes: activeProcedure
    .input(ZAiTextRequest)
    .output(ZAiNotesResponse)
    .mutation(({ ctx, input }) => ctx.services.aiText.notes(ctx.user, input)),
  tags: activeProcedure
    .input(ZAiTagsRequest)
    .output(ZAiTagsResponse)
    .mutation(({ ctx, input }) => ctx.services.aiText.tags(ctx.user, input)),
  metadata: activeProcedure
    .input(ZAiMetadataRequest)
    .output(ZAiMetadataResponse)
    .mutation(({ ctx, input }) => ctx.services.aiText.metadata(ctx.user, input)),
});
