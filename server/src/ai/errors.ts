// The AI surface's own refusals, in the kernel's JSON shape `{ error, message }` (http/errors/json-errors.ts).
import { ApiError, apiErrors } from '../http/errors/json-errors';

export const aiErrors = {
  /** Neither the server nor the caller has a provider key: the browser sends the user to /api-setup. */
  apiKeyRequired: apiErrors.apiKeyRequired,
  /** The server's key is used for every request while it is set: a user's own key would never be. */
  serverKeyInUse: (providerName: string) =>
    new ApiError(
      409,
      'server_key_in_use',
      `This server provides the ${providerName} API key; your own key is not needed.`,
    ),
  /** The note is the caller's and kept out of the assistant (issue 34): nothing of it goes to the AI. */
  noteKeptOut: () =>
    new ApiError(
      409,
      'note_kept_out',
      'This note is kept out of the assistant, so nothing of it is sent to the AI. Let it back in from the note’s More menu first.',
    ),
};
