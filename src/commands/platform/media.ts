// `postctl media upload`: declarations only; the verb loads lazily.
import type { Command } from 'commander';
import { group, verb } from '../define.js';

const MEDIA_GROUP = 'upload media (chunked, resumable) for posts, cards and the ads media library';

export function registerMedia(program: Command): void {
  const media = group(program, 'media', MEDIA_GROUP);
  verb(media, {
    name: 'upload <files...>',
    description: 'upload files in chunks (initialize, append, finalize), wait for processing, print media id and media key',
    examples: [
      'postctl media upload photo.jpg --alt-text "A red bicycle"',
      'postctl media upload launch.mp4 --media-category amplify_video',
      'postctl media upload launch.mp4 --resume',
      'postctl media upload a.png b.gif clip.mp4 --no-wait -o json',
    ],
    options: [
      { flags: '--media-category <category>', description: 'tweet_image, tweet_gif, tweet_video, amplify_video, dm_image, dm_gif, dm_video or subtitles (default: from the media type)' },
      { flags: '--media-type <type>', description: 'media type, e.g. video/mp4 (default: from the file extension)' },
      { flags: '--alt-text <text>', description: 'alt text for the media (max 1000 characters; POST /2/media/metadata)' },
      { flags: '--chunk-size <MiB>', description: 'bytes per append in MiB, 1 to 5 (default 2)' },
      { flags: '--wait', description: 'wait while the service processes a video or GIF (default)' },
      { flags: '--no-wait', description: 'print the ids right after finalize, without waiting for processing' },
      { flags: '--resume', description: 'continue an interrupted upload of the same file: send only the chunks not yet confirmed' },
      { flags: '--state <file>', description: 'resume state file (one file only; default: <file>.postctl-state.json next to it)' },
    ],
    load: () => import('./media-upload.js'),
  });
}
