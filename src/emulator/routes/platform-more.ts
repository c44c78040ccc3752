// The route families of Spaces, trends, communities, news, usage, Community
// Notes, compliance jobs, chat, the volume streams and post and media
// analytics, registered together.
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import * as analytics from './platform-analytics.js';
import * as chat from './platform-chat.js';
import * as compliance from './platform-compliance.js';
import * as discovery from './platform-discovery.js';
import * as notes from './platform-notes.js';
import * as spaces from './platform-spaces.js';
import * as volumeStreams from './platform-volume-stream.js';

export function register(r: Router, state: EmulatorState): void {
  spaces.register(r, state);
  discovery.register(r);
  compliance.register(r);
  notes.register(r);
  chat.register(r);
  volumeStreams.register(r, state);
  analytics.register(r, state);
}
