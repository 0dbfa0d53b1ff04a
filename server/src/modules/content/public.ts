// The public surface of the content module (ADR 0027): what other modules may use of it.

// What other modules may use of messages: sending one to a person's inbox.
export { sendMessage } from './message/message.service.ts';
// What other modules may use of the portal: its cache (content writes clear it) and the viewer.
export { cachedPortal, invalidatePortal, type Viewer, viewerOf } from './portal/cache.ts';
// What other modules may use of portal content: its policy (notices share it), content file
// uploads and references, and the public reads the portal answers.
export { assertContentRef, uploadContentFile } from './site/files.ts';
export { contentPolicy } from './site/site.policy.ts';
export {
  publicLecturerDetail,
  publicLecturers,
  publicLinks,
  publicModels,
  publicSiteSettings,
  visibleRegulations,
} from './site/site.service.ts';
