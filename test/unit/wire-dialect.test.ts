// The field-dialect negotiation's pure parts (src/wire/dialect.ts): reading the
// service's unknown-parameter message, choosing the other spelling only when
// the message lists it, and respelling a query both ways.
import { describe, expect, it } from 'vitest';
import { userFieldParams } from '../../src/validate/user-fields.js';
import { hasDialectNames, inDialect, negotiatedDialect, unknownParameter } from '../../src/wire/dialect.js';

const refusal = (param: string, list: string) => ({
  title: 'Invalid Request',
  type: 'https://api.x.com/2/problems/invalid-request',
  errors: [{ message: `The query parameter [${param}] is not one of [${list}]`, parameters: { [param]: ['x'] } }],
});

describe('field dialect', () => {
  it("reads the live service's unknown-parameter message", () => {
    expect(unknownParameter(refusal('tweet.fields', 'ids,expansions,post.fields,user.fields'))).toEqual({
      param: 'tweet.fields',
      accepted: ['ids', 'expansions', 'post.fields', 'user.fields'],
    });
    expect(unknownParameter({ errors: [{ message: 'The `ids` query parameter value [x] does not match ^[0-9]{1,19}$' }] })).toBeUndefined();
    expect(unknownParameter('not json')).toBeUndefined();
  });

  it('negotiates only to a spelling the list names', () => {
    expect(negotiatedDialect(refusal('tweet.fields', 'ids,post.fields'))).toEqual({
      from: 'tweet.fields',
      to: 'post.fields',
      dialect: 'post',
    });
    expect(negotiatedDialect(refusal('post.fields', 'ids,tweet.fields'))).toEqual({
      from: 'post.fields',
      to: 'tweet.fields',
      dialect: 'tweet',
    });
    // The other spelling is not offered, or the parameter is not a field parameter: no retry.
    expect(negotiatedDialect(refusal('tweet.fields', 'ids,expansions'))).toBeUndefined();
    expect(negotiatedDialect(refusal('tweets.fields', 'ids,post.fields'))).toBeUndefined();
  });

  it('respells the field parameter, its values and the expansions; leaves the rest', () => {
    const q: Array<[string, string]> = [
      ['ids', '20,21'],
      ['tweet.fields', 'created_at,referenced_tweets,edit_history_tweet_ids,note_tweet'],
      ['expansions', 'author_id,referenced_tweets.id,edit_history_tweet_ids'],
      ['user.fields', 'username'],
    ];
    const post = inDialect(q, 'post');
    expect(post).toEqual([
      ['ids', '20,21'],
      ['post.fields', 'created_at,referenced_posts,edit_history_post_ids,note_post'],
      ['expansions', 'author_id,referenced_posts,edit_history_post_ids'],
      ['user.fields', 'username'],
    ]);
    expect(inDialect(post, 'tweet')).toEqual(q);
    expect(hasDialectNames([['query', 'x']])).toBe(false);
    expect(hasDialectNames([['expansions', 'author_id']])).toBe(true);
  });

  it('in the post dialect: user expansions in v2.167 spelling, and the dm_event.fields and list.fields values v2.167 dropped left out', () => {
    const q: Array<[string, string]> = [
      ['expansions', 'pinned_tweet_id,most_recent_tweet_id,affiliation.user_id'],
      ['dm_event.fields', 'id,text,sender_id,participant_ids'],
      ['list.fields', 'created_at,owner_id,private'],
    ];
    expect(hasDialectNames([['list.fields', 'owner_id']])).toBe(true);
    expect(inDialect(q, 'post')).toEqual([
      ['expansions', 'pinned_post_id,most_recent_post_id,affiliation'],
      ['dm_event.fields', 'id,text'],
      ['list.fields', 'created_at,private'],
    ]);
    // A parameter left with no value is left out; the tweet dialect keeps every value.
    expect(inDialect([['list.fields', 'owner_id']], 'post')).toEqual([]);
    expect(inDialect(q, 'tweet')).toEqual(q);
  });

  it('user expansions are checked and accepted in either spelling; sent in the selected style', () => {
    expect(userFieldParams({ expansions: ['pinned_post_id,affiliation'] }, 'official')).toEqual([
      ['expansions', 'pinned_tweet_id,affiliation.user_id'],
    ]);
    expect(userFieldParams({ expansions: ['pinned_tweet_id'] }, 'neutral')).toEqual([['expansions', 'pinned_post_id']]);
    expect(() => userFieldParams({ expansions: ['pinned_tweets_id'] }, 'official')).toThrow(/unknown user expansion "pinned_tweets_id"/);
  });
});
