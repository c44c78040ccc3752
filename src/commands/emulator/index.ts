import type { Command } from 'commander';
import { verb } from '../define.js';

export function registerEmulator(program: Command): void {
  const emulator = verb(program, {
    name: 'emulator',
    description: 'run the offline emulator of both APIs on 127.0.0.1 (seeded credentials, faults, request log)',
    examples: [
      'eval "$(postctl emulator --port 8788 --print-env)"   # starts it in the background, sets the env',
      'postctl emulator stop                                # ends it',
      'postctl emulator --port 8787                          # in the foreground, Ctrl-C to stop',
      'postctl emulator --latency 50 --fault-rate 0.1 --seed 7',
      'postctl emulator --names official                     # a server that knows only the live service\'s names',
    ],
    options: [
      { flags: '--port <n>', description: 'port to listen on (default: a free one)', default: '0' },
      { flags: '--latency <ms>', description: 'added latency per request in milliseconds', default: '0' },
      { flags: '--no-approve', description: 'do not auto-approve the OAuth authorize step' },
      { flags: '--fault-rate <p>', description: 'probability of a random fault (429, 5xx, dropped connection) per request' },
      { flags: '--seed <n>', description: 'seed for random faults', default: '1' },
      { flags: '--names <style>', description: 'wire names served: official (the live service), neutral (the spec text) or both', choices: ['official', 'neutral', 'both'], default: 'both' },
      { flags: '--print-env', description: 'start in the background, print the environment for postctl on stdout and return (stop it with `postctl emulator stop`)' },
      { flags: '--background-child', description: 'internal: the background process --print-env starts', hidden: true },
    ],
    load: () => import('./run.js'),
  });
  verb(emulator, {
    name: 'stop',
    description: 'stop emulators started in the background with --print-env (all, or the one on --port)',
    examples: ['postctl emulator stop', 'postctl emulator stop --port 8788'],
    options: [{ flags: '--port <n>', description: 'stop only the emulator on this port' }],
    load: () => import('./stop.js'),
  });
}
