// Runs the fake AI provider as its own process (for Playwright's webServer list):
// `tsx test/kit/fake-ai-provider-main.ts` on FAKE_AI_PORT (default 4311), ready when GET /__health answers.
import { startFakeAiProvider } from './fake-ai-provider';

const port = Number(process.env.FAKE_AI_PORT ?? 4311);
const host = process.env.FAKE_AI_HOST ?? '127.0.0.1';

const fake = await startFakeAiProvider({ port, host });
console.info(
  `fake AI provider listening on ${fake.url} (control: ${fake.origin}/__script, /__requests, /__forget, /__reset, /__release)`,
);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
