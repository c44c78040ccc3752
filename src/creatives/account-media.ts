// Account media (ads-api.md "Creatives"): list, fetch and delete the account's
// media assets. They are not created here: adding an AMPLIFY_VIDEO to the media
// library makes it available as a PREROLL account media asset.
import { accountResource } from '../ads/resource.js';
import type { AccountMedia } from './types.js';

export { ACCOUNT_MEDIA_PAGE } from './pages.js';
export { CREATIVE_TYPES } from './enums.js';

const accountMedia = accountResource<AccountMedia>(['account_media'], { kind: 'ads', field: 'account_media_id' });

export const accountMediaListRequest = accountMedia.listRequest;
export const getAccountMedia = accountMedia.get;
export const deleteAccountMedia = accountMedia.delete;
