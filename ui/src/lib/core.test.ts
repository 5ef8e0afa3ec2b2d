// The built core (pkg/) loaded the way the app loads it: through vite-plugin-wasm and the facade.
import { describe, expect, it } from "vitest";
import * as core from "./core";

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("faults are real Errors with a code", () => {
  it("throws Error instances carrying code", () => {
    const error = thrown(() => core.formatDate("yesterday"));
    expect(error).toBeInstanceOf(Error);
    expect(core.isCoreError(error)).toBe(true);
    expect((error as core.CoreError).code).toBe("invalid_date");
  });

  it("refuses a pattern letter that is no token and an offset no zone uses", () => {
    for (const pattern of ["YYYY-MM-DD", "yyyy-MM-D", "'open"]) {
      expect((thrown(() => core.formatDate(0, pattern, 0)) as core.CoreError).code).toBe("invalid_pattern");
    }
    for (const offset of [99_999, 841, -721, 540.5]) {
      expect((thrown(() => core.formatDate(0, "yyyy", offset)) as core.CoreError).code).toBe("invalid_offset");
      expect((thrown(() => core.endOfDayMs(0, offset)) as core.CoreError).code).toBe("invalid_offset");
    }
    expect(core.formatDate("2026-03-05T19:04:00Z", "yyyy년 M월 d일 a h:mm", 540, "ko")).toBe("2026년 3월 6일 오전 4:04");
  });

  it("names the field of a bad options object", () => {
    const error = thrown(() => core.filterInput("x", { digits: true } as unknown as core.FilterOptions));
    expect((error as core.CoreError).code).toBe("invalid_argument");
    expect((error as Error).message).toContain("digits");
    expect((thrown(() => core.filterInput("x", { special: "ab" })) as Error).message).toContain("special");
  });

  it("reports 'query string error' for a callback without type", () => {
    const error = thrown(() => core.parseOAuthCallback("/member/auth/callbackOauth?code=1"));
    expect((error as Error).message).toBe("query string error");
  });
});

describe("isEmpty", () => {
  it("treats absent, blank and hollow values as empty", () => {
    for (const value of [null, undefined, "", "  \n", {}, []]) expect(core.isEmpty(value)).toBe(true);
  });
  it("treats numbers, booleans and filled values as values", () => {
    for (const value of [0, false, true, "0", { a: 1 }, [0], new Date(0), () => 1]) expect(core.isEmpty(value)).toBe(false);
  });
});

