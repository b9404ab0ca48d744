import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { describeAi, describeDatabase, formatBanner, summarizeStart } from './banner';

describe('the start banner', () => {
  it('says where Sprout runs, on which database, and whether the assistant has a key', () => {
    const config = loadConfig({ PORT: '3000', HOST: '127.0.0.1', DATA_DIR: '/srv/sprout' });
    const banner = formatBanner(summarizeStart(config, 412.4, '1.4.0 (3f2a9c1b7d4e)'), false);
    expect(banner).toContain('Sprout 1.4.0 (3f2a9c1b7d4e) is running at http://127.0.0.1:3000');
    expect(banner).toContain('Database  embedded PostgreSQL (PGlite) in /srv/sprout');
    expect(banner).toContain(
      'AI        OpenRouter at https://openrouter.ai/api/v1, no server key: each user can add their own',
    );
    expect(banner).toContain('Started in 412 ms. Press Ctrl+C to stop.');
    expect(banner).not.toContain('\u001b[');
  });

  it('colours only when asked', () => {
    const config = loadConfig({});
    expect(formatBanner(summarizeStart(config, 1, '1.4.0'), true)).toContain('\u001b[32m');
  });

  it('names a PostgreSQL server without its password', () => {
    const text = describeDatabase({
      databaseUrl: 'postgres://sprout:s3cret@db.internal:5433/notes',
      dataDir: '/unused',
    });
    expect(text).toBe('PostgreSQL at db.internal:5433, database notes');
    expect(text).not.toContain('s3cret');
  });

  it('says when the server has its own provider key, never the key', () => {
    const config = loadConfig({
      OPENROUTER_API_KEY: 'sk-or-secret-1234',
      AI_PROVIDER_NAME: 'Ollama',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
    });
    const text = describeAi(config.ai);
    expect(text).toBe("Ollama at http://127.0.0.1:11434/v1, with the server's key");
    expect(text).not.toContain('secret');
  });
});
