/**
 * nextTask resolves in a new task of the browser's event loop, so that
 * what follows the await runs after the browser has had the chance to
 * handle input and paint. (A message to a channel of our own: unlike
 * setTimeout it is not held back by the 4 ms minimum of nested timers.)
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
