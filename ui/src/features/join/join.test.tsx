import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { DataLayerUser } from "../../lib/core";
import { joinFlow, saveJoinFlow } from "../../lib/joinFlow";
import type { Session } from "../../lib/session";
import { member, ok, refused, renderWithApp, sessionOf, type Routes } from "../../test/render";
import CompletePage from "./CompletePage";
import EmailJoinPage from "./EmailJoinPage";
import JoinPage from "./JoinPage";
import ProfileStepPage from "./ProfileStepPage";

const USER: DataLayerUser = { userType: "reader", signupType: "email", identityId: "tm-9", birth: "1991", gender: "female" };
const AGREED = { service: true, privacy: true, marketing: false };

/** A signed-in member's session whose profile reads are counted. */
function memberSession(changes: Partial<Session> = {}): Session & { reload: ReturnType<typeof vi.fn> } {
  const reload = vi.fn(async () => undefined);
  return { ...sessionOf("member", USER), member: member({ nickname: null, interests: [] }), reload, ...changes } as Session & {
    reload: ReturnType<typeof vi.fn>;
  };
}

const CHANNELS: Routes = { "GET /oauth/v1/social/channels": { channels: ["local"] } };

beforeEach(() => {
  sessionStorage.clear();
  window.dataLayer = [];
});

describe("/member/join: the terms", () => {
  it("keeps required and optional items apart, each readable in full", async () => {
    renderWithApp(<JoinPage />, { route: "/member/join", fetch: CHANNELS });
    const required = screen.getByRole("group", { name: "필수 동의" });
    const optional = screen.getByRole("group", { name: "선택 동의" });
    expect(within(required).getAllByRole("checkbox").map((box) => box.getAttribute("name"))).toEqual(["service", "privacy"]);
    expect(within(optional).getAllByRole("checkbox").map((box) => box.getAttribute("name"))).toEqual(["marketing"]);
    expect(within(required).getByRole("region", { name: "Tidemark 서비스 이용약관", hidden: true }).textContent).toContain(
      "한 사람은 본인인증을 거쳐 하나의 독자 계정만",
    );
    expect(await screen.findByRole("button", { name: "테스트 계정으로 가입하기 (개발용)" })).toBeTruthy();
  });

  it("goes nowhere without both required items, and says so at the first one", async () => {
    const { history } = renderWithApp(<JoinPage />, { route: "/member/join", fetch: CHANNELS });
    fireEvent.click(screen.getByRole("checkbox", { name: /마케팅 정보 수신에 동의/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /개인정보 수집·이용에 동의/ }));
    fireEvent.click(screen.getByRole("button", { name: "이메일로 가입하기" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", expect.stringContaining("필수 약관"));
    const service = screen.getByRole("checkbox", { name: /서비스 이용약관에 동의/ });
    await waitFor(() => expect(document.activeElement).toBe(service));
    expect(service.getAttribute("aria-invalid")).toBe("true");
    expect(history).toEqual(["/member/join"]);
  });

  it("agrees to all at once, keeps the choice in the tab and goes on to the e-mail step", async () => {
    const { history } = renderWithApp(<JoinPage />, { route: "/member/join", fetch: CHANNELS });
    const all = screen.getByRole("checkbox", { name: /전체 동의/ });
    fireEvent.click(all);
    for (const box of screen.getAllByRole("checkbox")) expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: /마케팅 정보 수신에 동의/ }));
    expect((all as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "이메일로 가입하기" }));
    expect(history.at(-1)).toBe("/member/join/email");
    expect(joinFlow().terms).toEqual(AGREED);
  });

  it("joins a social identity that came back without an account once the terms are agreed", async () => {
    sessionStorage.setItem("tidemark.social", JSON.stringify({ channel: "local", type: "signin", redirectUrl: null, authToken: "tok-1" }));
    const session = memberSession({ member: null, signedIn: false });
    const { fetch, history } = renderWithApp(<JoinPage />, {
      route: "/member/join",
      session,
      fetch: { ...CHANNELS, "POST /membership/v1/join/social": { memberId: 9 } },
    });
    expect(screen.getByText(/테스트 계정으로 가입을 이어갑니다/)).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: /전체 동의/ }));
    fireEvent.click(screen.getByRole("button", { name: "동의하고 테스트로 가입하기" }));
    await waitFor(() => expect(history.at(-1)).toBe("/member/join/profile"));
    expect(fetch.callsTo("/membership/v1/join/social")[0].body).toEqual({
      authToken: "tok-1",
      channel: "local",
      terms: { service: true, privacy: true, marketing: true },
    });
    expect(session.reload).toHaveBeenCalled();
    expect(sessionStorage.getItem("tidemark.social")).toBeNull();
    expect(joinFlow().joined).toEqual({ channel: "local" });
  });

  it("tells a social identity whose e-mail has an account where to go", async () => {
    sessionStorage.setItem("tidemark.social", JSON.stringify({ channel: "local", type: "join", redirectUrl: null, authToken: "tok-2" }));
    renderWithApp(<JoinPage />, {
      route: "/member/join",
      session: memberSession({ member: null, signedIn: false }),
      fetch: { ...CHANNELS, "POST /membership/v1/join/social": refused(409, "2007", "exists") },
    });
    fireEvent.click(screen.getByRole("checkbox", { name: /전체 동의/ }));
    fireEvent.click(screen.getByRole("button", { name: "동의하고 테스트로 가입하기" }));
    expect((await screen.findByRole("alert")).textContent).toContain("이미 가입한 계정이 있습니다");
    expect(screen.getByRole("link", { name: "비밀번호 찾기" }).getAttribute("href")).toBe("/password/find/options");
  });
});

