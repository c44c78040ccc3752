// New campaigns and line items are created PAUSED unless the caller names a
// status: a deliberate difference from the API, whose default is ACTIVE, so
// that creating something never starts spending by itself (a slip in a budget
// would otherwise go live at once). Starting it is a second, explicit step.

/** The status sent when none is given. */
const CREATED_STATUS = 'PAUSED';

/** The parameters with entity_status set to PAUSED when absent (given values are kept, whatever they are). */
export function withCreatedStatus<T extends Record<string, string | number>>(params: T): T & { entity_status: string | number } {
  return { ...params, entity_status: params.entity_status ?? CREATED_STATUS };
}

/** Whether the status was chosen by the default (for the "it is paused, start it with …" note). */
export function pausedByDefault(given: Readonly<Record<string, unknown>>): boolean {
  return given.entity_status === undefined;
}
