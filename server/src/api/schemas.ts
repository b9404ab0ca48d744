// Request bodies of the /api endpoints.
import { z } from 'zod';

export const deleteAccountBodySchema = z.object({
  current_password: z
    .string({ error: 'current_password is required' })
    .min(1, 'current_password is required')
    .max(1024),
});
