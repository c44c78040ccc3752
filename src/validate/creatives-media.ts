// What kind of media-library item each creative takes (ads-api.md "Creatives"):
// a poll card's media_key is an image or a video (images 1.91:1), a video
// conversation card's is a 16:9 video. Image width (at least 800 px for polls)
// is not part of the media library object, so it is left to the API.
import { aspectValue } from '../creatives/media-library.js';

export interface LibraryMedia {
  media_type?: string;
  aspect_ratio?: string | null;
}

const near = (a: number | undefined, b: number, tolerance: number) => a !== undefined && Math.abs(a - b) <= tolerance;

export function pollMediaProblem(key: string, item: LibraryMedia): string | undefined {
  if (item.media_type !== 'IMAGE' && item.media_type !== 'VIDEO')
    return `${key} is a ${item.media_type ?? 'media item of unknown type'}; a poll card takes an image or a video`;
  if (item.media_type === 'IMAGE' && item.aspect_ratio && !near(aspectValue(item.aspect_ratio), 1.91, 0.02))
    return `${key} is a ${item.aspect_ratio} image; poll card images must be 1.91:1 (and at least 800 px wide)`;
  return undefined;
}

export function videoConversationMediaProblem(key: string, item: LibraryMedia): string | undefined {
  if (item.media_type !== 'VIDEO')
    return `${key} is a ${item.media_type ?? 'media item of unknown type'}; a video conversation card takes a 16:9 video`;
  if (item.aspect_ratio && !near(aspectValue(item.aspect_ratio), 16 / 9, 0.01))
    return `${key} is a ${item.aspect_ratio} video; a video conversation card takes a 16:9 video`;
  return undefined;
}
