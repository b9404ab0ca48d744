// Why an assistant turn failed: the `code` of the server's `error` event (docs/api.md). The server picks
// one, the browser chooses what to offer from it; one list keeps the two sides from drifting apart.
export type TurnErrorCode =
  | 'invalid_key'
  | 'rate_limited'
  | 'provider_error'
  | 'invalid_response'
  | 'empty'
  | 'timeout'
  | 'connection'
  | 'interrupted'
  | 'no_plan'
  | 'unexpected';