describe("/member/join/email", () => {
  beforeEach(() => saveJoinFlow({ terms: AGREED }));

  it("sends the terms-less visitor back to the terms", async () => {
    sessionStorage.clear();
    const { history } = renderWithApp(<EmailJoinPage />, { route: "/member/join/email" });
    await waitFor(() => expect(history.at(-1)).toBe("/member/join"));
  });

  it("confirms the address with the mailed code, then makes the account with the password", async () => {
    const session = memberSession({ member: null, signedIn: false });
    const { fetch, history } = renderWithApp(<EmailJoinPage />, {
      route: "/member/join/email",
      session,
      fetch: {
        "POST /membership/v1/join/email/code": { sent: true, expiresInSeconds: 600 },
        "POST /membership/v1/join/email/verify": ({ body }) =>
          (body as { code: string }).code === "123456" ? ok({ joinToken: "jt-1" }) : refused(400, "104", "wrong"),
        "POST /membership/v1/join": { memberId: 9 },
      },
    });
    const email = screen.getByLabelText("이메일");
    fireEvent.change(email, { target: { value: "new reader@join.test" } });
    expect((email as HTMLInputElement).value).toBe("newreader@join.test");
    fireEvent.click(screen.getByRole("button", { name: "인증 코드 받기" }));
    const code = await screen.findByLabelText("인증 코드 6자리");
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(code.getAttribute("inputmode")).toBe("numeric");
    expect(screen.getByText(/^(10분 0초|9분 5\d초) 안에 입력해 주세요/)).toBeTruthy();
    const resend = screen.getByRole("button", { name: /^코드 다시 받기 \((1분 0초|5\d초) 후\)$/ });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect((email as HTMLInputElement).readOnly).toBe(true);

    fireEvent.change(code, { target: { value: "12a34" } });
    expect((code as HTMLInputElement).value).toBe("1234");
    fireEvent.click(screen.getByRole("button", { name: "확인" }));
    expect(await screen.findByText("숫자 6자리를 입력해 주세요.")).toBeTruthy();
    fireEvent.change(code, { target: { value: "654321" } });
    fireEvent.click(screen.getByRole("button", { name: "확인" }));
    expect(await screen.findByText(/코드가 맞지 않거나 만료되었습니다/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(code));
    fireEvent.change(code, { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "확인" }));

    const password = await screen.findByLabelText("비밀번호");
    expect(password.getAttribute("autocomplete")).toBe("new-password");
    expect(email.getAttribute("autocomplete")).toBe("username");
    fireEvent.change(password, { target: { value: "Tide-mark-26" } });
    fireEvent.change(screen.getByLabelText("비밀번호 확인"), { target: { value: "Tide-mark-27" } });
    fireEvent.click(screen.getByRole("button", { name: "가입하기" }));
    expect(await screen.findByText("비밀번호가 서로 다릅니다.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("비밀번호 확인"), { target: { value: "Tide-mark-26" } });
    fireEvent.click(screen.getByRole("button", { name: "가입하기" }));
    await waitFor(() => expect(history.at(-1)).toBe("/member/join/profile"));
    expect(fetch.callsTo("/membership/v1/join")[0].body).toEqual({ joinToken: "jt-1", password: "Tide-mark-26", terms: AGREED });
    expect(session.reload).toHaveBeenCalled();
    // The draft is gone, and no password was ever kept in the tab.
    expect(sessionStorage.getItem("tidemark.draft.join-email")).toBeNull();
    expect(JSON.stringify({ ...sessionStorage })).not.toContain("Tide-mark-26");
  });

  it("says an address with an account has one, with the ways to it", async () => {
    sessionStorage.setItem("tidemark.draft.join-email", JSON.stringify({ email: "old@join.test", codeExpiresAt: Date.now() + 1000, resendAt: 0, joinToken: "jt-2" }));
    renderWithApp(<EmailJoinPage />, {
      route: "/member/join/email",
      fetch: { "POST /membership/v1/join": refused(409, "2007", "exists") },
    });
    fireEvent.change(screen.getByLabelText("비밀번호"), { target: { value: "Tide-mark-26" } });
    fireEvent.change(screen.getByLabelText("비밀번호 확인"), { target: { value: "Tide-mark-26" } });
    fireEvent.click(screen.getByRole("button", { name: "가입하기" }));
    expect((await screen.findByRole("alert")).textContent).toBe("이 이메일로 이미 가입한 계정이 있습니다. 로그인하거나 비밀번호를 찾아 주세요.");
    expect(screen.getByRole("link", { name: "로그인" }).getAttribute("href")).toBe("/member/login");
  });

  it("says when to try again after too many codes", async () => {
    renderWithApp(<EmailJoinPage />, {
      route: "/member/join/email",
      fetch: {
        "POST /membership/v1/join/email/code": () =>
          new Response(JSON.stringify({ code: "429", message: "slow down", data: null }), { status: 429, headers: { "retry-after": "42" } }),
      },
    });
    fireEvent.change(screen.getByLabelText("이메일"), { target: { value: "busy@join.test" } });
    fireEvent.click(screen.getByRole("button", { name: "인증 코드 받기" }));
    expect(await screen.findByText("요청이 너무 많습니다. 42초 후에 다시 시도해 주세요.")).toBeTruthy();
    expect((screen.getByLabelText("이메일") as HTMLInputElement).value).toBe("busy@join.test");
  });
});

describe("/member/join/profile: certification, then the profile", () => {
  const certifyState = { status: "ACTIVE", channel: "email", emailVerified: true, certified: false, profileComplete: false, nextStep: "certify" };
  const profileState = { ...certifyState, certified: true, nextStep: "profile" };

  it("explains the certification and attaches the one the provider completed", async () => {
    sessionStorage.setItem("tidemark.certification", JSON.stringify({ certifyNo: "tmc_1", purpose: "join", returnTo: "/member/join/profile", completed: true }));
    let state = certifyState;
    const session = memberSession();
    const { fetch } = renderWithApp(<ProfileStepPage />, {
      route: "/member/join/profile",
      session,
      fetch: {
        "GET /membership/v1/account/state": () => state,
        "POST /membership/v1/account/certify": () => {
          state = profileState;
          return { certify: { certifyNo: "tmc_1" } };
        },
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "프로필 설정" })).toBeTruthy();
    expect(fetch.callsTo("/membership/v1/account/certify")[0].body).toEqual({ certifyNo: "tmc_1" });
    expect(session.reload).toHaveBeenCalled();
    expect(sessionStorage.getItem("tidemark.certification")).toBeNull();
  });

  it("tells a person with an account already to sign in to it or recover its password", async () => {
    sessionStorage.setItem("tidemark.certification", JSON.stringify({ certifyNo: "tmc_2", purpose: "join", returnTo: "/member/join/profile", completed: true }));
    const signOut = vi.fn(async () => undefined);
    const { history } = renderWithApp(<ProfileStepPage />, {
      route: "/member/join/profile",
      session: memberSession({ signOut }),
      fetch: {
        "GET /membership/v1/account/state": certifyState,
        "POST /membership/v1/account/certify": refused(409, "2007", "an account for this person exists already"),
      },
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("이 본인인증 정보로 이미 가입한 Tidemark 계정이 있습니다");
    fireEvent.click(screen.getByRole("button", { name: "기존 계정으로 로그인" }));
    await waitFor(() => expect(history.at(-1)).toBe("/member/login"));
    expect(signOut).toHaveBeenCalled();
  });

  it("says a cancelled certification (F0000) was cancelled and offers it again", async () => {
    sessionStorage.setItem(
      "tidemark.certification",
      JSON.stringify({ certifyNo: "tmc_3", purpose: "join", returnTo: "/member/join/profile", failure: { code: "F0000", reason: "cancelled" } }),
    );
    renderWithApp(<ProfileStepPage />, {
      route: "/member/join/profile",
      session: memberSession(),
      fetch: { "GET /membership/v1/account/state": certifyState },
    });
    expect((await screen.findByRole("alert")).textContent).toBe("본인인증을 취소했습니다. 준비되면 다시 시도해 주세요.");
    expect(screen.getByRole("button", { name: "다시 본인인증 하기" })).toBeTruthy();
    expect(sessionStorage.getItem("tidemark.certification")).toBeNull();
  });

  it("checks the nickname with the core's rule and sends it with the chosen interests", async () => {
    const session = memberSession();
    const { fetch, history } = renderWithApp(<ProfileStepPage />, {
      route: "/member/join/profile",
      session,
      fetch: { "GET /membership/v1/account/state": profileState, "POST /membership/v1/join/profile": null },
    });
    const nickname = await screen.findByLabelText("닉네임");
    expect(nickname.getAttribute("autocomplete")).toBe("nickname");
    const boxes = screen.getAllByRole("checkbox");
    expect(boxes.map((box) => box.closest("label")?.textContent)).toEqual([
      "인사이트",
      "성공 사례",
      "제품 소식",
      "기업 문화",
      "채용",
      "공지사항",
      "보도자료",
      "오리지널 시리즈",
      "플러스 시리즈",
    ]);
    fireEvent.change(nickname, { target: { value: "김!" } });
    expect((nickname as HTMLInputElement).value).toBe("김");
    fireEvent.click(screen.getByRole("button", { name: "가입 완료하기" }));
    expect(await screen.findByText("닉네임은 2자 이상이어야 합니다.")).toBeTruthy();
    expect(fetch.callsTo("/membership/v1/join/profile")).toHaveLength(0);
    fireEvent.change(nickname, { target: { value: " 김하늘 " } });
    fireEvent.click(screen.getByRole("checkbox", { name: "채용" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "인사이트" }));
    fireEvent.click(screen.getByRole("button", { name: "가입 완료하기" }));
    await waitFor(() => expect(history.at(-1)).toBe("/member/join/complete"));
    expect(fetch.callsTo("/membership/v1/join/profile")[0].body).toEqual({ nickname: "김하늘", interests: [1, 5] });
    expect(session.reload).toHaveBeenCalled();
  });

  it("asks a visitor who is not signed in to sign in and come back", () => {
    renderWithApp(<ProfileStepPage />, { route: "/member/join/profile" });
    expect(screen.getByRole("link", { name: "로그인" }).getAttribute("href")).toBe("/member/login?redirectUrl=%2Fmember%2Fjoin%2Fprofile");
  });
});

describe("/member/join/complete", () => {
  it("welcomes the member with the interests chosen and reports the sign-up once", () => {
    saveJoinFlow({ terms: AGREED, joined: { channel: "email" } });
    const session = memberSession({ member: member({ nickname: "김하늘", interests: [1, 5] }) });
    const { rerender } = renderWithApp(<CompletePage />, { route: "/member/join/complete", session });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("가입을 축하합니다");
    expect(screen.getByText("김하늘님, Tidemark에 오신 것을 환영합니다.")).toBeTruthy();
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toContain("인사이트");
    expect(screen.getByRole("link", { name: "관심 분야의 글 보기" }).getAttribute("href")).toBe("/post/interest/list?sort=POPULAR");
    rerender(<CompletePage />);
    const signUps = (window.dataLayer ?? []).filter((event) => (event as { event: string }).event === "sign_up");
    expect(signUps).toEqual([{ event: "sign_up", screen: null, ...USER }]);
    expect(sessionStorage.getItem("tidemark.join")).toBeNull();
  });

  it("reports nothing for a member who did not just join here", () => {
    renderWithApp(<CompletePage />, { route: "/member/join/complete", session: memberSession({ member: member() }) });
    expect(window.dataLayer).toEqual([]);
  });
});
