// OAuth 2.0 user context for the user-context verbs, through the built CLI
// against the emulator (which checks OAuth 2.0 user tokens and their scopes
// with its own table): after `auth oauth2` alone (no OAuth 1.0a token
// anywhere) posts create/edit/delete and media upload + posts create --media
// go out with the user's Bearer token; a login without media.write is refused
// before sending (exit 3, naming the scope and the login command); an --auth
// the descriptions do not allow is exit 2 with nothing sent.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';
import { oauth2Only as login } from '../helpers/oauth2.js';
import { DEFAULT_SCOPES } from '../../src/auth/oauth2-url.js';

const emu = freshEmulator();
const oauth2Only = (scopes?: string) => login(emu, scopes);

/** The requests that reached the emulator after `from`, as "METHOD path scheme status". */
const since = (from: number) =>
  emu.state.log
    .slice(from)
    .filter((e) => e.path.startsWith('/2/') && !e.path.startsWith('/2/oauth2'))
    .map((e) => `${e.method} ${e.path.replace(/\d{5,}/g, 'N')} ${e.authScheme ?? '-'} ${e.status}`);

describe('OAuth 2.0 user context on the user-context verbs', () => {
  it('after auth oauth2 only: the default scopes cover create, edit, delete, media upload and create --media, all with Bearer', async () => {
    const u = await oauth2Only();
    expect(u.scope).toBe(DEFAULT_SCOPES.join(' '));
    const from = emu.state.log.length;
    const created = await u.run(['posts', 'create', '--text', 'hello from OAuth 2.0', '-o', 'json']);
    expect(created.code, created.stderr).toBe(0);
    const id = created.json().data.id as string;
    expect(id).toMatch(/^\d+$/);
    const edited = await u.run(['posts', 'edit', id, '--text', 'hello again', '-o', 'json']);
    expect(edited.code, edited.stderr).toBe(0);
    const media = join(u.dir, 'p.png');
    writeFileSync(media, Buffer.alloc(1500, 1));
    const up = await u.run(['media', 'upload', media, '-o', 'json']);
    expect(up.code, up.stderr).toBe(0);
    const mediaId = (up.json().data ?? up.json())[0].media_id as string;
    const withMedia = await u.run(['posts', 'create', '--text', 'with a picture', '--media', mediaId, '-o', 'json']);
    expect(withMedia.code, withMedia.stderr).toBe(0);
    const deleted = await u.run(['posts', 'delete', id, '--yes', '-o', 'json']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.json().data).toEqual({ deleted: true });
    expect(since(from)).toEqual([
      'POST /2/tweets Bearer 201',
      'GET /2/tweets/N Bearer 200',
      'POST /2/tweets Bearer 201',
      // A small image goes up in one request.
      'POST /2/media/upload Bearer 200',
      'POST /2/tweets Bearer 201',
      'DELETE /2/tweets/N Bearer 200',
    ]);
    // The emulator verified a user token each time (never OAuth 1.0a, never the app's bearer).
    expect(
      new Set(
        emu.state.log
          .slice(from)
          .filter((e) => e.path.startsWith('/2/'))
          .map((e) => e.auth),
      ),
    ).toEqual(new Set(['user']));
  });

  it('a login without media.write: media upload exits 3 naming the scope and the login that adds it; no upload request', async () => {
    const u = await oauth2Only('tweet.read,tweet.write,users.read,offline.access');
    const media = join(u.dir, 'p.png');
    writeFileSync(media, Buffer.alloc(1500, 1));
    const from = emu.state.log.length;
    const r = await u.run(['media', 'upload', media, '-o', 'json']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('lacks the scope media.write');
    expect(r.errorJson().error).toMatchObject({
      code: 'oauth2_scope_missing',
      exit_code: 3,
      hint: 'log in again with it: postctl auth oauth2 --scopes tweet.read,tweet.write,users.read,offline.access,media.write',
    });
    expect(since(from)).toEqual([]);
  });

  it('the emulator refuses, on its own, a user token without the scope and an app bearer where only user context is allowed', async () => {
    const u = await oauth2Only('tweet.read,users.read');
    const from = emu.state.log.length;
    const token = JSON.parse(readFileSync(join(u.dir, 'config.json'), 'utf8')).profiles.default.oauth2.access_token;
    const res = await fetch(`${emu.env().POSTCTL_API_URL}/2/media/upload/initialize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"media_type":"image/png","total_bytes":10,"media_category":"tweet_image"}',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ title: 'Forbidden', required_scopes: ['media.write'] });
    const bearer = (await emu.run(['auth', 'token', '--print'])).stdout.trim();
    const app = await fetch(`${emu.env().POSTCTL_API_URL}/2/tweets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: '{"text":"x"}',
    });
    expect(app.status).toBe(403);
    expect(((await app.json()) as { detail: string }).detail).toContain(
      'Supported authentication types are [OAuth 1.0a User Context, OAuth 2.0 User Context]',
    );
    expect(since(from)).toEqual(['POST /2/media/upload/initialize Bearer 403', 'POST /2/tweets Bearer 403']);
  });

  it('an --auth the descriptions do not allow: exit 2 naming the allowed ones, nothing sent', async () => {
    const from = emu.state.log.length;
    const create = await emu.run(['posts', 'create', '--text', 'x', '--auth', 'app', '-o', 'json']);
    expect(create.code).toBe(2);
    expect(create.errorJson().error.message).toBe(
      '--auth app is not accepted by POST /2/tweets (the official API descriptions allow: user, oauth2)',
    );
    expect(create.errorJson().error.hint).toBe('use --auth user (allowed here: user (OAuth 1.0a), oauth2 (OAuth 2.0 user token)).');
    const archive = await emu.run(['posts', 'search', 'coffee', '--archive', '--auth', 'user']);
    expect(archive.code).toBe(2);
    expect(archive.stderr).toContain('--auth user is not accepted by GET /2/tweets/search/all (the official API descriptions allow: app)');
    const counts = await emu.run(['posts', 'counts', 'tea', '--auth', 'user']);
    expect(counts.code).toBe(2);
    expect(counts.stderr).toContain('allow: app, oauth2');
    const validate = await emu.run(['webhooks', 'validate', '1146654567674912769', '--auth', 'oauth2']);
    expect(validate.code).toBe(2);
    expect(validate.stderr).toContain('allow: app, user');
    expect(since(from)).toEqual([]);
  });

  it('OAuth 1.0a stays the default when the profile holds an access token', async () => {
    const from = emu.state.log.length;
    const r = await emu.run(['posts', 'create', '--text', 'signed', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(since(from)).toEqual(['POST /2/tweets OAuth 201']);
  });
});
