// The table support (./tables.ts) as its own chunk, loaded once: before the editor starts on
// a body that has a table, or when a writer first inserts or pastes one. The toolbar's table
// button starts the download as the pointer or the focus reaches it.
export type Tables = typeof import("./tables");

let loading: Promise<Tables> | null = null;

export function loadTables(): Promise<Tables> {
  loading ??= import("./tables").catch((error: unknown) => {
    // A failed download is tried again on the next request.
    loading = null;
    throw error;
  });
  return loading;
}

/** Whether HTML (a stored body or a paste) holds a table. */
export function hasTable(html: string): boolean {
  return /<table[\s>]/i.test(html);
}

/** Whether a copy from a Lexical editor (its clipboard JSON) holds a table node. */
export function hasTableNode(json: string): boolean {
  return /"type"\s*:\s*"table"/.test(json);
}
