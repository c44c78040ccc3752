// The store's interface, apart from the module that opens it (which imports each driver's adapter).
export type Param = string | number | bigint | boolean | null;
export type Row = Record<string, unknown>;

export interface Store {
  readonly kind: 'duckdb' | 'postgres';
  /** The target as it may be shown: a URL's password replaced by ***. */
  readonly label: string;
  query(sql: string, params?: readonly Param[]): Promise<{ columns: string[]; rows: Row[] }>;
  run(sql: string, params?: readonly Param[]): Promise<void>;
  /** `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
