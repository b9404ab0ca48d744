// POST /share: the installed app's share target (the manifest's share_target). The service worker
// answers it on the device (client/public/sw-share.js), so shared files reach the importer even offline;
// this route is for a share that arrives while no worker controls the page (site data just cleared, the
// worker not yet installed). Shared text goes on to quick capture as the worker would send it; shared
// files cannot be handed to the page from here, so the importer is opened saying so.
import type { FastifyInstance } from 'fastify';

/** A share is a few files of notes; a larger body is refused before it is read. */
export const SHARE_BODY_LIMIT = 32 * 1024 * 1024;

const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];

/** Where a share goes: quick capture with its text, or the importer when files were shared. */
export function shareRedirect(form: FormData): string {
  const files = form.getAll('files').filter((value) => typeof value !== 'string' && value.size > 0);
  if (files.length > 0) return '/settings?tab=sync&shared=unavailable#your-data';
  const params = new URLSearchParams();
  for (const key of ['title', 'text', 'url']) {
    const value = form.get(key);
    if (typeof value === 'string' && value.trim()) params.set(key, value);
  }
  return params.size > 0 ? `/capture?${params}` : '/capture';
}

export async function registerShareTarget(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    for (const type of FORM_TYPES)
      scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: SHARE_BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
    scope.post('/share', async (request, reply) => {
      const contentType = request.headers['content-type'] ?? '';
      if (!Buffer.isBuffer(request.body) || !FORM_TYPES.some((type) => contentType.startsWith(type)))
        return reply
          .code(415)
          .send({ error: 'unsupported_media_type', message: 'Share a form (multipart/form-data).' });
      let form: FormData;
      try {
        // The platform's own form parser (undici's), the one the service worker uses too.
        form = await new Request('http://sprout.invalid/share', {
          method: 'POST',
          headers: { 'content-type': contentType },
          body: new Uint8Array(request.body),
        }).formData();
      } catch {
        return reply.code(400).send({ error: 'bad_request', message: 'The shared form could not be read.' });
      }
      return reply.header('Cache-Control', 'no-store').redirect(shareRedirect(form), 303);
    });
  });
}