describe("rules reach JavaScript intact", () => {
  it("strips scripts and filters input", () => {
    expect(core.stripScripts("a<scr<script>ipt>alert(1)</script>b")).toBe("a<scrb");
    expect(core.filterInput("Tide마크 2026!", { korean: true, numbers: true })).toBe("마크2026");
    expect(core.filterEmail("kim @mail.com;")).toBe("kim@mail.com");
    expect(core.filterPhone("010-1234 5678")).toBe("010-12345678");
    expect(core.inputModeFor({ numbers: true })).toBe("numeric");
  });

  it("formats dates, numbers and counts", () => {
    expect(core.formatDate("2026-03-05T07:04:09+09:00", "yyyy.MM.dd HH:mm", 540)).toBe("2026.03.05 07:04");
    expect(core.formatDate(new Date(Date.UTC(2026, 0, 2, 12)), undefined, 0)).toBe("2026-01-02");
    expect(core.formatNumber(1234567.891)).toBe("1,234,567.891");
    expect(core.abbreviateCount(999_950)).toBe("1m");
    expect(core.abbreviateCount(1234)).toBe("1.2k");
  });

  it("decides routes", () => {
    expect(core.sortRedirect("/post/latest/list", "?page=2")).toBe("/post/latest/list?page=2&sort=POPULAR");
    expect(core.sortRedirect("/post/latest/list", "?sort=LATEST")).toBeUndefined();
    expect(core.normalizeSort("la")).toBe("LATEST");
    expect(core.resolveRoute("/no/such/page", "en")).toEqual({ kind: "notFound", message: "Page Not Found: /no/such/page" });
    const page = core.resolveRoute("/post/42", "en");
    expect(page.kind === "page" && page.route.name).toBe("postDetail");
    expect(core.routeGuard("/mypage", { signedIn: false })).toEqual({
      kind: "redirect",
      location: "/member/login?redirectUrl=%2Fmypage",
      clearTokens: true,
    });
    expect(core.postLoginTarget("//evil.example")).toBe("/");
    expect(core.scrollTarget("#top")).toEqual({ kind: "anchor", id: "top" });
  });

  it("builds error screens and the catalogue", () => {
    expect(core.errorScreen(404, "x", "y", "en")).toEqual({
      status: 404,
      message: "page not found",
      description: null,
      retry: null,
      home: { label: "go to home", to: "/" },
    });
    expect(core.errorScreen(500, "Boom", "Later", "en").retry?.label).toBe("try again");
    expect(core.errorCatalogue(2007)?.httpStatus).toBe(409);
    expect(core.errorCatalogue("F0000")?.meaning).toBe("user cancelled identity verification");
  });

  it("detects devices", () => {
    const ipad = core.detectDevice(
      "Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
    );
    expect(ipad).toMatchObject({ deviceType: "TABLET", deviceOs: "IOS" });
    expect(core.detectDevice("TidemarkApp/1.2 (Android 14)").deviceType).toBe("APP");
  });

  it("says when the token check is due, with time passed in", () => {
    expect(core.tokenCheckDue(undefined, 1_000)).toBe(true);
    expect(core.tokenCheckDue(1_000, 1_000 + 599_999)).toBe(false);
    expect(core.tokenCheckDue(1_000, 1_000 + 600_000)).toBe(true);
    expect(core.tokenCheckDue(5_000, 4_000)).toBe(true);
  });

  it("decides cookies, headers and beacons", () => {
    const visit = core.visitDecision("guest", false, Date.UTC(2026, 10, 22, 1), 540, false);
    expect(visit.record).toBe(true);
    expect(visit.cookie?.name).toBe("agid");
    expect(visit.cookie?.header).toContain("Expires=Sun, 22 Nov 2026 14:59:59 GMT");
    expect(core.requestHeaders({ guestId: "g-1" }, 540)).toEqual({ _off_set: "540", _tma_token: "", _tmr_token: "", _tma_id: "g-1" });
    expect(core.withinReloadGuard(1_000, 5_000)).toBe(true);
    expect(core.clickRecord(7, 540, "a-1", null)).toEqual({ postSeq: 7, offset: 540, tmsId: "a-1", accessToken: "" });
    expect(() => core.clickRecord(0.5, 0, null, null)).toThrow(Error);
  });

  it("builds sign-in bodies and validates callbacks", () => {
    const body = core.signInBody(
      { kind: "social", authToken: "tok", channel: "kakao" },
      { userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36" },
    );
    expect(body).toMatchObject({ autoLogin: "N", channel: "kakao", deviceType: "PC", deviceOs: "WINDOWS", browser: "Chrome" });
    expect(core.maySignIn(0)).toBe(true);
    expect(core.maySignIn("2002")).toBe(false);
    expect(core.validateCertification({ impUid: "imp", merchantUid: "C1", requestId: "C1", savedCertifyNo: "C1" })).toEqual({
      result: "true",
      certifyNo: "C1",
      certifyUid: "imp",
    });
    expect(core.validateCertification({ impUid: "", merchantUid: "C1", requestId: "C1", savedCertifyNo: "C1" }).result).toBe("false");
    expect(core.parseOAuthCallback("/member/auth/callbackOauth?type=join&code=c").cleanedUrl).toBe("/member/auth/callbackOauth?code=c");
  });

  it("builds analytics payloads", () => {
    const user = core.dataLayerUser({ code: 0, data: { userAuthName: "BUSINESS_MASTER", channel: "NAVER", birthday: "1988-02-03", identityId: "i", gender: "MALE" } });
    expect(user).toEqual({ userType: "corporation", signupType: "naver", identityId: "i", birth: "1988", gender: "male" });
    expect(core.dataLayerUser({ code: 1003 })).toBeNull();
    expect(core.dataLayerUser("garbage")).toBeNull();
    expect(core.dataLayerEvent("Bookmark_Content", "CATEGORY", user)).toMatchObject({ event: "Bookmark_Content", userType: "corporation" });
  });

  it("Korean particles and validators", () => {
    expect(core.resolveParticles("'클라우드'을(를) 발행했습니다. 이커머스(으)로")).toBe("'클라우드'를 발행했습니다. 이커머스로");
    expect(core.isValidBusinessNumber("124-81-00998")).toBe(true);
    expect(core.isValidBusinessNumber("124-81-00999")).toBe(false);
    expect(core.checkPassword("Demo-pass-2026", "reader@tidemark.test")).toEqual({
      ok: true,
      problems: [],
      kinds: { upper: true, lower: true, digit: true, other: true },
    });
    expect(core.isValidEmail("reader@tidemark.test")).toBe(true);
    expect(core.breadcrumbs(0, "en")).toHaveLength(9);
    expect(core.pickLanguage(null, ["en-US"])).toBe("en");
  });
});
