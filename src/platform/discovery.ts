// Trends, communities and news (openapi v2.159 tags "Trends", "Communities",
// "News"): request builders; the verb picks the authentication and prints.
// https://docs.x.com/x-api/trends/introduction, …/communities/introduction, …/news/introduction
import { invalid } from '../errors/cli-error.js';
import type { RequestOptions } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { idSegment, joinPath } from '../http/path.js';

/** A WOEID (Yahoo! Where On Earth id; 1 is worldwide): a positive integer (openapi: integer). */
function woeid(value: string): string {
  if (!/^[1-9][0-9]{0,9}$/.test(value)) throw invalid('woeid', `must be a positive integer (1 is worldwide), got ${JSON.stringify(value)}`);
  return value;
}

function searchText(text: string): string {
  if (!text.trim()) throw invalid('query', 'must not be empty');
  return text;
}

export const trendReads = {
  /** GET /2/trends/by/woeid/{woeid}. */
  byWoeid: (id: string, query: Params): RequestOptions => ({
    method: 'GET',
    path: joinPath('2', 'trends', 'by', 'woeid', idSegment(woeid(id), 'numeric', 'woeid')),
    query,
  }),
  /** GET /2/users/personalized_trends: the authenticated user's trends. */
  personalized: (query: Params): RequestOptions => ({ method: 'GET', path: '/2/users/personalized_trends', query }),
};

export const communityReads = {
  /** GET /2/communities/{id}. */
  one: (id: string, query: Params): RequestOptions => ({
    method: 'GET',
    path: joinPath('2', 'communities', idSegment(id, 'numeric', 'community_id')),
    query,
  }),
  /** GET /2/communities/search?query=… */
  search: (text: string, query: Params): RequestOptions => ({
    method: 'GET',
    path: '/2/communities/search',
    query: [['query', searchText(text)], ...query],
  }),
};

export const newsReads = {
  /** GET /2/news/{id}. */
  one: (id: string, query: Params): RequestOptions => ({
    method: 'GET',
    path: joinPath('2', 'news', idSegment(id, 'numeric', 'news_id')),
    query,
  }),
  /** GET /2/news/search?query=… */
  search: (text: string, query: Params): RequestOptions => ({
    method: 'GET',
    path: '/2/news/search',
    query: [['query', searchText(text)], ...query],
  }),
};
