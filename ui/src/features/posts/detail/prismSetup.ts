// Prism runs only when asked (no highlighting of the whole page on load, which would write
// markup into the document through innerHTML), and in the page itself, never in a worker.
(globalThis as { Prism?: unknown }).Prism = { manual: true, disableWorkerMessageHandler: true };
export {};
