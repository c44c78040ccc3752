// Opens a URL in the user's browser (`auth login --web`), best effort: the URL
// is always printed too, so a failure here is only a warning.
import { spawn } from 'node:child_process';

export function browserCommand(platform: NodeJS.Platform, url: string): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]];
  // rundll32 takes the URL as one argument: no cmd.exe parsing of & in the query.
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

export function openBrowser(url: string, warn: (message: string) => void, platform: NodeJS.Platform = process.platform): void {
  const [cmd, args] = browserCommand(platform, url);
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => warn(`could not start ${cmd} to open a browser; open the URL above yourself`));
    child.unref();
  } catch {
    warn(`could not start ${cmd} to open a browser; open the URL above yourself`);
  }
}
