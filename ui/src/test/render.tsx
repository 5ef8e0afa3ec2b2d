// What the UI's component tests share: the app's providers around a component (language,
// query client, router, session) and one fetch that answers like the server from a table of
// calls, failing the test on any call the table does not name.
import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import type { ComponentType, ReactNode } from "react";
import { vi } from "vitest";
import { Router } from "wouter";
import { navigate as browserNavigate } from "wouter/use-browser-location";
import { memoryLocation } from "wouter/memory-location";
import { matchRoute, type DataLayerUser, type Lang, type RouteMatch } from "../lib/core";
import { I18nProvider } from "../lib/i18n";
import type { Card } from "../lib/posts";
import { makeQueryClient } from "../lib/queries";
import { SessionContext, SessionProvider, type Member, type Session } from "../lib/session";

// --- the server -------------------------------------------------------------------------

/** An answer with its own status and body, as the server would send it. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** The API's success envelope around `data`. */
export function ok(data: unknown): Reply {
  return new Reply(200, { code: "0", message: "success", data });
}

/** The API's refusal: an HTTP status with the SPEC §8 code and message. */
export function refused(status: number, code: string, message = "refused"): Reply {
  return new Reply(status, { code, message, data: null });
}

/** A call the page made, as the mock saw it. */
export interface Call {
  method: string;
  /** The address as the page asked for it (path and query). */
  address: string;
  url: URL;
  /** The body, parsed when it is JSON; undefined without one. */
  body: unknown;
  init: RequestInit;
  signal: AbortSignal | undefined;
}

/** What a route answers: plain data (the success envelope around it), a Reply or a Response;
 * or a function of the call that gives one (or a promise of one). */
export type Answer = object | string | number | boolean | null;
export type Handler = (call: Call) => Answer | Promise<Answer>;

/** `"GET /api/v1/posts/latest"` answers that path whatever its query; a key with a query
 * (`"GET /api/v1/posts/latest?size=20"`) answers that address only. */
export type Routes = Record<string, Answer | Handler>;

export interface FetchMock {
  /** Every call made, in order. */
  calls: Call[];
  /** The calls made to one path (any method, any query). */
  callsTo: (path: string) => Call[];
  /** `METHOD address` of every call: what a test compares. */
  log: () => string[];
}

let unexpected: string[] = [];
let installed: FetchMock | null = null;

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  const reply = answer instanceof Reply ? answer : ok(answer);
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
}

/** Replaces `fetch` with one that answers from `routes`. A call no route names fails the test
 * (after it, with the calls listed) and the page sees a network error. */
export function mockFetch(routes: Routes = {}): FetchMock {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const address = String(input);
    const url = new URL(address, "http://localhost");
    const method = init.method ?? "GET";
    const call: Call = {
      method,
      address,
      url,
      body: typeof init.body === "string" ? parsed(init.body) : undefined,
      init,
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (route === undefined) {
      unexpected.push(`${method} ${address}`);
      throw new TypeError(`unexpected call: ${method} ${address}`);
    }
    return toResponse(typeof route === "function" ? await (route as Handler)(call) : route);
  });
  vi.stubGlobal("fetch", fetch);
  installed = {
    calls,
    callsTo: (path) => calls.filter((call) => call.url.pathname === path),
    log: () => calls.map((call) => `${call.method} ${call.address}`),
  };
  return installed;
}

/** Run after each test (test-setup.ts): fails it when a call reached no route. */
export function checkFetchMock(): void {
  const missed = unexpected;
  unexpected = [];
  installed = null;
  if (missed.length > 0) throw new Error(`calls no route answers:\n  ${missed.join("\n  ")}`);
}

