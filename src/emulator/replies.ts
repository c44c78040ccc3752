// Response builders in the APIs' own error dialects.
import { EmuHttpError, type EmuRequest, type EmuResponse } from './types.js';

export const PROBLEM_BASE = 'https://api.x.com/2/problems/';

/** Error object dialect: {errors:[{code,message}]} */
export function errorObject(status: number, code: number, message: string): EmuResponse {
  return { status, body: { errors: [{ code, message }] } };
}

/** RFC 7807 problem. */
export function problem(status: number, kind: string, title: string, detail?: string, extra: Record<string, unknown> = {}): EmuResponse {
  return {
    status,
    contentType: 'application/problem+json',
    body: { type: kind === 'about:blank' ? kind : PROBLEM_BASE + kind, title, ...(detail ? { detail } : {}), status, ...extra },
  };
}

/** Ads dialect: {errors:[{code,message,parameter}], request:{params}} */
export function adsError(status: number, code: string, message: string, parameter?: string, req?: EmuRequest): EmuResponse {
  return {
    status,
    body: { errors: [{ code, message, ...(parameter ? { parameter } : {}) }], request: { params: req ? paramsEcho(req) : {} } },
  };
}

export function fail(res: EmuResponse): never {
  throw new EmuHttpError(res);
}

export function paramsEcho(req: EmuRequest): Record<string, unknown> {
  const out: Record<string, unknown> = { ...req.params };
  for (const [k, v] of req.query) out[k] = v;
  return out;
}

/** The ads envelope: {request:{params}, data, …extra}. */
export function adsOk(req: EmuRequest, data: unknown, extra: Record<string, unknown> = {}, status = 200): EmuResponse {
  return { status, body: { request: { params: paramsEcho(req) }, data, ...extra } };
}
