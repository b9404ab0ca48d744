// The AI endpoints' request bodies. They are a contract with the browser, which builds its bodies from
// the same declarations, so they live in core (core/ai-requests-schema.ts, bounds in core/ai-requests.ts).
export {
  actionItemsBodySchema,
  askBodySchema,
  chatBodySchema,
  conversationBodySchema,
  expandBodySchema,
  putKeyBodySchema,
} from '#core/ai-requests-schema';
