// Where configured help and setup videos play (spec 7: "a setup video is embedded by that id").
// YouTube's privacy-enhanced host: no cookies until the person plays the video. The page's
// Content-Security-Policy admits frames from this origin only (src/server/http/pages.ts).
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

export const videoEmbedUrl = (id: string) => `${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(id)}`;
/** the same video on its own site, for a person who would rather watch it there */
export const videoWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
