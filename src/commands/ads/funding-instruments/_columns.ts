// Table columns of funding instruments: money in micros with its decimal value beside it.
import type { FundingInstrument } from '../../../ads/campaigns.js';
import type { Column } from '../../../output/printer.js';
import { fromMicros } from '../../../validate/money.js';

const decimal = (v: unknown): string => (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)) ? fromMicros(String(v)) : '');

export const FI_COLUMNS: Column<FundingInstrument>[] = [
  { header: 'id', key: 'id' },
  { header: 'type', key: 'type' },
  { header: 'currency', key: 'currency' },
  { header: 'entity_status', key: 'entity_status' },
  { header: 'credit_limit', get: (f) => decimal(f.credit_limit_local_micro) },
  { header: 'funded_amount', get: (f) => decimal(f.funded_amount_local_micro) },
  { header: 'start_time', key: 'start_time' },
  { header: 'end_time', key: 'end_time' },
  { header: 'description', key: 'description' },
];
