// `postctl audiences upload` through the built CLI against the emulator: the
// three input shapes, rejects with their lines (never sent), --dry-run, and
// every rule checked before anything is sent.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EMU_AUDIENCE, EMU_SHARED_AUDIENCE } from '../../src/emulator/routes/audiences.js';
import { fileEmulator } from '../helpers/emulator.js';
import { futureYear } from '../helpers/clock.js';
import { freshAudience, received, sha, userPosts, values, writeInput } from '../fixtures/audiences/helpers.js';

// Deliberately the spec's neutral names (this file asserts them); official names: wire-names.test.ts, contract.test.ts.
const emu = fileEmulator({ names: 'neutral' }, { keepFaults: true });

describe('audiences upload: inputs', () => {
  it('plain lines: normalized, hashed, sent in batches; rejects written with their lines and never sent', async () => {
    const id = freshAudience(emu);
    const file = writeInput('emails.txt', '\uFEFFAlice@Example.com\r\n\r\na@b\n  BOB@example.org \nnot-an-email\nCarol@example.net\n');
    const rejects = `${file}.rejects.csv`;
    const r = await emu.run(['audiences', 'upload', id, '--file', file, '--type', 'email', '--rejects', rejects, '--batch-size', '2']);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      custom_audience_id: id,
      operation: 'Update',
      read: 5,
      invalid: 2,
      sent: 3,
      accepted: 3,
      failed: 0,
      batches: 2,
      batches_confirmed: 2,
      rejects_file: rejects,
      state_file: null,
    });
    expect(values(received(emu, id))).toEqual([sha('alice@example.com'), sha('bob@example.org'), sha('carol@example.net')].sort());
    expect(userPosts(emu, id).map((e) => JSON.parse(e.body)[0].params.users.length)).toEqual([2, 1]);
    expect(readFileSync(rejects, 'utf8')).toBe(
      'line,field,value,reason\n' +
        '3,email,a@b,"not a valid address after trimming and lowercasing: it needs one @, a name before it and a domain with a dot after it"\n' +
        '5,email,not-an-email,"not a valid address after trimming and lowercasing: it needs one @, a name before it and a domain with a dot after it"\n',
    );
    expect(statSync(rejects).mode & 0o777).toBe(0o600);
    expect(r.stderr).toContain('line 3, email: not a valid address');
    expect(r.stderr).toContain('read 5 · invalid 2 · sent 3 · accepted 3 · failed 0');
  });

  it('CSV: header columns name the kinds (a kind may repeat); several kinds per user; --default-country', async () => {
    const id = freshAudience(emu);
    const file = writeInput(
      'crm.csv',
      'email,Email 2,phone,handle,device_id,service_id,partner_user_id\n' +
        'a1@example.com,,+44 7911 123456,@Handle_1,AEBE52E7-03EE-455A-B3C4-E57283966239,0012345,CRM-1\n' +
        ',,07911 654321,,,,\n' +
        'bad,also bad,,,,,\n' +
        '"Quoted, Name@example.com",b2@example.com,,,,,\n',
    );
    const rejects = `${file}.rejects.csv`;
    const r = await emu.run(['audiences', 'upload', id, '--file', file, '--default-country', 'GB', '--rejects', rejects]);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ read: 4, invalid: 1, invalid_values: 3, sent: 3, accepted: 3 });
    const users = JSON.parse(userPosts(emu, id)[0]!.body)[0].params.users;
    expect(users[0]).toEqual({
      email: [sha('a1@example.com')],
      device_id: [sha('aebe52e7-03ee-455a-b3c4-e57283966239')],
      handle: [sha('handle_1')],
      service_id: [sha('12345')],
      phone_number: [sha('447911123456')],
      partner_user_id: ['CRM-1'],
    });
    expect(users[1]).toEqual({ phone_number: [sha('447911654321')] });
    expect(users[2]).toEqual({ email: [sha('b2@example.com')] });
    expect(
      readFileSync(rejects, 'utf8')
        .split('\n')
        .slice(1, -1)
        .map((l) => l.split(',').slice(0, 2).join(',')),
    ).toEqual(['4,email', '4,email', '5,email']);
  });

  it('TSV and JSON Lines of user objects', async () => {
    const id = freshAudience(emu);
    const tsv = writeInput('u.tsv', 'handle\temail\n@one\tone@example.com\n');
    expect((await emu.run(['audiences', 'upload', id, '--file', tsv])).code).toBe(0);
    const jsonl = writeInput(
      'u.jsonl',
      [
        '{"email": "c1@example.com", "phone": ["+1 555 123 4567", "+1 555 000 1111"]}',
        '{"handle": "@someone", "unknown": "x"}',
        'not json',
        '[1,2]',
        '{"service_id": 12345}',
        '',
      ].join('\n'),
    );
    const rejects = `${jsonl}.rejects.csv`;
    const r = await emu.run(['audiences', 'upload', id, '--file', jsonl, '--rejects', rejects]);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ read: 5, invalid: 2, sent: 3, accepted: 3 });
    const users = JSON.parse(userPosts(emu, id).at(-1)!.body)[0].params.users;
    expect(users).toEqual([
      { email: [sha('c1@example.com')], phone_number: [sha('15551234567'), sha('15550001111')] },
      { handle: [sha('someone')] },
      { service_id: [sha('12345')] },
    ]);
    expect(values(received(emu, id, 'handle'))).toEqual([sha('one'), sha('someone')].sort());
    const lines = readFileSync(rejects, 'utf8').split('\n').slice(1, -1);
    expect(lines.map((l) => l.split(',')[0])).toEqual(['2', '3', '4']);
    expect(lines[0]).toContain('unknown identifier kind');
  });

  it('stdin, --operation delete, --effective-at and --expires-at in every operation', async () => {
    const id = freshAudience(emu);
    const y = futureYear();
    const r = await emu.run(
      [
        'audiences',
        'upload',
        id,
        '--type',
        'handle',
        '--operation',
        'delete',
        '--effective-at',
        `${y}-01-01T00:00:00+01:00`,
        '--expires-at',
        `${y + 1}-01-01`,
      ],
      { input: '@x_1\n@x_2\n' },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(userPosts(emu, id)[0]!.body)).toEqual([
      {
        operation_type: 'Delete',
        params: {
          users: [{ handle: [sha('x_1')] }, { handle: [sha('x_2')] }],
          effective_at: `${y - 1}-12-31T23:00:00Z`,
          expires_at: `${y + 1}-01-01T00:00:00Z`,
        },
      },
    ]);
    expect(values(received(emu, id, 'handle', 'Delete'))).toHaveLength(2);
  });

  it('--hashed: digests are checked and sent as they are', async () => {
    const id = freshAudience(emu);
    const d = sha('someone@example.com');
    const r = await emu.run(['audiences', 'upload', id, '--type', 'email', '--hashed'], { input: `${d.toUpperCase()}\n${d.slice(2)}\n` });
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ read: 2, invalid: 1, sent: 1 });
    expect(values(received(emu, id))).toEqual([d]);
  });

  it('--dry-run writes the operations as JSON lines and sends nothing', async () => {
    const before = emu.state.log.length;
    const file = writeInput('d.txt', 'x1@example.com\nx2@example.com\nx3@example.com\n');
    const r = await emu.run(['audiences', 'upload', EMU_AUDIENCE, '--file', file, '--type', 'email', '--batch-size', '2', '--dry-run']);
    expect(r.code).toBe(0);
    const ops = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(ops).toEqual([
      { operation_type: 'Update', params: { users: [{ email: [sha('x1@example.com')] }, { email: [sha('x2@example.com')] }] } },
      { operation_type: 'Update', params: { users: [{ email: [sha('x3@example.com')] }] } },
    ]);
    expect(r.stderr).toContain('dry run (nothing sent)');
    expect(emu.state.log.length).toBe(before);
  });
});

