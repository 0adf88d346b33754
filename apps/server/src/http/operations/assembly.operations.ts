import {
  ZAssemblyEpisodeInput,
  ZEpisodeJobStatus,
  ZEpisodePeaks,
  ZJobIdInput,
  ZRerenderTemplatePreview,
  ZRerenderTemplateResponse,
} from '@ppp/contracts';
import { activeCall } from '../operation.ts';

/** Assembly (spec 000 §7): poll a job, re-render a template's episodes, and the manual editor's peaks. */
export const assemblyOperations = {
  status: activeCall(ZJobIdInput, ZEpisodeJobStatus, (services, user, input) => services.assembly.status(user, input.job_id)),
  rerenderTemplate: activeCall(ZAssemblyEpisodeInput, ZRerenderTemplateResponse, (services, user, input) =>
    services.assembly.rerenderTemplate(user, input.id),
  ),
  rerenderTemplatePreview: activeCall(ZAssemblyEpisodeInput, ZRerenderTemplatePreview, (services, user, input) =>
    services.assembly.rerenderTemplatePreview(user, input.id),
  ),
  peaks: activeCall(ZAssemblyEpisodeInput, ZEpisodePeaks, (services, user, input) => services.renders.peaks(user, input.id)),
};
