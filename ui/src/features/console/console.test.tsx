import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Component, type ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Business, MyBusiness } from "../../lib/business";
import { formatDate } from "../../lib/core";
import { AppError } from "../../lib/errors";
import { ok, refused, renderPage, sessionOf, type Call } from "../../test/render";
import type { Invitation, Manager } from "./api";
import BusinessPage from "./BusinessPage";
import { place, COVER_CROP } from "./ImageCrop";
import ProfilePage from "./ProfilePage";
import { numberState } from "./RegisterForm";

const member = { session: sessionOf("member") };

/** The profile page under a boundary that shows the status of what it throws (the app's shows
 * the error screen of that status). */
class Caught extends Component<{ children: ReactNode }, { status: number | null }> {
  state = { status: null as number | null };
  static getDerivedStateFromError(error: unknown) {
    return { status: error instanceof AppError ? error.status : 0 };
  }
  render() {
    return this.state.status === null ? this.props.children : <p role="alert">refused {this.state.status}</p>;
  }
}

function Refusable() {
  return (
    <Caught>
      <ProfilePage />
    </Caught>
  );
}

function business(changes: Partial<Business> = {}): Business {
  return {
    id: 7,
    name: "가온커머스",
    description: "커머스 데이터를 다룹니다.",
    industry: "이커머스",
    homepage: null,
    location: "서울",
    foundedYear: 2019,
    employeeBand: "11-50",
    registrationNumber: "220-81-62517",
    logoUrl: null,
    coverUrl: null,
    verified: true,
    followerCount: 1234,
    following: false,
    postCounts: [
      { categoryId: 1, count: 3 },
      { categoryId: 2, count: 2 },
    ],
    createdAt: "2026-01-02T00:00:00Z",
    ...changes,
  };
}

const mine = (role: MyBusiness["role"]): MyBusiness => ({ role, business: business(), ownershipOfferUntil: null, requiresTwoStep: false, twoStepNeeded: false });
const figure = (value: number, previous: number) => ({ value, previous, change: previous ? (value - previous) / previous : null });
const week = { totals: { views: figure(150, 100), uniqueReaders: figure(40, 0), bookmarks: figure(1, 1), followsGained: figure(2, 1) } };
const managers: Manager[] = [
  { memberId: 1, nickname: "마스터", email: "master@tidemark.test", role: "BUSINESS_MASTER", since: "2026-01-02T00:00:00Z", twoStep: true },
  { memberId: 2, nickname: "매니저", email: "manager@tidemark.test", role: "BUSINESS", since: "2026-02-03T00:00:00Z", twoStep: false },
];
const invitations: Invitation[] = [
  { id: 11, email: "new@tidemark.test", status: "PENDING", createdAt: "2026-11-20T00:00:00Z", expiresAt: "2026-11-27T00:00:00Z" },
  { id: 12, email: "old@tidemark.test", status: "EXPIRED", createdAt: "2026-10-01T00:00:00Z", expiresAt: "2026-10-08T00:00:00Z" },
  { id: 13, email: "gone@tidemark.test", status: "WITHDRAWN", createdAt: "2026-10-01T00:00:00Z", expiresAt: "2026-10-08T00:00:00Z" },
];

function masterRoutes(extra: Record<string, unknown> = {}) {
  return {
    "GET /api/v1/mypage/business": mine("BUSINESS_MASTER"),
    "GET /api/v1/businesses/7/analytics/outline": week,
    "GET /api/v1/mypage/posts/counts": { draft: 2, scheduled: 1, published: 14, hidden: 0, removed: 1 },
    "GET /api/v1/businesses/7/managers": managers,
    "GET /api/v1/businesses/7/invitations": invitations,
    "GET /api/v1/businesses/7/audit": { items: [{ id: 1, action: "INVITATION_SENT", actorMemberId: 1, targetMemberId: null, targetEmail: "new@tidemark.test", detail: null, createdAt: "2026-11-20T01:00:00Z" }], nextCursor: null },
    ...extra,
  };
}

