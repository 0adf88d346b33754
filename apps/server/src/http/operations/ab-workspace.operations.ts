import { z } from 'zod';
import {
  ZAbDraft,
  ZAbDraftIdInput,
  ZAbDraftList,
  ZAbDraftPatch,
  ZAbDraftStatus,
  ZAbDraftsQuery,
  ZAbPublishRequest,
  ZAbPublishResponse,
  ZAbSaveSectionsRequest,
  ZAbSaveSectionsResponse,
  ZAbSavedSections,
  ZAbSectionsQuery,
  ZAbSuggestSectionRequest,
  ZAbSuggestSectionResponse,
  ZAbUploadRequest,
} from '@ppp/contracts';
import { abWorkspaceOf } from '../../domain/ab-workspace/ab-workspace-services.ts';
import { operation, type SignedInContext } from '../operation.ts';
import { readsIn, editsIn } from '../workspace.ts';
import { abDraftAt, showAt, mediaAt, within } from '../workspace-rules.ts';

const ab = (ctx: SignedInContext) => abWorkspaceOf(ctx.services);

/**
 * The /ab workspace's helper calls (spec 002 §7, issue 22): drafts per upload, their status, saved
 * intro/outro sections and publishing to the show's host.
 */
export const abWorkspaceOperations = {
  upload: within(
    editsIn(mediaAt('media_id')),
    operation({
      access: 'active',
      input: ZAbUploadRequest,
      output: ZAbDraft,
      run: (ctx, input) => ab(ctx).abDrafts.register(ctx.user, input),
    }),
  ),
  drafts: within(
    readsIn(showAt('podcast_id')),
    operation({
      access: 'active',
      input: ZAbDraftsQuery,
      output: ZAbDraftList,
      run: (ctx, input) => ab(ctx).abDrafts.list(ctx.user, input.podcast_id),
    }),
  ),
  updateDraft: within(
    editsIn(abDraftAt()),
    operation({
      access: 'active',
      input: ZAbDraftPatch.extend({ id: z.string() }),
      output: ZAbDraft,
      run: (ctx, { id, ...patch }) => ab(ctx).abDrafts.patch(ctx.user, id, patch),
    }),
  ),
  deleteDraft: within(
    editsIn(abDraftAt()),
    operation({
      access: 'active',
      input: ZAbDraftIdInput,
      output: z.void(),
      run: (ctx, input) => ab(ctx).abDrafts.delete(ctx.user, input.id),
    }),
  ),
  status: within(
    readsIn(abDraftAt()),
    operation({
      access: 'active',
      input: ZAbDraftIdInput,
      output: ZAbDraftStatus,
      run: (ctx, input) => ab(ctx).abDrafts.status(ctx.user, input.id),
    }),
  ),
  sections: within(
    readsIn(showAt('podcast_id')),
    operation({
      access: 'active',
      input: ZAbSectionsQuery,
      output: ZAbSavedSections,
      run: (ctx, input) => ab(ctx).abSections.list(ctx.user, input.podcast_id),
    }),
  ),
  saveSections: within(
    editsIn(abDraftAt('draft_id')),
    operation({
      access: 'active',
      input: ZAbSaveSectionsRequest,
      output: ZAbSaveSectionsResponse,
      run: (ctx, input) => ab(ctx).abSections.save(ctx.user, input),
    }),
  ),
  suggestSection: within(
    editsIn(abDraftAt('draft_id')),
    operation({
      access: 'active',
      input: ZAbSuggestSectionRequest,
      output: ZAbSuggestSectionResponse,
      run: (ctx, input) => ab(ctx).abSections.suggest(ctx.user, input),
    }),
  ),
  publish: within(
    editsIn(showAt('show_id')),
    operation({
      access: 'active',
      input: ZAbPublishRequest,
      output: ZAbPublishResponse,
      run: (ctx, input) => ab(ctx).abPublish.publish(ctx.user, input),
    }),
  ),
};
