// What other modules may use of messages: sending one to a person's inbox.
export { sendMessage } from './service.ts';
