import type { Download, Page } from '@playwright/test';

/** Clicks the button named `name` and returns the download it starts. */
export async function download(page: Page, name: string | RegExp): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  return file;
}
