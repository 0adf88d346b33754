import {
  ZAiMetadataRequest,
  ZAiMetadataResponse,
  ZAiNotesResponse,
  ZAiTagsRequest,
  ZAiTagsResponse,
  ZAiTextRequest,
  ZAiTitleResponse,
} from '@ppp/contracts';
import { activeCall } from '../operation.ts';

/** The text AI's calls: POST /api/ai/title, /api/ai/notes, /api/ai/tags, /api/episodes/ai/metadata and their tRPC twins. */
export const aiTextOperations = {
  title: activeCall(ZAiTextRequest, ZAiTitleResponse, (services, user, input) => services.aiText.title(user, input)),
  notes: activeCall(ZAiTextRequest, ZAiNotesResponse, (services, user, input) => services.aiText.notes(user, input)),
  tags: activeCall(ZAiTagsRequest, ZAiTagsResponse, (services, user, input) => services.aiText.tags(user, input)),
  metadata: activeCall(ZAiMetadataRequest, ZAiMetadataResponse, (services, user, input) => services.aiText.metadata(user, input)),
};
