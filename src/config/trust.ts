// Config trust: the config file holds credentials and the URLs they are sent
// to, so a file someone else can change is refused, not used — like ssh with
// a private key. Refused (exit 2, naming the path and the fix):
// - a config directory writable by group or others (anyone could plant or swap
//   config.json in it);
// - a config file that is a symbolic link (reads and writes would go where the
//   link points; postctl never writes through a link);
// - a config file with any group or other permission (it holds secrets; 0600
//   is what postctl writes);
// - a directory or file owned by another user. Root included: a root process
//   using a config that belongs to someone else would run with their settings.
// Windows has no uid or POSIX modes: the checks are skipped there.
import { lstatSync, statSync, type Stats } from 'node:fs';
import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';

function untrusted(what: 'file' | 'directory', path: string, why: string, fix: string): CliError {
  return new CliError(`refusing to use the config ${what} ${path}: ${why}`, {
    exitCode: EXIT.USAGE,
    code: 'config_untrusted',
    hint: `${fix} (postctl only uses a config that no one else can change).`,
  });
}

const octal = (mode: number): string => (mode & 0o777).toString(8).padStart(3, '0');

function checkOwner(what: 'file' | 'directory', path: string, s: Stats, uid: number): void {
  if (s.uid !== uid)
    throw untrusted(
      what,
      path,
      `it is owned by uid ${s.uid}, not by you (uid ${uid})`,
      `use your own config (POSTCTL_CONFIG_DIR), or \`chown ${uid} ${path}\` if it is yours`,
    );
}

/** Checks the config directory and, when present, the file. Throws CliError (exit 2). */
export function checkConfigTrust(dir: string, file: string): void {
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return;
  const uid = process.getuid();
  let d: Stats;
  try {
    d = statSync(dir);
  } catch {
    return; // no directory yet: it is created 0700 on the first write
  }
  checkOwner('directory', dir, d, uid);
  if (d.mode & 0o022)
    throw untrusted(
      'directory',
      dir,
      `it is writable by ${d.mode & 0o002 ? 'others' : 'its group'} (mode ${octal(d.mode)})`,
      `run \`chmod 700 ${dir}\``,
    );
  let f: Stats;
  try {
    f = lstatSync(file);
  } catch {
    return;
  }
  if (f.isSymbolicLink())
    throw untrusted(
      'file',
      file,
      'it is a symbolic link',
      `replace the link with the file itself (\`cp --remove-destination "$(readlink -f ${file})" ${file}\`)`,
    );
  if (!f.isFile()) throw untrusted('file', file, 'it is not a regular file', 'move it away');
  checkOwner('file', file, f, uid);
  if (f.mode & 0o077)
    throw untrusted(
      'file',
      file,
      `it can be ${f.mode & 0o022 ? 'changed' : 'read'} by ${f.mode & 0o007 ? 'others' : 'its group'} (mode ${octal(f.mode)})`,
      `run \`chmod 600 ${file}\``,
    );
}
