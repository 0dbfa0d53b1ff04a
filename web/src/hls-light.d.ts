// hls.js ships no declarations for its light build (`hls.js/light`: no subtitles, alternate audio,
// DRM or CMCD — none of which our streams use); its API is the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
