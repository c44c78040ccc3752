// A feature key per row, for `ads features list|add`.
export const FEATURE_COLUMNS = [{ header: 'feature', get: (k: string) => k }];
