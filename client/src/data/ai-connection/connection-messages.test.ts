// The connection test's failure detail (spec section 8).
import { describe, expect, it } from 'vitest';
import { connectionFailureDetail, keySourceLabel, mentionsInvalidKey } from './connection-messages';

describe('connectionFailureDetail', () => {
  it('says the key looks invalid when the failure mentions an invalid key', () => {
    const invalid = 'Your OpenRouter API key appears to be invalid.';
    expect(
      connectionFailureDetail('OpenRouter', {
        code: 'invalid_api_key',
        message: 'Connection test failed: 401 {"error":"User not found."}',
      }),
    ).toBe(invalid);
    expect(
      connectionFailureDetail('OpenRouter', { message: 'Invalid API key. Please check your OpenRouter API key.' }),
    ).toBe(invalid);
    expect(connectionFailureDetail('OpenRouter', { status: 401 })).toBe(invalid);
    expect(connectionFailureDetail('OpenRouter', { status: 401, source: 'server' })).toBe(
      "The server's OpenRouter API key appears to be invalid.",
    );
  });

  it('promises the fallback only when the server says it answers this failure', () => {
    expect(
      connectionFailureDetail('OpenRouter', {
        code: 'timeout',
        message: 'Connection test failed: the OpenRouter API did not respond in time.',
        fallback: true,
      }),
    ).toBe('Failed to connect to OpenRouter API. Local AI will be used as fallback.');
    expect(
      connectionFailureDetail('Ollama', { message: 'Connection test failed: 400 bad model', fallback: false }),
    ).toBe('Failed to connect to Ollama API.');
    expect(mentionsInvalidKey({ message: 'Connection test failed: 4010 nope' })).toBe(false);
  });

  it('labels key sources', () => {
    expect(keySourceLabel('server')).toBe('Server key');
    expect(keySourceLabel('user')).toBe('Your API key');
    expect(keySourceLabel(null)).toBe('None');
  });
});
