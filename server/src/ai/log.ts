// What the AI surface's work writes to the request's log: warnings and errors with their details. A type
// of its own, so the work below the routes knows no Fastify type; the request's logger (pino) is one.
export interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
