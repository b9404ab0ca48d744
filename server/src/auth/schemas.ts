// Request bodies of the auth endpoints. Unknown fields are ignored, as GoTrue ignores them.
import { z } from 'zod';
import { USER_METADATA_MAX_BYTES } from '#core/user-metadata';
import { checkJsonValue } from '../http/json-value';

/**
 * Stored as jsonb and signed into every token: the shared JSON-value rules, checked before anything
 * serializes it, with the cap the browser checks too (core/user-metadata.ts).
 */
export const USER_METADATA_BOUNDS = { maxDepth: 16, maxBytes: USER_METADATA_MAX_BYTES };

const metadataSchema = z.record(z.string(), z.unknown()).superRefine((data, ctx) => {
  const problem = checkJsonValue(data, USER_METADATA_BOUNDS);
  if (problem) {
    const message = problem.issue.startsWith('must be at most')
      ? `User metadata must be at most ${USER_METADATA_MAX_BYTES} bytes`
      : `${problem.path || 'value'} ${problem.issue}`;
    ctx.addIssue({ code: 'custom', message });
  }
});

const optionalString = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);

export const signupBodySchema = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  data: metadataSchema.nullish(),
});

export const passwordGrantBodySchema = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
});

export const refreshGrantBodySchema = z.object({
  refresh_token: z.string().min(1).max(200),
});

export const updateUserBodySchema = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  current_password: optionalString,
  nonce: optionalString,
  data: metadataSchema.nullish(),
});

export const logoutQuerySchema = z.object({
  scope: z.enum(['global', 'local', 'others']).default('global'),
});

export const emailSchema = z.email().max(320);
