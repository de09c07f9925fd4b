// video(key) (spec 7): the id of the video shown for a hint or the setup wizard. Videos are
// configured, never invented: the HELP_VIDEOS environment variable holds a JSON object of key to
// video id ({"setup":"a1B2c3D4e5F"}), else help/videos.json when the file exists. With none the
// answer is null and the panel shows the article instead.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HELP_DIR } from './library';

/** what an embed URL may carry: a YouTube-style id, nothing that could break out of the URL */
const VIDEO_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function parseVideos(json: string, source: string): Map<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error(`${source}: not JSON`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${source}: must be a JSON object of key to video id`);
  const videos = new Map<string, string>();
  for (const [key, id] of Object.entries(parsed)) {
    if (typeof id !== 'string' || !VIDEO_ID.test(id))
      throw new Error(`${source}: the video id of '${key}' is not valid`);
    videos.set(key, id);
  }
  return videos;
}

function configuredVideos(): Map<string, string> {
  if (process.env.HELP_VIDEOS?.trim()) return parseVideos(process.env.HELP_VIDEOS, 'HELP_VIDEOS');
  const file = path.join(HELP_DIR, 'videos.json');
  return existsSync(file) ? parseVideos(readFileSync(file, 'utf8'), 'help/videos.json') : new Map();
}

let cached: Map<string, string> | undefined;
export const videoFor = (key: string): string | null => (cached ??= configuredVideos()).get(key) ?? null;
/** tests change the configuration between cases */
export const forgetVideos = () => {
  cached = undefined;
};
