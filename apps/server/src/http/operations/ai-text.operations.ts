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
import { editsIn } from '../workspace.ts';
import { episodeAt, templateAt, within } from '../workspace-rules.ts';

/** The text AI's calls: POST /api/ai/title, /api/ai/notes, /api/ai/tags, /api/episodes/ai/metadata and their tRPC twins. */
export const aiTextOperations = {
  title: within(
    editsIn(episodeAt('episode_id')),
    activeCall(ZAiTextRequest, ZAiTitleResponse, (services, user, input) => services.aiText.title(user, input)),
  ),
  notes: within(
    editsIn(episodeAt('episode_id')),
    activeCall(ZAiTextRequest, ZAiNotesResponse, (services, user, input) => services.aiText.notes(user, input)),
  ),
  tags: within(
    editsIn(episodeAt('episode_id')),
    activeCall(ZAiTagsRequest, ZAiTagsResponse, (services, user, input) => services.aiText.tags(user, input)),
  ),
  metadata: within(
    editsIn(templateAt('template_id')),
    activeCall(ZAiMetadataRequest, ZAiMetadataResponse, (services, user, input) => services.aiText.metadata(user, input)),
  ),
};
