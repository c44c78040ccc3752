// Account history, feature keys, country codes, sort_by and id lists.
import { describe, expect, it } from 'vitest';
import {
  HISTORY_ENTITY_TYPES,
  SANDBOX_FEATURE_KEYS,
  checkAccountUpdate,
  checkHistoryQuery,
  checkSortBy,
  countryCodes,
  enumList,
  idList,
  wholeHour,
} from '../../src/validate/ads-core-params.js';
import { estimateCriteria } from '../../src/validate/targeting.js';

const ok = { entity_type: 'LINE_ITEM', entity_id: '8u94t', start_time: '2026-01-05T00:00:00Z', end_time: '2026-01-06T00:00:00Z' };
const fields = (ps: Array<{ field?: string }>) => ps.map((p) => p.field);

describe('account history query', () => {
  it('a complete query passes', () => expect(checkHistoryQuery(ok)).toEqual([]));
  it('every required parameter is named when missing', () => {
    expect(fields(checkHistoryQuery({}))).toEqual(['entity_type', 'entity_id', 'start_time', 'end_time']);
  });
  it('entity_type is an enum', () => {
    expect(HISTORY_ENTITY_TYPES).toHaveLength(5);
    expect(fields(checkHistoryQuery({ ...ok, entity_type: 'AD_GROUP' }))).toEqual(['entity_type']);
  });
  it('times are whole hours, start before end', () => {
    expect(fields(checkHistoryQuery({ ...ok, start_time: '2026-01-05T00:30:00Z' }))).toEqual(['start_time']);
    expect(fields(checkHistoryQuery({ ...ok, end_time: '2026-01-06T00:00:01Z' }))).toEqual(['end_time']);
    expect(fields(checkHistoryQuery({ ...ok, end_time: '2026-01-06T00:00:00.500Z' }))).toEqual(['end_time']);
    expect(fields(checkHistoryQuery({ ...ok, start_time: 'yesterday' }))).toEqual(['start_time']);
    expect(fields(checkHistoryQuery({ ...ok, start_time: ok.end_time, end_time: ok.start_time }))).toEqual(['end_time']);
    expect(wholeHour('2026-01-05T10:00:00+01:00')).toBeUndefined();
    expect(wholeHour('2026-01-05T10:00:00+05:30')).toMatch(/whole hour/);
  });
  it('user_id is a number', () => expect(fields(checkHistoryQuery({ ...ok, user_id: 'emu_dev' }))).toEqual(['user_id']));
});

describe('lists', () => {
  it('feature keys are checked against the list', () => {
    expect(SANDBOX_FEATURE_KEYS).toHaveLength(22);
    expect(enumList('feature_keys', ['AGE_TARGETING', 'DR_TAP,AGE_TARGETING'], SANDBOX_FEATURE_KEYS)).toEqual({
      list: ['AGE_TARGETING', 'DR_TAP'],
      problems: [],
    });
    expect(fields(enumList('feature_keys', ['AGE_TARGETTING'], SANDBOX_FEATURE_KEYS).problems)).toEqual(['feature_keys']);
    expect(fields(enumList('feature_keys', [], SANDBOX_FEATURE_KEYS, { required: true }).problems)).toEqual(['feature_keys']);
  });
  it('country codes are two capital letters', () => {
    expect(countryCodes('country_codes', 'US,GB')).toEqual({ list: ['US', 'GB'], problems: [] });
    expect(fields(countryCodes('country_codes', 'us,USA').problems)).toEqual(['country_codes']);
  });
  it('id lists hold at most 200 ids', () => {
    expect(idList('account_ids', Array.from({ length: 200 }, (_, i) => `a${i}`).join(',')).problems).toEqual([]);
    expect(fields(idList('account_ids', Array.from({ length: 201 }, (_, i) => `a${i}`).join(',')).problems)).toEqual(['account_ids']);
  });
  it('sort_by is attribute-asc|desc with a known attribute', () => {
    expect(checkSortBy('created_at-desc', ['created_at'])).toEqual([]);
    expect(fields(checkSortBy('created_at', ['created_at']))).toEqual(['sort_by']);
    expect(fields(checkSortBy('colour-asc', ['created_at']))).toEqual(['sort_by']);
  });
});

describe('account update and audience estimate body', () => {
  it('industry_type is an enum and name is not empty', () => {
    expect(checkAccountUpdate({ name: 'x', industry_type: 'RETAIL' })).toEqual([]);
    expect(fields(checkAccountUpdate({ name: '', industry_type: 'RETAILER' }))).toEqual(['name', 'industry_type']);
  });
  it('the estimate body is a non-empty array of targeting criteria (or the targeting_criteria body itself)', () => {
    const loc = { targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1' };
    expect(estimateCriteria([loc]).problems).toEqual([]);
    expect(estimateCriteria({ targeting_criteria: [loc] })).toEqual({ criteria: [loc], problems: [] });
    expect(fields(estimateCriteria({ a: 1 }).problems)).toEqual(['body']);
    expect(fields(estimateCriteria([]).problems)).toEqual(['body']);
    expect(fields(estimateCriteria([loc, 3, null]).problems)).toEqual(['body[1]', 'body[2]']);
    expect(fields(estimateCriteria([{ targeting_type: 'PLACE', targeting_value: 'x' }]).problems)).toEqual(['body[0].targeting_type']);
  });
});
