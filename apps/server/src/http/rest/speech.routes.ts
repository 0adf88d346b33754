import { ZCapabilities } from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { serveStored } from '../media/serve-stored.ts';
import { speechOperations as ops } from '../operations/speech.operations.ts';
import { bodyRoute, pathRoute, queryRoute } from './operation-route.ts';
import { defineRoutes, route } from './route.ts';
import { readsIn } from '../workspace.ts';

export const speechRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/users/me/capabilities',
    workspace: readsIn(),
    tag: 'voices',
    access: 'active',
    summary:
      'Which AI-voice engines you can use (has_elevenlabs with your own key, has_google_tts, espeak-ng), sound-effect triggers, the text-AI engine.',
    response: ZCapabilities,
    handle: ({ ctx }) => ctx.services.speech.capabilities(userOf(ctx)),
  }),
  bodyRoute(ops.setElevenLabsKey, {
    method: 'put',
    path: '/api/users/me/elevenlabs-key',
    tag: 'voices',
    summary: 'Store your ElevenLabs API key (encrypted at rest, never returned), or remove it with null.',
  }),
  queryRoute(ops.voices, {
    method: 'get',
    path: '/api/elevenlabs/voices',
    tag: 'voices',
    summary: 'Voices of every configured engine (ids namespaced by engine): search, page (1-based), size 50, or 200 for bulk loads.',
  }),
  pathRoute(ops.resolveVoice, {
    method: 'get',
    path: '/api/elevenlabs/voice/{id}/resolve',
    tag: 'voices',
    summary: 'A stored voice id (namespaced or a bare ElevenLabs id) to its common_name and name; 404 when no engine has it.',
    input: (params) => params,
  }),
  route({
    method: 'get',
    path: '/api/elevenlabs/voice/{id}/preview',
    produces: ['audio/mpeg'],
    workspace: readsIn(),
    tag: 'voices',
    access: 'active',
    summary: 'A short MP3 sample of a voice (synthesised once, then served from storage) for voices without a preview_url.',
    handle: async ({ ctx, params, c }) => {
      const { key } = await ctx.services.speech.previewVoice(userOf(ctx), params.id);
      return serveStored(c, ctx.services.storage, { key, contentType: 'audio/mpeg', cacheControl: 'private, max-age=86400' });
    },
  }),
  bodyRoute(ops.ttsPrecheck, {
    method: 'post',
    path: '/api/media/tts/precheck',
    tag: 'voices',
    summary:
      '{text, speaking_rate, category}: spam_block when a near-identical clip was just made, warn_may_cost when it may count against your minutes.',
  }),
  bodyRoute(ops.tts, {
    method: 'post',
    path: '/api/media/tts',
    tag: 'voices',
    summary:
      'Speak a script in a voice into a library clip of the category: {text, voice_id, provider, category, friendly_name, speaking_rate, confirm_charge}. ' +
      '429 for a repeat just made, 402 when it may cost minutes and confirm_charge is not set.',
  }),
]);
