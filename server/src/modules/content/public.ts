// What other modules may use of portal content: its policy (notices share it), content file
// uploads and references, and the public reads the portal answers.
export { assertContentRef, uploadContentFile } from './files.ts';
export { contentPolicy } from './policy.ts';
export {
  publicLecturerDetail,
  publicLecturers,
  publicLinks,
  publicModels,
  publicSiteSettings,
  visibleRegulations,
} from './service.ts';
