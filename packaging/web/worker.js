// The app's Web Worker: the same program as the page, running the tasks
// the page sends (the computer's move, Hint, the review) so that the
// page never waits. Messages: [name, json] in; ["progress", done, all],
// ["done", json] or ["error", text] out.
import init, { run_task } from "./scribe_web.js";

const ready = init({ module_or_path: "./scribe_web_bg.wasm" });

self.onmessage = async (event) => {
  const [name, payload] = event.data;
  try {
    await ready;
    const out = run_task(name, payload, (done, all) => self.postMessage(["progress", done, all]));
    self.postMessage(["done", out]);
  } catch (err) {
    self.postMessage(["error", String(err)]);
  }
};
