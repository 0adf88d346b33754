/**
 * The admin panel's Speech & AI tab (issue 32) on an instance whose model downloads are off (as every
 * journey runs): the operator sees pocketsphinx named as the offline fallback and why, the catalogue
 * with base.en active and absent, and measures the engine's realtime factor on this machine.
 */
import { SPEECH_MODEL_MESSAGES } from '@ppp/contracts';
import { DESKTOP, registerAndSignIn, shot } from './harness.ts';
import { expect, test } from './fixtures.ts';

test.use({ launcherEnv: { WHISPER_AUTO_DOWNLOAD: 'false' } });

test('the Speech & AI tab shows the engine in use, the models and a measured realtime factor', async ({ app, openPage }) => {
  const token = await registerAndSignIn(app.baseUrl, { email: 'speech-operator@example.com', password: 'correct horse battery' });
  const page = await openPage(DESKTOP, { token, onboardingDone: false });
  await page.goto('/admin/speech');
  // The admin panel is a chunk of its own, slow to arrive on a loaded machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Speech & AI' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('speech-engine')).toHaveText('pocketsphinx (en-us) · offline fallback');
  await expect(page.getByTestId('speech-engine-reason')).toHaveText(
    `pocketsphinx (offline fallback): ${SPEECH_MODEL_MESSAGES.autoDownloadOff}`,
  );
  const active = page.getByTestId('speech-model-base.en');
  await expect(active.getByText('active', { exact: true })).toBeVisible();
  await expect(active.getByText('absent', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download and use' })).toHaveCount(6);

  await expect(page.getByTestId('speech-rtf')).toHaveText('not measured');
  await page.getByRole('button', { name: 'Measure realtime factor' }).click();
  await expect(page.getByTestId('speech-rtf')).toHaveText(/^\d+\.\d\d× \(pocketsphinx en-us\)$/, { timeout: 120_000 });
  await shot(page, 'admin-speech-desktop', true);
});
