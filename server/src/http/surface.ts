// How a surface joins the app, the one way: app.ts calls registerSurface with the surface's prefix, its
// error mapper (one per protocol shape, errors/), the default auth requirement of its routes, and its
// routes. The kernel gives the scope the authentication hook and the error mapper; a surface never sets
// either itself, and never mounts another surface.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addAuthenticationHook, type AuthRequirement } from './authentication';
import type { AppContext } from './context';

/** Replies to any error thrown while serving a surface: its own, the kernel's, Fastify's, unexpected ones. */
export type ErrorMapper = (error: unknown, request: FastifyRequest, reply: FastifyReply) => FastifyReply | void;

export type SurfaceRoutes = (scope: FastifyInstance, ctx: AppContext) => Promise<void> | void;

export interface Surface {
  prefix: string;
  errors: ErrorMapper;
  /** For routes that do not set `config.auth` themselves, and for the surface's not-found answers. */
  auth: AuthRequirement;
  routes: SurfaceRoutes;
}

export async function registerSurface(app: FastifyInstance, ctx: AppContext, surface: Surface): Promise<void> {
  await app.register(
    async (scope) => {
      scope.setErrorHandler((error, request, reply) => surface.errors(error, request, reply));
      addAuthenticationHook(scope, ctx, surface.auth);
      await surface.routes(scope, ctx);
    },
    { prefix: surface.prefix },
  );
}
