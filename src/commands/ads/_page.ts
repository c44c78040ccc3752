// Count bounds of the ads core list endpoints, for the --count help text.
export const PAGE_1000 = { min: 1, max: 1000, def: 200 };
