// What the AI surface reports about its work, for the metrics (app.ts hands it metrics/registry.ts's
// `ai`): how each turn ended, and each provider call's time to its first text and to its end. Both are
// decorators, so the turn's own code (turn.ts) stays unaware of being measured.
import type { AiProvider, CompleteRequest, StreamRequest } from './provider';
import { ProviderError } from './provider';
import type { TurnOutput } from './turn';

export type TurnKind = 'expand' | 'conversation' | 'chat' | 'ask' | 'action-items';

export interface AiObserver {
  /** `outcome`: done, fallback, aborted (the browser left), or the error event's code. */
  turnEnded(kind: TurnKind, outcome: string): void;
  /** `outcome`: ok, error or aborted; seconds from the call to its first text (streams only) and to its end. */
  providerCall(call: 'stream' | 'complete', outcome: string, seconds: { firstByte?: number; total: number }): void;
}

export const UNOBSERVED: AiObserver = { turnEnded: () => undefined, providerCall: () => undefined };

/** The turn's output, reporting how it ended once it ends. */
export function observedOutput(output: TurnOutput, kind: TurnKind, observer: AiObserver): TurnOutput {
  let outcome: string | null = null;
  let counted = false;
  return {
    get signal() {
      return output.signal;
    },
    get open() {
      return output.open;
    },
    send(event, data, headers) {
      if (output.open && outcome === null) {
        if (event === 'done') outcome = (data as { usingFallback: boolean }).usingFallback ? 'fallback' : 'done';
        else if (event === 'error') outcome = (data as { code: string }).code;
      }
      output.send(event, data, headers);
    },
    end() {
      // end() may come twice (turn.ts ends on success and again in runTurn's finally): counted once.
      if (!counted) observer.turnEnded(kind, outcome ?? 'aborted');
      counted = true;
      output.end();
    },
  };
}

/** The provider, timing each call. */
export function observedProvider(provider: AiProvider, observer: AiObserver): AiProvider {
  const outcomeOf = (error: unknown) =>
    error instanceof ProviderError && error.kind === 'aborted' ? 'aborted' : 'error';
  return {
    ...provider,
    async streamChat(request: StreamRequest) {
      const started = performance.now();
      let firstByte: number | undefined;
      const onDelta = (text: string) => {
        firstByte ??= (performance.now() - started) / 1000;
        request.onDelta(text);
      };
      try {
        const text = await provider.streamChat({ ...request, onDelta });
        observer.providerCall('stream', 'ok', { firstByte, total: (performance.now() - started) / 1000 });
        return text;
      } catch (error) {
        observer.providerCall('stream', outcomeOf(error), { firstByte, total: (performance.now() - started) / 1000 });
        throw error;
      }
    },
    async complete(request: CompleteRequest) {
      const started = performance.now();
      try {
        const text = await provider.complete(request);
        observer.providerCall('complete', 'ok', { total: (performance.now() - started) / 1000 });
        return text;
      } catch (error) {
        observer.providerCall('complete', outcomeOf(error), { total: (performance.now() - started) / 1000 });
        throw error;
      }
    },
  };
}