/** A promise the test resolves when it wants the server to answer. */
export function deferred(): { promise: Promise<Answer>; release: (answer: Answer) => void } {
  let release!: (answer: Answer) => void;
  const promise = new Promise<Answer>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

// --- data ---------------------------------------------------------------------------------

/** A post card as the lists answer it: a verified business's post, with `changes`. */
export function card(changes: Partial<Card> = {}): Card {
  return {
    postSeq: 71,
    title: "디지털 마케팅 전략",
    summary: "요약",
    categoryId: 1,
    coverUrl: null,
    coverThumbnailUrl: null,
    business: { id: 3, name: "가온커머스", logoUrl: null, verified: true },
    tags: [],
    isReport: false,
    seriesOrder: null,
    publishedAt: "2026-11-22T15:30:00Z",
    viewCount: 10,
    bookmarkCount: 2,
    ...changes,
  };
}

/** An IntersectionObserver that never reports (jsdom has none): lists and cards set up
 * their observers, and nothing scrolls into view. */
export function inertIntersectionObserver(): void {
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
}

/** A reader's profile as `GET /oauth/v1/token/profile` answers it, with `changes`. */
export function member(changes: Partial<Member> = {}): Member {
  return {
    memberId: 5,
    email: "reader@tidemark.test",
    nickname: "reader",
    userAuthName: "USER",
    businessId: null,
    channel: "EMAIL",
    identityId: "id-5",
    certified: true,
    birthday: "1990-01-01",
    gender: "F",
    interests: [],
    marketingOptIn: false,
    twoStep: false,
    ...changes,
  };
}

// --- the session ------------------------------------------------------------------------

/** A session that has decided (or not yet): no call is made. */
export function sessionOf(state: "starting" | "guest" | "member", user: DataLayerUser | null = null): Session {
  return {
    ready: state !== "starting",
    member: null,
    signedIn: state === "member",
    user,
    signIn: async () => undefined,
    finishSignIn: async () => undefined,
    signInWithPasskey: async () => undefined,
    signOut: async () => undefined,
    refresh: () => undefined,
    reload: async () => undefined,
  };
}

/** The session start's calls (SPEC §4) for the app's own session: a member when `profile` is
 * given (with the `tml` cookie set by the test), else a guest who gets a guest id. */
export function sessionRoutes(profile: Member | null = null): Routes {
  return {
    "POST /oauth/v1/token/check": {},
    "GET /oauth/v1/token/profile": profile ?? refused(401, "1003", "no session"),
    "POST /oauth/v1/guest/token": { sessionId: "guest" },
  };
}

// --- rendering --------------------------------------------------------------------------

export interface AppOptions {
  /** The address the page is at (path and query), in a memory location; without one the
   * component runs at the browser's own address (jsdom's), which navigation changes. */
  route?: string;
  /** The server's answers; without them (and without an earlier mockFetch) no call may be made. */
  fetch?: Routes;
  /** "ko" unless given. */
  lang?: Lang;
  /** A fixed session (sessionOf), or "live" for the app's own SessionProvider (its calls
   * come from `fetch`). A started guest's unless given. */
  session?: Session | "live";
}

export interface AppRender extends RenderResult {
  /** The app's query client (answers stay fresh for 90 s), without retries. */
  client: QueryClient;
  /** The server the page talks to. */
  fetch: FetchMock;
  /** The addresses the memory location went through (with `route` only). */
  history: string[];
}

/** Renders `ui` inside the app's providers. */
export function renderWithApp(ui: ReactNode, options: AppOptions = {}): AppRender {
  const fetch = options.fetch !== undefined || installed === null ? mockFetch(options.fetch) : installed;
  const location = options.route === undefined ? null : memoryLocation({ path: options.route, record: true });
  const client = makeQueryClient(location ? location.navigate : browserNavigate);
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
    mutations: { retry: false },
  });
  const session = options.session ?? sessionOf("guest");
  const Wrapper = ({ children }: { children: ReactNode }) => {
    const routed = location ? (
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    ) : (
      children
    );
    return (
      <I18nProvider lang={options.lang ?? "ko"}>
        <QueryClientProvider client={client}>
          {session === "live" ? <SessionProvider>{routed}</SessionProvider> : <SessionContext.Provider value={session}>{routed}</SessionContext.Provider>}
        </QueryClientProvider>
      </I18nProvider>
    );
  };
  const result = render(ui, { wrapper: Wrapper });
  return { ...result, client, fetch, history: location?.history ?? [] };
}

/** The core's route of an address, as the app hands it to the page. */
export function routeAt(address: string): RouteMatch {
  const route = matchRoute(address.split(/[?#]/)[0]);
  if (!route) throw new Error(`no route at ${address}`);
  return route;
}

/** Renders a page at an address, with the core's route of it. */
export function renderPage(Page: ComponentType<{ route: RouteMatch }>, address: string, options: Omit<AppOptions, "route"> = {}): AppRender & { route: RouteMatch } {
  const route = routeAt(address);
  return { ...renderWithApp(<Page route={route} />, { ...options, route: address }), route };
}