beforeEach(() => sessionStorage.clear());

describe("registration", () => {
  it("the registration number is judged by the core's checksum once ten digits are typed", () => {
    expect(numberState("220-81")).toBe("typing");
    expect(numberState("220-81-62517")).toBe("valid");
    expect(numberState("2208162517")).toBe("valid");
    expect(numberState("220-81-62518")).toBe("invalid");
    expect(numberState("220-81-625171")).toBe("invalid");
  });

  it("a member without a business registers one; a wrong number is refused as it is typed and never sent", async () => {
    const { fetch } = renderPage(BusinessPage, "/mypage/business", {
      ...member,
      fetch: {
        "GET /api/v1/mypage/business": ((): unknown => null) as never,
        "POST /api/v1/businesses": (call: { body: unknown }) => ok({ ...business(), ...(call.body as object) }),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "기업 등록" })).toBeTruthy();
    const number = screen.getByLabelText("사업자등록번호");
    fireEvent.change(number, { target: { value: "220-81-6251x8" } });
    expect((number as HTMLInputElement).value).toBe("220-81-62518");
    expect(await screen.findByText(/사업자등록번호가 올바르지 않습니다/)).toBeTruthy();
    expect(number.getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "기업 등록" }));
    expect(fetch.callsTo("/api/v1/businesses")).toHaveLength(0);

    fireEvent.change(number, { target: { value: "220-81-62517" } });
    expect(await screen.findByText(/올바른 사업자등록번호입니다/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("기업명"), { target: { value: "새 기업" } });
    fireEvent.change(screen.getByLabelText("업종"), { target: { value: "제조" } });
    fireEvent.change(screen.getByLabelText("기업 소개"), { target: { value: "좋은 물건을 만듭니다." } });
    fireEvent.click(screen.getByRole("button", { name: "기업 등록" }));
    await waitFor(() => expect(fetch.callsTo("/api/v1/businesses")).toHaveLength(1));
    expect(fetch.callsTo("/api/v1/businesses")[0].body).toEqual({ registrationNumber: "220-81-62517", name: "새 기업", industry: "제조", description: "좋은 물건을 만듭니다." });
  });
});

