import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { joinWithGapsArgs, runFfmpeg, timedScript, type SpokenSentence } from '@ppp/audio';
import { DEV_TOOLS, ZCreatePodcastRequest, ZTemplateBody, ZUploadOptions, type TSeedResult } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { MediaUploadService } from '../media/media-upload.service.ts';
import type { MediaItem } from '../media/media-item.entity.ts';
import type { PodcastsService } from '../podcasts/podcasts.service.ts';
import type { SpeechService } from '../speech/speech.service.ts';
import type { TtsService } from '../speech/tts.service.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import type { User } from '../users/user.entity.ts';
import type { DevToolsRepository } from './dev-tools.repository.ts';

export interface DemoSeedDeps {
  repository: DevToolsRepository;
  podcasts: Pick<PodcastsService, 'create'>;
  templates: Pick<TemplatesService, 'create'>;
  tts: Pick<TtsService, 'synthesizeClip'>;
  speech: Pick<SpeechService, 'catalogFor'>;
  uploads: Pick<MediaUploadService, 'acceptMany'>;
}

type Seeder = User;

/**
 * POST /api/admin/seed (spec 002 sections 3, 6 and 7): a demo show of the admin's own with an
 * intro and an outro clip in their library (spoken by the instance's default voice), a template
 * intro, content, outro, and a short spoken main-content upload with its transcript supplied, so
 * the transcribe job makes it ready in seconds and the Episode Creator can assemble from it at once.
 * Each part is found again by its name, so a second call makes nothing new (and completes a
 * first call that stopped half way).
 */
export class DemoSeedService {
  private readonly deps: DemoSeedDeps;
  constructor(deps: DemoSeedDeps) {
    this.deps = deps;
  }

  async seed(admin: Seeder): Promise<TSeedResult> {
    const { repository } = this.deps;
    const existingShow = await repository.findShow(admin.id, DEV_TOOLS.demoShowName);
    const podcastId =
      existingShow?.id ??
      (
        await this.deps.podcasts.create(
          admin,
          ZCreatePodcastRequest.parse({ name: DEV_TOOLS.demoShowName, description: DEV_TOOLS.demoShowDescription }),
          null,
        )
      ).id;
    const voiceId = await this.defaultVoice(admin);
    const intro = await this.clip(admin, 'intro', DEV_TOOLS.demoIntroName, DEV_TOOLS.demoIntroScript, voiceId);
    const outro = await this.clip(admin, 'outro', DEV_TOOLS.demoOutroName, DEV_TOOLS.demoOutroScript, voiceId);
    const upload = await this.mainContent(admin, voiceId);
    const existingTemplate = await repository.findTemplate(admin.id, podcastId, DEV_TOOLS.demoTemplateName);
    const templateId = existingTemplate?.id ?? (await this.template(admin, podcastId, intro, outro));
    return {
      podcast_id: podcastId,
      template_id: templateId,
      main_content_filename: upload,
      created: !existingShow || !existingTemplate,
    };
  }

  private async defaultVoice(admin: Seeder): Promise<string> {
    const page = await (await this.deps.speech.catalogFor(admin)).listVoices({ size: 1 });
    const voice = page.items[0]?.voice_id;
    if (!voice) throw new AppError('BAD_REQUEST', 'No voice is available on this instance to speak the demo clips.');
    return voice;
  }

  private async clip(admin: Seeder, category: 'intro' | 'outro', name: string, text: string, voiceId: string): Promise<MediaItem> {
    const found = await this.deps.repository.findMedia(admin.id, category, name);
    if (found) return found;
    return this.deps.tts.synthesizeClip(admin, {
      text,
      voiceId,
      category,
      friendlyName: name,
      speakingRate: DEV_TOOLS.demoSpeakingRate,
      billable: false,
      freeOverride: true,
    });
  }

  /** The demo upload's filename: spoken sentence by sentence, joined, and uploaded with its timed transcript. */
  private async mainContent(admin: Seeder, voiceId: string): Promise<string> {
    const found = await this.deps.repository.findMedia(admin.id, 'main_content', DEV_TOOLS.demoUploadName);
    if (found) return found.filename;
    const catalog = await this.deps.speech.catalogFor(admin);
    const work = await mkdtemp(path.join(tmpdir(), 'ppp-demo-seed-'));
    try {
      const spoken: (SpokenSentence & { path: string })[] = [];
      for (const [i, text] of DEV_TOOLS.demoSentences.entries()) {
        const audio = await catalog.synthesize({ text, voiceId, destination: path.join(work, `sentence-${i}.mp3`) });
        spoken.push({ text, seconds: audio.durationSeconds, path: audio.path });
      }
      const audioPath = path.join(work, 'demo-episode.mp3');
      await runFfmpeg(
        joinWithGapsArgs(
          spoken.map((s) => s.path),
          DEV_TOOLS.demoSentenceGapSeconds,
          audioPath,
        ),
      );
      const words = timedScript(spoken, DEV_TOOLS.demoSentenceGapSeconds);
      const transcriptPath = path.join(work, 'demo-episode.json');
      await writeFile(transcriptPath, JSON.stringify({ words, language: 'en' }));
      const file = { path: audioPath, name: 'demo-episode.mp3', size: (await stat(audioPath)).size };
      const transcript = { path: transcriptPath, name: 'demo-episode.json', size: (await stat(transcriptPath)).size };
      const options = ZUploadOptions.parse({ category: 'main_content' });
      const [item] = await this.deps.uploads.acceptMany(admin, [file], [DEV_TOOLS.demoUploadName], options, transcript);
      if (!item) throw new AppError('INTERNAL', 'The demo upload was not stored.');
      return item.filename;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async template(admin: Seeder, podcastId: string, intro: MediaItem, outro: MediaItem): Promise<string> {
    const body = ZTemplateBody.parse({
      name: DEV_TOOLS.demoTemplateName,
      description: 'Intro, your recording, outro: made by Dev Tools.',
      podcast_id: podcastId,
      segments: [
        { id: 'intro', segment_type: 'intro', source: { source_type: 'static', filename: intro.filename } },
        { id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } },
        { id: 'outro', segment_type: 'outro', source: { source_type: 'static', filename: outro.filename } },
      ],
    });
    return (await this.deps.templates.create(admin, body)).id;
  }
}
