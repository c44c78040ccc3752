// Post usage of the project (GET /2/usage/tweets) and the service's own API
// description (GET /2/openapi.json, which names no security requirement).
// https://docs.x.com/x-api/usage/introduction
import type { RequestOptions } from '../http/client.js';
import type { Params } from '../http/encode.js';

export const usageRequest = (query: Params): RequestOptions => ({ method: 'GET', path: '/2/usage/tweets', query });

/** Public: sent without credentials, so nothing secret goes with a request that needs none. */
export const openapiRequest = (): RequestOptions => ({ method: 'GET', path: '/2/openapi.json', auth: 'none' });