describe("overview and team", () => {
  it("the master sees the numbers, every section, the team with invitation states, and resends an expired invitation", async () => {
    const { fetch } = renderPage(BusinessPage, "/mypage/business", {
      ...member,
      fetch: masterRoutes({ "POST /api/v1/businesses/7/invitations/12/resend": { ...invitations[1], status: "PENDING" } }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "기업 관리" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("기업 관리 · 가온커머스 · Tidemark"));
    expect(screen.getByText("1,234")).toBeTruthy();
    expect(await screen.findByText("이전 7일 대비 +50%")).toBeTruthy();
    expect(screen.getByText("이전 기간 기록 없음")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "기업 관리 메뉴" });
    expect(within(nav).getAllByRole("link").map((link) => link.textContent)).toEqual(["개요", "콘텐츠", "새 글 쓰기", "통계", "언론 배포", "기업 프로필"]);
    // The posts by status, each a way into the list of that status.
    const drafts = await screen.findByRole("link", { name: /임시 저장\s*2/ });
    expect(drafts.getAttribute("href")).toBe("/mypage/business?view=posts&status=DRAFT");
    expect(screen.getByRole("link", { name: /운영자 삭제\s*1/ })).toBeTruthy();

    const rows = await screen.findAllByRole("row");
    const states = rows.map((row) => row.getAttribute("data-state")).filter(Boolean);
    expect(states).toEqual(["PENDING", "EXPIRED", "WITHDRAWN"]);
    expect(screen.getByText("만료됨")).toBeTruthy();
    expect(screen.getByText("취소함")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "다시 보내기: old@tidemark.test" }));
    expect(await screen.findByText(/old@tidemark.test로 새 링크를 보냈습니다/)).toBeTruthy();
    expect(fetch.log()).toContain("POST /api/v1/businesses/7/invitations/12/resend");
    const audit = screen.getByRole("region", { name: "활동 기록" });
    expect(within(audit).getByRole("cell", { name: "초대" })).toBeTruthy();
    expect(within(audit).getByRole("cell", { name: "new@tidemark.test" })).toBeTruthy();
  });

  it("a manager is offered no master-only section or action", async () => {
    const { fetch } = renderPage(BusinessPage, "/mypage/business", {
      ...member,
      fetch: { "GET /api/v1/mypage/business": mine("BUSINESS"), "GET /api/v1/businesses/7/analytics/outline": week, "GET /api/v1/mypage/posts/counts": { draft: 2, scheduled: 1, published: 14, hidden: 0, removed: 1 }, "GET /api/v1/businesses/7/managers": managers },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "기업 관리" })).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "기업 관리 메뉴" });
    expect(within(nav).getAllByRole("link").map((link) => link.textContent)).toEqual(["개요", "콘텐츠", "새 글 쓰기", "통계"]);
    await screen.findByText("매니저");
    expect(screen.queryByRole("button", { name: "내보내기" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "초대" })).toBeNull();
    expect(screen.queryByRole("link", { name: "프로필 편집" })).toBeNull();
    expect(fetch.callsTo("/api/v1/businesses/7/invitations")).toHaveLength(0);
    expect(fetch.callsTo("/api/v1/businesses/7/audit")).toHaveLength(0);
  });

  it("a manager offered the business accepts it on the overview", async () => {
    const { fetch } = renderPage(BusinessPage, "/mypage/business", {
      ...member,
      fetch: {
        "GET /api/v1/mypage/business": { ...mine("BUSINESS"), ownershipOfferUntil: "2026-12-01T03:00:00Z" },
        "GET /api/v1/businesses/7/analytics/outline": week,
        "GET /api/v1/mypage/posts/counts": { draft: 2, scheduled: 1, published: 14, hidden: 0, removed: 1 },
        "GET /api/v1/businesses/7/managers": managers,
        "POST /api/v1/businesses/7/ownership/accept": null,
      },
    });
    expect(await screen.findByRole("heading", { name: "이 기업의 마스터 권한을 넘겨받도록 요청받았습니다." })).toBeTruthy();
    expect(screen.getByText(`${formatDate("2026-12-01T03:00:00Z", "yyyy.MM.dd HH:mm")}까지 수락할 수 있습니다.`)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "수락하고 마스터 되기" }));
    expect(await screen.findByText("이제 이 기업의 마스터입니다.")).toBeTruthy();
    expect(fetch.log()).toContain("POST /api/v1/businesses/7/ownership/accept");
  });

  it("a member the business's two-step rule shuts out is told what to do, and the console asks nothing else", async () => {
    const { fetch } = renderPage(BusinessPage, "/mypage/business", {
      ...member,
      fetch: { "GET /api/v1/mypage/business": { ...mine("BUSINESS"), requiresTwoStep: true, twoStepNeeded: true } },
    });
    expect(await screen.findByRole("heading", { name: "2단계 인증이 필요합니다" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "2단계 인증 켜기" }).getAttribute("href")).toBe("/mypage/security");
    expect(fetch.log()).toEqual(["GET /api/v1/mypage/business"]);
  });

  it("the master requires two-step sign-in of the team; the manager without it is named", async () => {
    let required = false;
    const { fetch } = renderPage(BusinessPage, "/mypage/business", {
      ...member,
      fetch: masterRoutes({
        "GET /api/v1/mypage/business": () => ({ ...mine("BUSINESS_MASTER"), requiresTwoStep: required }),
        "PUT /api/v1/businesses/7/two-step": (call: Call) => {
          required = (call.body as { required: boolean }).required;
          return { required };
        },
      }),
    });
    const box = await screen.findByLabelText("팀 전원에게 2단계 인증 요구");
    fireEvent.click(box);
    expect(await screen.findByText("이제 팀 전원에게 2단계 인증을 요구합니다.")).toBeTruthy();
    expect(await screen.findByText("아직 켜지 않은 사람: 매니저")).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(fetch.callsTo("/api/v1/businesses/7/two-step")[0].body).toEqual({ required: true });
  });

  it("the hand-over checks the password first and says so when it is wrong", async () => {
    const { fetch } = renderPage(BusinessPage, "/mypage/business", {
      ...member,
      fetch: masterRoutes({ "POST /mypage/v1/password/check": refused(401, "1003", "wrong password") }),
    });
    const select = await screen.findByLabelText("받을 매니저");
    await waitFor(() => expect(within(select).getAllByRole("option")).toHaveLength(2));
    fireEvent.change(select, { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText("비밀번호 확인"), { target: { value: "not-it" } });
    fireEvent.click(screen.getByRole("button", { name: "마스터 넘기기 요청" }));
    expect(await screen.findByText("비밀번호가 맞지 않습니다.")).toBeTruthy();
    expect(fetch.callsTo("/api/v1/businesses/7/ownership")).toHaveLength(0);
  });
});

