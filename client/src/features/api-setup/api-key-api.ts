// The provider key endpoints (docs/api.md): whether a key is available, and the user's own key, which is
// sent once to the server, stored there encrypted, and never returned (only its last 4 characters).
import { z } from 'zod';
import { authorizedFetch } from '../../lib/authorized-fetch';

const keyStatusSchema = z.object({
  available: z.boolean(),
  source: z.enum(['server', 'user']).nullable(),
  last4: z.string().nullable().catch(null),
});
export type KeyStatus = z.infer<typeof keyStatusSchema>;

async function readKeyStatus(response: Response, what: string): Promise<KeyStatus> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}`);
  return keyStatusSchema.parse(await response.json());
}

/** GET /api/openrouter-key, with the user's token when signed in (so their own key shows). */
export async function fetchKeyStatus(): Promise<KeyStatus> {
  return readKeyStatus(await authorizedFetch('/api/openrouter-key', { cache: 'no-store' }), 'GET /api/openrouter-key');
}

/** PUT /api/ai/key: stores the signed-in user's key on the server. */
export async function saveApiKey(apiKey: string): Promise<KeyStatus> {
  const response = await authorizedFetch('/api/ai/key', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ apiKey }),
  });
  return readKeyStatus(response, 'PUT /api/ai/key');
}

/** DELETE /api/ai/key: forgets the signed-in user's key. */
export async function removeApiKey(): Promise<void> {
  const response = await authorizedFetch('/api/ai/key', { method: 'DELETE' });
  if (!response.ok) throw new Error(`DELETE /api/ai/key answered ${response.status}`);
}
