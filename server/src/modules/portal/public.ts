// What other modules may use of the portal: its cache (content writes clear it) and the viewer.
export { cachedPortal, invalidatePortal, type Viewer, viewerOf } from './cache.ts';