describe("profile", () => {
  it("a manager typing the profile address is refused with 403 (the no-access screen), stays put, and sees no profile", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { history } = renderPage(Refusable, "/mypage/business/profile", { ...member, fetch: { "GET /api/v1/mypage/business": mine("BUSINESS") } });
    expect((await screen.findByRole("alert")).textContent).toBe("refused 403");
    expect(history.at(-1)).not.toBe("/member/login");
    expect(screen.queryByLabelText("기업명")).toBeNull();
  });

  it("shows the logo and cover in use beside the way to choose others", async () => {
    const master = { role: "BUSINESS_MASTER" as const, business: business({ logoUrl: "/media/logo-7.png", coverUrl: null }) };
    renderPage(ProfilePage, "/mypage/business/profile", { ...member, fetch: { "GET /api/v1/mypage/business": master } });
    const logo = (await screen.findByAltText("지금 쓰는 로고")) as HTMLImageElement;
    expect(logo.getAttribute("src")).toBe("/media/logo-7.png");
    // No cover yet: nothing but the way to choose one.
    expect(screen.queryByAltText(/지금 쓰는 커버/)).toBeNull();
    expect(screen.getByLabelText("로고: 이미지 고르기")).toBeTruthy();
  });

  it("the preview follows the form, and saving sends the profile's fields", async () => {
    const { fetch } = renderPage(ProfilePage, "/mypage/business/profile", {
      ...member,
      fetch: { "GET /api/v1/mypage/business": mine("BUSINESS_MASTER"), "PUT /api/v1/businesses/7": business({ name: "가온커머스 코리아" }) },
    });
    const name = await screen.findByLabelText("기업명");
    fireEvent.change(name, { target: { value: "가온커머스 코리아" } });
    const preview = document.querySelector(".profile-preview") as HTMLElement;
    expect(within(preview).getByText("가온커머스 코리아")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("설립 연도 (선택)"), { target: { value: "20a21" } });
    fireEvent.click(screen.getByRole("button", { name: "저장" }));
    expect(await screen.findByText("저장했습니다.")).toBeTruthy();
    expect(fetch.callsTo("/api/v1/businesses/7")[0].body).toMatchObject({ name: "가온커머스 코리아", foundedYear: 2021, employeeBand: "11-50", location: "서울" });
  });

  it("the crop keeps the image covering the frame however far it is dragged", () => {
    const natural = { width: 1000, height: 1000 };
    const at = place(COVER_CROP, natural, { zoom: 1, x: 500, y: 500 });
    expect(at).toEqual({ x: 0, y: 0, width: 1600, height: 1600 });
    const far = place(COVER_CROP, natural, { zoom: 2, x: -99999, y: -99999 });
    expect(far).toEqual({ x: 1600 - 3200, y: 400 - 3200, width: 3200, height: 3200 });
  });
});