describe('audiences upload: hashing on a worker thread', () => {
  it('the hash thread (default with two cores) gives byte-identical operations, rejects and batches to one thread', async () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => (i % 997 === 0 ? `bad${i}` : i % 1999 === 0 ? '' : `Worker.${i}@Example.com`));
    const file = writeInput('w.txt', lines.join('\n'));
    const args = ['audiences', 'upload', EMU_AUDIENCE, '--file', file, '--type', 'email', '--batch-size', '700', '--dry-run'];
    const one = await emu.run(args, { env: { POSTCTL_HASH_THREAD: '0' } });
    const two = await emu.run(args, { env: { POSTCTL_HASH_THREAD: '1' } });
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
    expect(one.stdout.split('\n').length - 1).toBe(43);
  });
});

describe('audiences upload: checked before sending (exit 6, nothing sent)', () => {
  const file = () => writeInput('ok.txt', 'someone@example.com\n');
  const cases: Array<[string, () => string[], RegExp]> = [
    [
      'batch size above 2,500',
      () => ['--file', file(), '--type', 'email', '--batch-size', '2501'],
      /--batch-size: must be between 1 and 2500/,
    ],
    ['batch size 0', () => ['--file', file(), '--type', 'email', '--batch-size', '0'], /--batch-size: must be between 1 and 2500/],
    [
      'expiry before the effective time',
      () => [
        '--file',
        file(),
        '--type',
        'email',
        '--effective-at',
        `${futureYear()}-02-01T00:00:00Z`,
        '--expires-at',
        `${futureYear()}-01-01T00:00:00Z`,
      ],
      /--expires-at: must be later than --effective-at/,
    ],
    [
      'expiry in the past',
      () => ['--file', file(), '--type', 'email', '--expires-at', '2020-01-01T00:00:00Z'],
      /--expires-at: must be later than --effective-at, which defaults to now/,
    ],
    [
      'a time without a zone',
      () => ['--file', file(), '--type', 'email', '--effective-at', `${futureYear()}-01-01T10:00`],
      /--effective-at: needs a time zone/,
    ],
    ['not a time', () => ['--file', file(), '--type', 'email', '--expires-at', 'soon'], /--expires-at: must be an ISO 8601 UTC time/],
    [
      'unknown country',
      () => ['--file', file(), '--type', 'phone', '--default-country', 'XX'],
      /--default-country: must be an ISO 3166-1 alpha-2 country code/,
    ],
    [
      'CSV column that is not a kind',
      () => ['--file', writeInput('x.csv', 'email,first_name\na1@example.com,Ann\n')],
      /column first_name: unknown column/,
    ],
    [
      'file that is not UTF-8',
      () => [
        '--file',
        (() => {
          const p = writeInput('latin1.txt', '');
          writeFileSync(p, Buffer.from([0x6a, 0xe9, 0x40, 0x78, 0x2e, 0x66, 0x72, 0x0a]));
          return p;
        })(),
        '--type',
        'email',
      ],
      /line 1: not valid UTF-8/,
    ],
  ];
  it.each(cases)('%s', async (_name, args, message) => {
    const before = userPosts(emu).length;
    const r = await emu.run(['audiences', 'upload', EMU_AUDIENCE, ...args(), '-o', 'json']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(message);
    expect(userPosts(emu).length).toBe(before);
  });

  it('usage errors exit 2: plain lines without --type, --type with CSV, --resume on stdin', async () => {
    const before = userPosts(emu).length;
    const a = await emu.run(['audiences', 'upload', EMU_AUDIENCE, '--file', file()]);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('plain lines need --type');
    const b = await emu.run([
      'audiences',
      'upload',
      EMU_AUDIENCE,
      '--file',
      writeInput('y.csv', 'email\nq1@example.com\n'),
      '--type',
      'email',
    ]);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('--type applies to plain lines only');
    const c = await emu.run(['audiences', 'upload', EMU_AUDIENCE, '--type', 'email', '--resume'], { input: 'q2@example.com\n' });
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('--resume and --state need --file');
    expect(userPosts(emu).length).toBe(before);
  });
});

describe('audiences upload: nothing valid to send (exit 6, nothing sent)', () => {
  it.each([
    ['an empty file', 'empty.txt', ''],
    ['only blank lines', 'blank.txt', '\n  \n\r\n'],
    ['a CSV header without rows', 'header.csv', 'email,phone\n'],
  ])('%s: "holds no identifiers"', async (_name, name, text) => {
    const before = userPosts(emu).length;
    const file = writeInput(name, text);
    const r = await emu.run(['audiences', 'upload', EMU_AUDIENCE, '--file', file, ...(name.endsWith('.txt') ? ['--type', 'email'] : [])]);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/^error: .*holds no identifiers/m);
    expect(r.stderr).toContain(file);
    expect(r.stdout).toBe('');
    expect(existsSync(`${file}.postctl-state.json`)).toBe(false);
    expect(userPosts(emu).length).toBe(before);
  });

  it('every line rejected or malformed JSON: "no valid identifiers", each reject with its line, in --rejects too', async () => {
    const before = userPosts(emu).length;
    const file = writeInput('bad.jsonl', '{"email":["a@b"]}\n\n{"email": [\n{"handle":"not a handle!"}\n[1,2]\n');
    const rejects = `${file}.rejects.csv`;
    const r = await emu.run(['audiences', 'upload', EMU_AUDIENCE, '--file', file, '--rejects', rejects, '-o', 'json']);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/^error: no valid identifiers in .*bad\.jsonl: 4 lines rejected/m);
    expect(r.stderr).toMatch(/line 1, email: not a valid address/);
    expect(r.stderr).toMatch(/line 3: not valid JSON/);
    expect(r.stderr).toMatch(/line 4, handle: /);
    expect(r.stderr).toMatch(/line 5: not a JSON object/);
    expect(r.errorJson().error).toMatchObject({
      code: 'invalid_input',
      exit_code: 6,
      problems: [{ line: 1, field: 'email' }, { line: 3 }, { line: 4, field: 'handle' }, { line: 5 }],
    });
    expect(
      readFileSync(rejects, 'utf8')
        .split('\n')
        .slice(1, -1)
        .map((l) => l.split(',')[0]),
    ).toEqual(['1', '3', '4', '5']);
    expect(userPosts(emu).length).toBe(before);
  });

  it('a single rejected line is named in the message itself', async () => {
    const before = userPosts(emu).length;
    const r = await emu.run(['audiences', 'upload', EMU_AUDIENCE, '--file', writeInput('one.txt', '\nnot-an-email\n'), '--type', 'email']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^error: no valid identifiers in .*one\.txt: 1 line rejected \(line 2, email: not a valid address/m);
    expect(userPosts(emu).length).toBe(before);
  });

  it('some rejects among valid values are skipped and counted, and the rest is sent (exit 0)', async () => {
    const id = freshAudience(emu);
    const file = writeInput('mixed.jsonl', '{"email": [\n{"email":"ok1@example.com"}\n');
    const r = await emu.run(['audiences', 'upload', id, '--file', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ read: 2, invalid: 1, sent: 1, accepted: 1 });
    expect(r.stderr).toMatch(/line 1: not valid JSON/);
    expect(values(received(emu, id))).toEqual([sha('ok1@example.com')]);
  });
});

describe('audiences upload: API refusals', () => {
  it('an unknown audience stops at the first batch with exit 4', async () => {
    const before = userPosts(emu).length;
    const r = await emu.run(['audiences', 'upload', 'nosuch', '--type', 'email', '--batch-size', '1'], {
      input: 'p1@example.com\np2@example.com\np3@example.com\n',
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('Audience nosuch not found');
    expect(userPosts(emu).length - before).toBeLessThanOrEqual(3);
  });

  it('an audience shared read-only cannot take users: exit 3', async () => {
    const r = await emu.run(['audiences', 'upload', EMU_SHARED_AUDIENCE, '--type', 'email'], { input: 'p1@example.com\n' });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/may only read audience/);
  });
});
