// Routes of this family are added by its issue; see routes/oauth.ts for the pattern.
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';

export function register(_r: Router, _state: EmulatorState): void {}
