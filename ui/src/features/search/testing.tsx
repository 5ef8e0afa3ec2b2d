// Test helpers of the search feature: providers and a fetch that answers like the server.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { I18nProvider } from "../../lib/i18n";

export function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider lang="ko">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nProvider>
  );
  return render(ui, { wrapper });
}

/** A fetch answering `{code: "0", data}` with what `answer` makes of the requested URL. */
export function mockApi(answer: (url: URL) => unknown) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    return new Response(JSON.stringify({ code: "0", message: "success", data: answer(url) }), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** The URLs of the calls made to one API path. */
export function callsTo(fetch: ReturnType<typeof mockApi>, path: string): URL[] {
  return fetch.mock.calls.map(([input]) => new URL(String(input), "http://localhost")).filter((url) => url.pathname === path);
}
