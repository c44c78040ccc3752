// Streaming connections: the registry the activity stream opens entries in,
// and the connections API over it (GET /2/connections, DELETE
// /2/connections/all, /2/connections/:endpoint_id, /2/connections with
// {uuids}). Shapes follow the real API (the spec does not show them); a
// terminated stream gets an operational-disconnect ForceDisconnect message.
import { randomUUID } from 'node:crypto';
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse, Handler } from '../types.js';
import { incoming } from '../spelling.js';

// The service's connection fields, statuses and endpoint names (openapi: the
// connections endpoints), endpoint names in internal neutral spelling.
const CONNECTION_FIELDS = ['id', 'endpoint_name', 'client_ip', 'connected_at', 'disconnected_at', 'disconnect_reason'];
const CONNECTION_STATUSES = ['active', 'inactive', 'all'];
const STREAM_ENDPOINTS = [
  'activity_stream',
  'filtered_stream',
  'sample_stream',
  'sample10_stream',
  'firehose_stream',
  'posts_compliance_stream',
  'users_compliance_stream',
  'post_label_stream',
  'firehose_stream_lang_en',
  'firehose_stream_lang_ja',
  'firehose_stream_lang_ko',
  'firehose_stream_lang_pt',
  'likes_firehose_stream',
  'likes_sample10_stream',
  'likes_compliance_stream',
];

/** An endpoint name as sent, in internal spelling, or undefined when this server does not know it. */
function endpointIn(state: EmulatorState, name: string): string | undefined {
  const r = incoming('value', name, state.names);
  return r.known && STREAM_ENDPOINTS.includes(r.name) ? r.name : undefined;
}

export interface EmuConnection {
  id: string;
  endpoint_name: string;
  client_ip: string;
  connected_at: string;
  disconnected_at?: string;
  disconnect_reason?: string;
  consumerKey: string;
  /** The emulator's clock, for the time it closes (like kill, never part of a reply). */
  now: () => number;
  /** Ends the stream from the server side. */
  kill?: (reason: string) => void;
}

export interface ConnectionRegistry {
  all: EmuConnection[];
  /** Concurrent connections allowed per app and endpoint (TooManyConnections beyond). */
  maxPerEndpoint: number;
}

export function connectionRegistry(state: EmulatorState): ConnectionRegistry {
  return state.slice('platform-connections', () => ({ all: [], maxPerEndpoint: 1 }));
}

const active = (c: EmuConnection) => c.disconnected_at === undefined;

/** Opens a connection entry, or answers the real API's 429 TooManyConnections problem. */
export function openConnection(
  state: EmulatorState,
  consumerKey: string,
  endpoint: string,
  kill: (reason: string) => void,
): EmuConnection | EmuResponse {
  const reg = connectionRegistry(state);
  const open = reg.all.filter((c) => active(c) && c.consumerKey === consumerKey && c.endpoint_name === endpoint);
  if (open.length >= reg.maxPerEndpoint) {
    return problem(
      429,
      'streaming-connection',
      'ConnectionException',
      'This stream is currently at the maximum allowed connection limit.',
      { connection_issue: 'TooManyConnections' },
    );
  }
  const conn: EmuConnection = {
    id: randomUUID(),
    endpoint_name: endpoint,
    client_ip: '127.0.0.1',
    connected_at: new Date(state.now()).toISOString(),
    consumerKey,
    now: state.now,
    kill,
  };
  reg.all.push(conn);
  return conn;
}

export function closeConnection(conn: EmuConnection, reason: string): void {
  if (!active(conn)) return;
  conn.disconnected_at = new Date(conn.now()).toISOString();
  conn.disconnect_reason = reason;
  delete conn.kill;
}

function invalid(message: string, parameter: string, value: string): EmuResponse {
  return problem(400, 'invalid-request', 'Invalid Request', 'One or more parameters to your request was invalid.', {
    errors: [{ message, parameters: { [parameter]: [value] } }],
  });
}

function killAll(conns: EmuConnection[]): EmuResponse {
  const results = conns.map((c) => {
    c.kill?.('ForceDisconnect');
    closeConnection(c, 'ForceDisconnect');
    return { uuid: c.id, success: true };
  });
  return { status: 200, body: { data: { successful_kills: results.length, failed_kills: 0, results } } };
}

function mine(req: EmuRequest, state: EmulatorState): EmuConnection[] {
  return connectionRegistry(state).all.filter((c) => c.consumerKey === req.auth?.consumerKey);
}

