import {
  ZAiMetadataRequest,
  ZAiMetadataResponse,
  ZAiNotesResponse,
  ZAiTagsRequest,
  ZAiTagsResponse,
  ZAiTextRequest,
  ZAiTitleResponse,
} from '@ppp/contracts';
import { operation } from '../operation.ts';

/** The text AI's calls: POST /api/ai/title, /api/ai/notes, /api/ai/tags, /api/episodes/ai/metadata and their tRPC twins. */
export const aiTextOperations = {
  title: operation({
    access: 'active',
    input: ZAiTextRequest,
    output: ZAiTitleResponse,
    run: (ctx, input) => ctx.services.aiText.title(ctx.user, input),
  }),
  notes: operation({
    access: 'active',
    input: ZAiTextRequest,
    output: ZAiNotesResponse,
    run: (ctx, input) => ctx.services.aiText.notes(ctx.user, input),
  }),
  tags: operation({
    access: 'active',
    input: ZAiTagsRequest,
    output: ZAiTagsResponse,
    run: (ctx, input) => ctx.services.aiText.tags(ctx.user, input),
  }),
  metadata: operation({
    access: 'active',
    input: ZAiMetadataRequest,
    output: ZAiMetadataResponse,
    run: (ctx, input) => ctx.services.aiText.metadata(ctx.user, input),
  }),
};
