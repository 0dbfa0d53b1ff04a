// The public surface of the content module (ADR 0027): what other modules may use of it.

// Sending a message to a person's inbox.
export { sendMessage } from './message/message.service.ts';
// The portal's cache and viewer (courses cache their home panels in it). The composition root
// (modules/index.ts) clears it when courses announce a home change (an after-commit event).
export { cachedPortal, invalidatePortal, type Viewer } from './portal/cache.ts';
// Lecturers as courses show them (a name to join, a course page's card) and check them.
export { anyLecturerCode, lecturerCard, lecturerExists, lecturerNameView } from './site/lecturers.repository.ts';
