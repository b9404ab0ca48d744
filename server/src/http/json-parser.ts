// JSON bodies: an empty body counts as no body (auth-js posts `/logout` with a JSON content type and
// nothing in it); everything else goes through Fastify's prototype-poisoning-safe parser, then the one
// JSON-value check (json-value.ts): no NUL, no lone surrogate, bounded depth, for every surface.
import type { FastifyInstance } from 'fastify';
import { BODY_BOUNDS, checkJsonValue, JsonValueError } from './json-value';

export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    parse(request, typeof body === 'string' ? body : body.toString('utf8'), (error, value) => {
      if (error) return done(error);
      const problem = checkJsonValue(value, BODY_BOUNDS);
      return problem ? done(new JsonValueError(problem)) : done(null, value);
    });
  });
}
