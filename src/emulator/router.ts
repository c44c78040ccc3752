// Route table: method + path pattern (with :params) + which API serves it +
// which authentication it takes. Adding an endpoint is one `route()` call in a
// family module under routes/.
import type { EmuApi, RouteSpec } from './types.js';

interface Compiled {
  spec: RouteSpec;
  re: RegExp;
  names: string[];
}

export class Router {
  private routes: Compiled[] = [];

  route(spec: RouteSpec): void {
    const names: string[] = [];
    const re = new RegExp(
      '^' +
        spec.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, n: string) => {
          names.push(n);
          return '([^/]+)';
        }) +
        '/?$',
    );
    this.routes.push({ spec, re, names });
  }

  /** Finds the route; `methodMismatch` tells 405 from 404. */
  match(api: EmuApi, method: string, path: string): { spec: RouteSpec; params: Record<string, string> } | { methodMismatch: boolean } {
    let methodMismatch = false;
    for (const r of this.routes) {
      const servedHere = r.spec.api === api || (r.spec.api === 'ads' && api === 'sandbox') || (r.spec.api === 'ads-only' && api === 'ads');
      if (!servedHere) continue;
      const m = r.re.exec(path);
      if (!m) continue;
      if (r.spec.method !== method) {
        methodMismatch = true;
        continue;
      }
      const params: Record<string, string> = {};
      r.names.forEach((n, i) => {
        params[n] = decodeURIComponent(m[i + 1]!);
      });
      return { spec: r.spec, params };
    }
    return { methodMismatch };
  }

  list(): RouteSpec[] {
    return this.routes.map((r) => r.spec);
  }
}
