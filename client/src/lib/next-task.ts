// A way to hand the main thread back between parts of a long piece of start-up work (issue 10).

/**
 * Resolves after the tasks already queued have run: a message to the page itself, which, unlike a
 * nested setTimeout, is never clamped to 4 ms.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