const listConnections: Handler = (req, state) => {
  const status = req.query.get('status') ?? 'active';
  if (!(CONNECTION_STATUSES as readonly string[]).includes(status))
    return invalid(`The \`status\` query parameter value [${status}] is not one of [${CONNECTION_STATUSES.join(',')}]`, 'status', status);
  const sent = (req.query.get('endpoints') ?? '').split(',').filter(Boolean);
  const badEndpoint = sent.find((e) => endpointIn(state, e) === undefined);
  const endpoints = sent.map((e) => endpointIn(state, e)!);
  if (badEndpoint)
    return invalid(
      `The \`endpoints\` query parameter value [${badEndpoint}] is not one of [${STREAM_ENDPOINTS.join(',')}]`,
      'endpoints',
      badEndpoint,
    );
  const maxRaw = req.query.get('max_results') ?? '10';
  const max = Number(maxRaw);
  if (!/^\d+$/.test(maxRaw) || max < 1 || max > 100)
    return invalid(`The \`max_results\` query parameter value [${maxRaw}] is not between 1 and 100`, 'max_results', maxRaw);
  const fields = (req.query.get('connection.fields') ?? '').split(',').filter(Boolean);
  const badField = fields.find((f) => !(CONNECTION_FIELDS as readonly string[]).includes(f));
  if (badField)
    return invalid(
      `The \`connection.fields\` query parameter value [${badField}] is not one of [${CONNECTION_FIELDS.join(',')}]`,
      'connection.fields',
      badField,
    );
  const offset = Number(req.query.get('pagination_token') ?? 0) || 0;
  const matching = mine(req, state)
    .filter((c) => status === 'all' || (status === 'active') === active(c))
    .filter((c) => endpoints.length === 0 || endpoints.includes(c.endpoint_name))
    .reverse();
  const page = matching.slice(offset, offset + max);
  // Without connection.fields only the id and endpoint are returned.
  const shown = fields.length ? fields : ['id', 'endpoint_name'];
  const data = page.map((c) =>
    Object.fromEntries(shown.filter((f) => c[f as keyof EmuConnection] !== undefined).map((f) => [f, c[f as keyof EmuConnection]])),
  );
  const next = offset + max < matching.length ? String(offset + max) : undefined;
  return {
    status: 200,
    body: { ...(data.length ? { data } : {}), meta: { result_count: data.length, ...(next ? { next_token: next } : {}) } },
  };
};

const closeAllConnections: Handler = (req, state) => killAll(mine(req, state).filter(active));

const closeOneConnection: Handler = (req, state) => {
  const endpoint = endpointIn(state, req.params.endpoint_id!);
  if (endpoint === undefined)
    return invalid(
      `The \`endpoint_id\` path parameter value [${req.params.endpoint_id!}] is not one of [${STREAM_ENDPOINTS.join(',')}]`,
      'endpoint_id',
      req.params.endpoint_id!,
    );
  return killAll(mine(req, state).filter((c) => active(c) && c.endpoint_name === endpoint));
};

const closeConnectionsById: Handler = (req, state) => {
  const body = req.json<{ uuids?: unknown }>();
  const uuids = body?.uuids;
  if (!Array.isArray(uuids) || uuids.length < 1 || uuids.length > 100 || uuids.some((u) => typeof u !== 'string')) {
    return invalid('`uuids` must be an array of 1 to 100 connection UUIDs', 'uuids', JSON.stringify(uuids ?? null));
  }
  const conns = mine(req, state);
  let ok = 0;
  const results = (uuids as string[]).map((uuid) => {
    const c = conns.find((x) => x.id === uuid && active(x));
    if (!c) return { uuid, success: false, error_message: 'Connection not found or already closed' };
    c.kill?.('ForceDisconnect');
    closeConnection(c, 'ForceDisconnect');
    ok++;
    return { uuid, success: true };
  });
  return { status: 200, body: { data: { successful_kills: ok, failed_kills: results.length - ok, results } } };
};

export function register(r: Router, _state: EmulatorState): void {
  r.route({ method: 'GET', path: '/2/connections', api: 'platform', auth: 'app', handler: listConnections });
  r.route({ method: 'DELETE', path: '/2/connections/all', api: 'platform', auth: 'app', handler: closeAllConnections });
  r.route({ method: 'DELETE', path: '/2/connections/:endpoint_id', api: 'platform', auth: 'app', handler: closeOneConnection });
  r.route({ method: 'DELETE', path: '/2/connections', api: 'platform', auth: 'app', handler: closeConnectionsById });
}
