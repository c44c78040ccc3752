// The table columns of an analytics job.
import type { StatsJob } from '../../../../ads/stats/api.js';
import type { Column } from '../../../../output/printer.js';

export const JOB_COLUMNS: Column<StatsJob>[] = [
  { header: 'id', key: 'id_str' },
  { header: 'status', key: 'status' },
  { header: 'entity', key: 'entity' },
  { header: 'ids', get: (j) => (Array.isArray(j.entity_ids) ? j.entity_ids.length : null) },
  { header: 'start_time', key: 'start_time' },
  { header: 'end_time', key: 'end_time' },
  { header: 'granularity', key: 'granularity' },
  { header: 'placement', key: 'placement' },
  { header: 'segment', key: 'segmentation_type' },
  { header: 'expires_at', key: 'expires_at' },
];
