// The content module's calls (server/src/modules/content/): its endpoint groups, one per server sub-folder, and their schemas.
import { messageApi } from './message.endpoints.ts';
import { noticesApi } from './notices.endpoints.ts';
import { portalApi } from './portal.endpoints.ts';
import { contentApi } from './site.endpoints.ts';

export * from './content.schemas.ts';
export { contentApi, messageApi, noticesApi, portalApi };

/** Every endpoint group of content, by the server sub-folder it belongs to. */
export const contentEndpoints = {
  portal: portalApi,
  notices: noticesApi,
  site: contentApi,
  message: messageApi,
};
