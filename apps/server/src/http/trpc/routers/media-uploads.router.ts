import { z } from 'zod';
import { MEDIA_UPLOAD_FORM, ZCoverUploadResponse, ZMediaItem, ZUploadCategory, ZUploadNotify } from '@ppp/contracts';
import { AppError } from '../../../domain/errors.ts';
import { uploadFormOf, withUploadForm, type UploadForm } from '../../rest/multipart.ts';
import { actingIn, router } from '../init.ts';
import { editsIn } from '../../workspace.ts';

const ZForm = z.instanceof(FormData);

/** A cover form's one image (422 for none or several). */
function oneImage(form: UploadForm) {
  const [file, ...extra] = form.files;
  if (!file || extra.length > 0) throw new AppError('VALIDATION', 'Send exactly one cover image.');
  return file;
}

/**
 * Twins of the multipart POST /api/media/upload/{category}, /upload/cover_art, /upload/episode_cover
 * and /api/media/{id}/transcript: the same form fields (MEDIA_UPLOAD_FORM) as FormData, the same service.
 */
export const mediaUploadsRouter = router({
  library: actingIn(editsIn(), ZForm)
    .output(z.array(ZMediaItem))
    .mutation(async ({ ctx, input }) => {
      const category = ZUploadCategory.parse(input.get(MEDIA_UPLOAD_FORM.category));
      return withUploadForm(await uploadFormOf(ctx, input), ({ files, friendlyNames, fields, transcript }) =>
        ctx.services.uploads.acceptMany(ctx.user, files, friendlyNames, { category, ...ZUploadNotify.parse(fields) }, transcript),
      );
    }),
  cover: actingIn(editsIn(), ZForm)
    .output(ZCoverUploadResponse)
    .mutation(async ({ ctx, input }) =>
      withUploadForm(await uploadFormOf(ctx, input), (form) => ctx.services.uploads.acceptCover(ctx.user, oneImage(form))),
    ),
  episodeCover: actingIn(editsIn(), ZForm)
    .output(ZMediaItem)
    .mutation(async ({ ctx, input }) =>
      withUploadForm(await uploadFormOf(ctx, input), (form) =>
        ctx.services.uploads.acceptEpisodeCover(ctx.user, oneImage(form), form.friendlyNames[0]),
      ),
    ),
  transcript: actingIn(editsIn(), ZForm)
    .output(ZMediaItem)
    .mutation(async ({ ctx, input }) => {
      const mediaId = z.string().min(1).parse(input.get(MEDIA_UPLOAD_FORM.mediaId));
      return withUploadForm(await uploadFormOf(ctx, input), ({ files: [file] }) => {
        if (!file) throw new AppError('VALIDATION', 'Send the transcript file.');
        return ctx.services.uploads.attachTranscript(ctx.user, mediaId, file);
      });
    }),
});
