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
import { abWorkspaceOf } from '../../../domain/ab-workspace/ab-workspace-services.ts';
import { activeProcedure, router } from '../init.ts';

/** Twins of the /ab workspace's helper endpoints (issue 22): /ab/upload, /ab/drafts, its status, sections, publish. */
export const abWorkspaceRouter = router({
  upload: activeProcedure
    .input(ZAbUploadRequest)
    .output(ZAbDraft)
    .mutation(({ ctx, input }) => abWorkspaceOf(ctx.services).abDrafts.register(ctx.user, input)),
  drafts: activeProcedure
    .input(ZAbDraftsQuery)
    .output(ZAbDraftList)
    .query(({ ctx, input }) => abWorkspaceOf(ctx.services).abDrafts.list(ctx.user, input.podcast_id)),
  updateDraft: activeProcedure
    .input(ZAbDraftPatch.extend({ id: z.string() }))
    .output(ZAbDraft)
    .mutation(({ ctx, input: { id, ...patch } }) => abWorkspaceOf(ctx.services).abDrafts.patch(ctx.user, id, patch)),
  deleteDraft: activeProcedure
    .input(ZAbDraftIdInput)
    .mutation(({ ctx, input }) => abWorkspaceOf(ctx.services).abDrafts.delete(ctx.user, input.id)),
  status: activeProcedure
    .input(ZAbDraftIdInput)
    .output(ZAbDraftStatus)
    .query(({ ctx, input }) => abWorkspaceOf(ctx.services).abDrafts.status(ctx.user, input.id)),
  sections: activeProcedure
    .input(ZAbSectionsQuery)
    .output(ZAbSavedSections)
    .query(({ ctx, input }) => abWorkspaceOf(ctx.services).abSections.list(ctx.user, input.podcast_id)),
  saveSections: activeProcedure
    .input(ZAbSaveSectionsRequest)
    .output(ZAbSaveSectionsResponse)
    .mutation(({ ctx, input }) => abWorkspaceOf(ctx.services).abSections.save(ctx.user, input)),
  suggestSection: activeProcedure
    .input(ZAbSuggestSectionRequest)
    .output(ZAbSuggestSectionResponse)
    .mutation(({ ctx, input }) => abWorkspaceOf(ctx.services).abSections.suggest(ctx.user, input)),
  publish: activeProcedure
    .input(ZAbPublishRequest)
    .output(ZAbPublishResponse)
    .mutation(({ ctx, input }) => abWorkspaceOf(ctx.services).abPublish.publish(ctx.user, input)),
});
