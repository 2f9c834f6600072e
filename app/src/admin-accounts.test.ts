import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { HeroClient, startLifeQuest } from './testing/index.ts';

it('creates the configured admin accounts with ADMIN_PASSWORD and writes no password file', async () => {
  const app = await startLifeQuest({
    ADMIN_EMAILS: 'Boss@Example.com',
    ADMIN_PASSWORD: 'correct horse admin',
  });
  try {
    const admin = new HeroClient(app.url);
    const login = await admin.post('/api/auth/login', {
      email: 'boss@example.com',
      password: 'correct horse admin',
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ isAdmin: true, email: 'boss@example.com' });
    expect(existsSync(join(app.dataDir, 'admin-password.txt'))).toBe(false);
  } finally {
    await app.close();
  }
});

it('writes a generated password once, readable by its owner only, and keeps it across restarts', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lq-admin-'));
  const first = await startLifeQuest({ LIFEQUEST_DATA_DIR: dataDir });
  await first.close();
  const file = join(dataDir, 'admin-password.txt');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const written = readFileSync(file, 'utf8');
  const second = await startLifeQuest({ LIFEQUEST_DATA_DIR: dataDir });
  try {
    expect(readFileSync(file, 'utf8')).toBe(written);
    const [email, password] = written.trim().split(' ');
    expect((await new HeroClient(second.url).post('/api/auth/login', { email, password })).status).toBe(200);
  } finally {
    await second.close();
  }
});
