// A render worker whose render costs nothing, for bench/pages.sh's
// "no render cost" scenario: it speaks the real worker's protocol
// (web/ssr/frames.mjs) and parses every page's data as the real one does,
// but renders only the first page it gets and answers every later one with
// that page's HTML. The pages it serves are wrong; their throughput is what
// the rest of a server-rendered page costs (the Go side, the socket, the
// parse): the most any faster renderer could give on this machine.
import { startWorker } from "../web/ssr/frames.mjs";

await startWorker((render) => {
  let first;
  return (data) => (first ??= render(data));
});
