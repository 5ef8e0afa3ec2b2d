import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { takeFlash } from "../../components/notice/flash";
import { savePendingCertification } from "../../lib/certify";
import { ok, refused, renderPage, sessionOf, type Call } from "../../test/render";
import type { Profile } from "./api";
import EditProfilePage from "./EditProfilePage";
import MyPage from "./MyPage";
import PasswordChangePage from "./PasswordChangePage";
import PasswordCheckPage from "./PasswordCheckPage";
import WithdrawPage from "./WithdrawPage";

function profile(changes: Partial<Profile> = {}): Profile {
  return {
    memberId: 41,
    email: "haneul@tidemark.test",
    nickname: "김하늘",
    userAuthName: "USER",
    businessId: null,
    channel: "email",
    identityId: "tm-41",
    certified: true,
    birthday: "1991-03-05",
    gender: "female",
    interests: [1, 3],
    marketingOptIn: false,
    twoStep: false,
    ...changes,
  };
}

const member = { session: sessionOf("member") };

/** `yyyy-MM-dd HH:mm` in the zone the tests run in. */
function localTime(iso: string): string {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** No file of the member's data, and one ready (made 10:00 KST, kept seven days). */
const NO_FILE = { status: "NONE", id: null, requestedAt: null, readyAt: null, expiresAt: null, byteSize: null };
const READY_FILE = {
  status: "READY",
  id: 7,
  requestedAt: "2026-12-02T01:00:00Z",
  readyAt: "2026-12-02T01:00:00Z",
  expiresAt: "2026-12-09T01:00:00Z",
  byteSize: 13_300,
};

/** A password check this tab made, still holding for `ms`. */
function checkedFor(ms: number) {
  sessionStorage.setItem("tidemark.passwordCheck", JSON.stringify({ memberId: 41, until: Date.now() + ms }));
}

beforeEach(() => {
  sessionStorage.clear();
});

describe("MyPage", () => {
  it("shows the profile, the interests by the core's names, the sign-in method and the links", async () => {
    renderPage(MyPage, "/mypage", { ...member, fetch: { "GET /mypage/v1/profile": profile(), "GET /mypage/v1/export": NO_FILE } });
    expect(await screen.findByText("김하늘님, 반갑습니다.")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("마이페이지 · Tidemark"));
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const interests = within(document.querySelector('[data-field="interests"]') as HTMLElement).getAllByRole("listitem");
    expect(interests.map((item) => item.textContent)).toEqual(["인사이트", "제품 소식"]);
    expect(screen.getByText("이메일과 비밀번호")).toBeTruthy();
    expect(screen.getByRole("link", { name: "프로필 수정" }).getAttribute("href")).toBe("/mypage/user/edit");
    expect(screen.getByRole("link", { name: "비밀번호 변경" }).getAttribute("href")).toBe("/mypage/password/change");
    expect(screen.getByRole("link", { name: "회원 탈퇴" }).getAttribute("href")).toBe("/mypage/user/withdraw");
    expect(screen.getByRole("button", { name: "휴대폰 번호 변경 (재인증)" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "기업 관리로 이동" })).toBeNull();
  });

  it("a social member has no password to change; a master is shown the way into the business area", async () => {
    renderPage(MyPage, "/mypage", {
      ...member,
      lang: "en",
      fetch: {
        "GET /mypage/v1/profile": profile({ channel: "kakao", userAuthName: "BUSINESS_MASTER", businessId: 3 }),
        "GET /mypage/v1/export": NO_FILE,
        "GET /api/v1/businesses/3": { id: 3, name: "가온커머스" },
      },
    });
    expect(await screen.findByText("Signs in with Kakao")).toBeTruthy();
    expect((await screen.findByRole("link", { name: "가온커머스" })).getAttribute("href")).toBe("/business/profile/3");
    expect(screen.queryByRole("link", { name: "Change password" })).toBeNull();
    expect(document.querySelector('[data-field="business"]')?.textContent).toBe("가온커머스 · You are the master of a business.");
    expect(screen.getByRole("link", { name: "Go to the business area" }).getAttribute("href")).toBe("/mypage/business");
  });

  it("applies a certification that came back for a phone change and says the new number's end", async () => {
    savePendingCertification({ certifyNo: "c-1", purpose: "change", returnTo: "/mypage", completed: true });
    const { fetch } = renderPage(MyPage, "/mypage", {
      ...member,
      fetch: {
        "GET /mypage/v1/profile": profile(),
        "GET /mypage/v1/export": NO_FILE,
        "POST /mypage/v1/certify/change": { certify: { certifyNo: "c-1", name: "김하늘", birthDate: "1991-03-05", gender: "female", phoneLast4: "9876" } },
      },
    });
    expect(await screen.findByText("본인인증 정보를 바꿨습니다. 휴대폰 번호 끝자리: 9876")).toBeTruthy();
    expect(fetch.callsTo("/mypage/v1/certify/change").map((call) => call.body)).toEqual([{ certifyNo: "c-1" }]);
    // Used once: it is gone from the tab.
    expect(sessionStorage.getItem("tidemark.certification")).toBeNull();
  });

  it("says only the same person may change it when the server refuses another person", async () => {
    savePendingCertification({ certifyNo: "c-2", purpose: "change", returnTo: "/mypage", completed: true });
    renderPage(MyPage, "/mypage", {
      ...member,
      fetch: {
        "GET /mypage/v1/profile": profile(),
        "GET /mypage/v1/export": NO_FILE,
        "POST /mypage/v1/certify/change": refused(403, "403", "the certification is of another person than this account's"),
      },
    });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "인증한 분이 이 계정의 주인과 다른 사람입니다. 휴대폰 번호는 계정 주인 본인만 바꿀 수 있습니다.",
    );
  });

  it("says a cancelled certification was cancelled, and calls nothing with it", async () => {
    savePendingCertification({ certifyNo: "c-3", purpose: "change", returnTo: "/mypage", failure: { code: "F0000", reason: "cancelled" } });
    const { fetch } = renderPage(MyPage, "/mypage", { ...member, fetch: { "GET /mypage/v1/profile": profile(), "GET /mypage/v1/export": NO_FILE } });
    expect((await screen.findByRole("alert")).textContent).toContain("본인인증을 취소했습니다.");
    expect(fetch.callsTo("/mypage/v1/certify/change")).toEqual([]);
  });

  it("attaches a first certification to an account that had none", async () => {
    savePendingCertification({ certifyNo: "c-4", purpose: "account", returnTo: "/mypage", completed: true });
    const { fetch } = renderPage(MyPage, "/mypage", {
      ...member,
      fetch: {
        "GET /mypage/v1/profile": profile({ certified: false }),
        "GET /mypage/v1/export": NO_FILE,
        "POST /membership/v1/account/certify": { certify: { certifyNo: "c-4", name: null, birthDate: null, gender: null, phoneLast4: "1111" } },
      },
    });
    expect(await screen.findByText("본인인증을 마쳤습니다.")).toBeTruthy();
    expect(fetch.callsTo("/membership/v1/account/certify")).toHaveLength(1);
  });
  it("asks for the file of the member's data, says it is being made, then offers it with its size and date", async () => {
    let made = false;
    const { fetch } = renderPage(MyPage, "/mypage", {
      ...member,
      fetch: {
        "GET /mypage/v1/profile": profile(),
        "GET /mypage/v1/export": () => (made ? READY_FILE : NO_FILE),
        "POST /mypage/v1/export": () => ({ ...NO_FILE, status: "PREPARING", id: 7, requestedAt: "2026-12-02T01:00:00Z" }),
      },
    });
    const section = await screen.findByRole("region", { name: "내 정보 내려받기" });
    fireEvent.click(await within(section).findByRole("button", { name: "내 정보 파일 만들기" }));
    expect((await within(section).findByRole("status")).textContent).toBe("파일을 만들고 있습니다. 준비되면 메일로도 알려 드립니다.");
    expect(fetch.callsTo("/mypage/v1/export").map((call) => call.method)).toEqual(["GET", "POST"]);
    made = true;
    const link = await within(section).findByRole("link", { name: "파일 받기 (13 KB)" }, { timeout: 4_000 });
    expect(link.getAttribute("href")).toBe("/mypage/v1/export/7/file");
    expect(link.hasAttribute("download")).toBe(true);
    // In the browser's own time zone, as every date the site shows.
    expect(within(section).getByRole("status").textContent).toBe(
      `${localTime(READY_FILE.readyAt)}에 만든 파일이 있습니다. ${localTime(READY_FILE.expiresAt)}까지 받을 수 있습니다.`,
    );
  });

  it("says the limit in the member's words when the server refuses a third file", async () => {
    renderPage(MyPage, "/mypage", {
      ...member,
      fetch: {
        "GET /mypage/v1/profile": profile(),
        "GET /mypage/v1/export": NO_FILE,
        "POST /mypage/v1/export": refused(429, "429", "too many files of your data"),
      },
    });
    const section = await screen.findByRole("region", { name: "내 정보 내려받기" });
    fireEvent.click(await within(section).findByRole("button", { name: "내 정보 파일 만들기" }));
    expect((await within(section).findByRole("alert")).textContent).toBe(
      "내 정보 파일은 12시간에 두 번까지 만들 수 있습니다. 잠시 뒤에 다시 요청해 주세요.",
    );
  });
});

describe("EditProfilePage", () => {
  const routes = (save: (call: Call) => object) => ({
    "GET /mypage/v1/profile": profile(),
    "PUT /mypage/v1/profile": save,
  });

  it("saves nickname, interests and consent, then goes back to my page with the consent's date", async () => {
    const { fetch, history } = renderPage(EditProfilePage, "/mypage/user/edit", {
      ...member,
      fetch: routes((call) => ok({ ...profile(), ...(call.body as object) })),
    });
    const nickname = await screen.findByLabelText<HTMLInputElement>("닉네임");
    expect(nickname.value).toBe("김하늘");
    expect(nickname.getAttribute("autocomplete")).toBe("nickname");
    fireEvent.change(nickname, { target: { value: "바다!" } });
    // The core's filter: what a nickname may not hold is dropped as it is typed.
    expect(nickname.value).toBe("바다");
    fireEvent.click(screen.getByLabelText("제품 소식"));
    fireEvent.click(screen.getByLabelText("채용"));
    fireEvent.click(screen.getByLabelText("이벤트와 새 소식을 이메일로 받겠습니다."));
    fireEvent.click(screen.getByRole("button", { name: "저장" }));
    await waitFor(() => expect(history.at(-1)).toBe("/mypage"));
    expect(fetch.callsTo("/mypage/v1/profile").find((call) => call.method === "PUT")?.body).toEqual({
      nickname: "바다",
      interests: [1, 5],
      marketingOptIn: true,
    });
    expect(takeFlash()).toMatch(/^프로필을 저장했습니다\. \d{4}년 \d{1,2}월 \d{1,2}일에 마케팅 정보 수신에 동의하셨습니다\.$/);
    expect(sessionStorage.getItem("tidemark.draft.mypage.edit.41")).toBeNull();
  });

  it("keeps what was typed in the tab, and brings it back after a reload", async () => {
    const first = renderPage(EditProfilePage, "/mypage/user/edit", { ...member, fetch: routes(() => ok(profile())) });
    fireEvent.change(await screen.findByLabelText("닉네임"), { target: { value: "파도" } });
    first.unmount();
    renderPage(EditProfilePage, "/mypage/user/edit", { ...member, fetch: routes(() => ok(profile())) });
    expect((await screen.findByLabelText<HTMLInputElement>("닉네임")).value).toBe("파도");
    expect(screen.getByText("저장하지 않은 수정 내용을 이어서 보여 드립니다.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "저장된 값으로 되돌리기" }));
    expect(screen.getByLabelText<HTMLInputElement>("닉네임").value).toBe("김하늘");
  });

  it("shows the core's nickname rule beside the field, with focus on it, and sends nothing", async () => {
    const { fetch } = renderPage(EditProfilePage, "/mypage/user/edit", { ...member, fetch: routes(() => ok(profile())) });
    const nickname = await screen.findByLabelText("닉네임");
    fireEvent.change(nickname, { target: { value: "김" } });
    fireEvent.click(screen.getByRole("button", { name: "저장" }));
    await waitFor(() => expect(document.activeElement).toBe(nickname));
    expect(nickname.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("nickname-problem")?.textContent).toBe("닉네임을 2자 이상 입력해 주세요.");
    expect(fetch.calls.filter((call) => call.method === "PUT")).toEqual([]);
  });

  it("a session that ended while editing goes to sign in and comes back, the draft kept", async () => {
    const { history } = renderPage(EditProfilePage, "/mypage/user/edit", {
      ...member,
      fetch: routes(() => refused(401, "1003", "sign in first")),
    });
    fireEvent.change(await screen.findByLabelText("닉네임"), { target: { value: "파도" } });
    fireEvent.click(screen.getByRole("button", { name: "저장" }));
    await waitFor(() => expect(history.at(-1)).toMatch(/^\/member\/login\?redirectUrl=/));
    expect(JSON.parse(sessionStorage.getItem("tidemark.draft.mypage.edit.41") ?? "{}")).toMatchObject({ nickname: "파도", touched: true });
  });
});

describe("PasswordCheckPage", () => {
  it("checks the password and goes on to the page that asked for it", async () => {
    const { fetch, history } = renderPage(PasswordCheckPage, "/mypage/password/check?redirectUrl=%2Fmypage%2Fuser%2Fwithdraw", {
      ...member,
      fetch: {
        "GET /mypage/v1/profile": profile(),
        "POST /mypage/v1/password/check": { validUntil: new Date(Date.now() + 300_000).toISOString() },
      },
    });
    const password = await screen.findByLabelText("현재 비밀번호");
    expect(password.getAttribute("autocomplete")).toBe("current-password");
    expect(screen.getByLabelText("계정").getAttribute("autocomplete")).toBe("username");
    fireEvent.change(password, { target: { value: "Tide-mark-26" } });
    fireEvent.click(screen.getByRole("button", { name: "확인" }));
    await waitFor(() => expect(history.at(-1)).toBe("/mypage/user/withdraw"));
    expect(fetch.callsTo("/mypage/v1/password/check")[0].body).toEqual({ password: "Tide-mark-26" });
    expect(JSON.parse(sessionStorage.getItem("tidemark.passwordCheck") ?? "{}")).toMatchObject({ memberId: 41 });
  });

  it("says a wrong password beside the field and stays", async () => {
    const { history } = renderPage(PasswordCheckPage, "/mypage/password/check", {
      ...member,
      lang: "en",
      fetch: {
        "GET /mypage/v1/profile": profile(),
        "POST /mypage/v1/password/check": refused(401, "1003", "the password is not right"),
      },
    });
    const password = await screen.findByLabelText("Current password");
    fireEvent.change(password, { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("The password is not right.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(history).toEqual(["/mypage/password/check"]);
  });

  it("goes only to an address on this site", async () => {
    const { history } = renderPage(PasswordCheckPage, "/mypage/password/check?redirectUrl=%2F%2Fevil.example", {
      ...member,
      fetch: {
        "GET /mypage/v1/profile": profile(),
        "POST /mypage/v1/password/check": { validUntil: new Date(Date.now() + 300_000).toISOString() },
      },
    });
    fireEvent.change(await screen.findByLabelText("현재 비밀번호"), { target: { value: "Tide-mark-26" } });
    fireEvent.click(screen.getByRole("button", { name: "확인" }));
    await waitFor(() => expect(history.at(-1)).toBe("/"));
  });
});

describe("PasswordCheckPage without a password", () => {
  const here = "/mypage/password/check?redirectUrl=%2Fmypage%2Fsecurity%3Fnext%3Dsetup";

  it("confirms a social account by a fresh certification that came back here, then goes on", async () => {
    savePendingCertification({ certifyNo: "c-12", purpose: "account", returnTo: here, completed: true });
    const { fetch, history } = renderPage(PasswordCheckPage, here, {
      ...member,
      fetch: {
        "GET /mypage/v1/profile": profile({ channel: "kakao" }),
        "POST /mypage/v1/certification/check": { validUntil: new Date(Date.now() + 300_000).toISOString() },
      },
    });
    expect(await screen.findByRole("heading", { name: "본인 확인" })).toBeTruthy();
    await waitFor(() => expect(history.at(-1)).toBe("/mypage/security?next=setup"));
    expect(fetch.callsTo("/mypage/v1/certification/check")[0].body).toEqual({ certifyNo: "c-12" });
    expect(fetch.callsTo("/mypage/v1/password/check")).toHaveLength(0);
    expect(JSON.parse(sessionStorage.getItem("tidemark.passwordCheck") ?? "{}")).toMatchObject({ memberId: 41 });
  });

  it("says so when the certification is another person's, and stays", async () => {
    savePendingCertification({ certifyNo: "c-13", purpose: "account", returnTo: here, completed: true });
    const { history } = renderPage(PasswordCheckPage, here, {
      ...member,
      fetch: {
        "GET /mypage/v1/profile": profile({ channel: "naver" }),
        "POST /mypage/v1/certification/check": refused(403, "1005", "this certification is of another person"),
      },
    });
    expect(await screen.findByText(/계정의 주인과 다른 사람입니다. 계정 주인 본인이/)).toBeTruthy();
    expect(history).toEqual([here]);
    expect(screen.getByRole("button", { name: "본인인증으로 확인" })).toBeTruthy();
  });

  it("an account never certified is sent to certify on my page first", async () => {
    const { fetch } = renderPage(PasswordCheckPage, here, {
      ...member,
      lang: "en",
      fetch: { "GET /mypage/v1/profile": profile({ channel: "kakao", certified: false }) },
    });
    expect(await screen.findByText(/has not been certified yet/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to certification" }).getAttribute("href")).toBe("/mypage#mypage-certification");
    expect(screen.queryByLabelText("Current password")).toBeNull();
    expect(fetch.callsTo("/mypage/v1/certification/check")).toHaveLength(0);
  });
});

describe("PasswordChangePage", () => {
  it("sends a member without a recent check to the check first, coming back here", async () => {
    const { history } = renderPage(PasswordChangePage, "/mypage/password/change", { ...member, fetch: { "GET /mypage/v1/profile": profile() } });
    await waitFor(() => expect(history.at(-1)).toBe("/mypage/password/check?redirectUrl=%2Fmypage%2Fpassword%2Fchange"));
  });

  it("a check another member made in this tab does not count", async () => {
    sessionStorage.setItem("tidemark.passwordCheck", JSON.stringify({ memberId: 7, until: Date.now() + 200_000 }));
    const { history } = renderPage(PasswordChangePage, "/mypage/password/change", { ...member, fetch: { "GET /mypage/v1/profile": profile() } });
    await waitFor(() => expect(history.at(-1)).toBe("/mypage/password/check?redirectUrl=%2Fmypage%2Fpassword%2Fchange"));
  });

  it("an expired check (the server's 403) sends the member to check again, saying why", async () => {
    checkedFor(60_000);
    const { history } = renderPage(PasswordChangePage, "/mypage/password/change", {
      ...member,
      fetch: {
        "GET /mypage/v1/profile": profile(),
        "POST /mypage/v1/password/change": refused(403, "2013", "confirm it's you: enter your password again (POST /mypage/v1/password/check); a check holds for 5 minutes on this session"),
      },
    });
    fireEvent.change(await screen.findByLabelText("새 비밀번호"), { target: { value: "Bada-2027-pw" } });
    fireEvent.change(screen.getByLabelText("새 비밀번호 확인"), { target: { value: "Bada-2027-pw" } });
    fireEvent.click(screen.getByRole("button", { name: "비밀번호 변경" }));
    await waitFor(() => expect(history.at(-1)).toBe("/mypage/password/check?redirectUrl=%2Fmypage%2Fpassword%2Fchange&expired=1"));
  });

  it("the check page says the check has expired", async () => {
    renderPage(PasswordCheckPage, "/mypage/password/check?redirectUrl=%2Fmypage%2Fpassword%2Fchange&expired=1", {
      ...member,
      fetch: { "GET /mypage/v1/profile": profile() },
    });
    expect((await screen.findByRole("alert")).textContent).toBe("비밀번호 확인 시간(5분)이 지났습니다. 비밀번호를 다시 확인해 주세요.");
  });

  it("shows the core's rule live, refuses a mismatch, then changes it and says the other sessions ended", async () => {
    checkedFor(200_000);
    const { fetch } = renderPage(PasswordChangePage, "/mypage/password/change", {
      ...member,
      fetch: { "GET /mypage/v1/profile": profile(), "POST /mypage/v1/password/change": {} },
    });
    const field = await screen.findByLabelText("새 비밀번호");
    expect(field.getAttribute("autocomplete")).toBe("new-password");
    expect(screen.getByText(/비밀번호 확인 남은 시간: 3:\d\d/)).toBeTruthy();
    fireEvent.change(field, { target: { value: "haneul-2027" } });
    // Holds the e-mail's name: the core's rule says so as it is typed.
    expect(screen.getByText("이메일 아이디를 포함하지 않음").closest("span")?.className).toBe("rule-unmet");
    fireEvent.change(field, { target: { value: "Bada-2027-pw" } });
    fireEvent.change(screen.getByLabelText("새 비밀번호 확인"), { target: { value: "Bada-2027-px" } });
    fireEvent.click(screen.getByRole("button", { name: "비밀번호 변경" }));
    expect(await screen.findByText("새 비밀번호가 서로 다릅니다.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("새 비밀번호 확인"), { target: { value: "Bada-2027-pw" } });
    fireEvent.click(screen.getByRole("button", { name: "비밀번호 변경" }));
    expect(await screen.findByRole("heading", { level: 1, name: "비밀번호를 바꿨습니다" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("다른 기기와 브라우저에서는 모두 로그아웃되었습니다.");
    expect(fetch.callsTo("/mypage/v1/password/change")[0].body).toEqual({ newPassword: "Bada-2027-pw" });
  });
});

describe("WithdrawPage", () => {
  it("tells a master what to do first instead of offering the form", async () => {
    renderPage(WithdrawPage, "/mypage/user/withdraw", {
      ...member,
      fetch: { "GET /mypage/v1/profile": profile({ userAuthName: "BUSINESS_MASTER", businessId: 3 }) },
    });
    expect(await screen.findByText(/기업 넘기기:/)).toBeTruthy();
    expect(screen.getByText(/기업 닫기:/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "기업 관리로 이동" }).getAttribute("href")).toBe("/mypage/business");
    expect(screen.queryByRole("button", { name: "탈퇴하기" })).toBeNull();
  });

  it("asks for a reason and the confirmation, asks once more, then withdraws and lands home signed out", async () => {
    checkedFor(200_000);
    let signedOut = false;
    const session = { ...sessionOf("member"), signOut: async () => void (signedOut = true) };
    const { fetch, history } = renderPage(WithdrawPage, "/mypage/user/withdraw", {
      session,
      fetch: { "GET /mypage/v1/profile": profile(), "POST /mypage/v1/withdraw": {} },
    });
    expect(await screen.findByText("바로 삭제되는 정보")).toBeTruthy();
    expect(screen.getByText(/기업 관리자로 쓴 콘텐츠는 기업의 것이므로/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "탈퇴하기" }));
    await waitFor(() => expect(document.activeElement?.id).toBe("reason-first"));
    expect(screen.getByText("탈퇴 이유를 골라 주세요.")).toBeTruthy();
    expect(screen.getByText("내용을 확인했다는 데 체크해 주세요.")).toBeTruthy();
    fireEvent.click(screen.getByLabelText("기타"));
    fireEvent.change(screen.getByLabelText("자세한 이유"), { target: { value: "잠시 쉬려고요" } });
    fireEvent.click(screen.getByLabelText(/되돌릴 수 없다는 데 동의합니다/));
    fireEvent.click(screen.getByRole("button", { name: "탈퇴하기" }));
    const question = await screen.findByRole("heading", { name: "정말 탈퇴하시겠습니까?" });
    await waitFor(() => expect(document.activeElement).toBe(question));
    expect(fetch.callsTo("/mypage/v1/withdraw")).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "네, 탈퇴합니다" }));
    await waitFor(() => expect(history.at(-1)).toBe("/"));
    expect(fetch.callsTo("/mypage/v1/withdraw")[0].body).toEqual({ reason: "기타 — 잠시 쉬려고요" });
    expect(takeFlash()).toContain("회원 탈퇴를 마쳤습니다.");
    await waitFor(() => expect(signedOut).toBe(true));
  });

  it("an expired check sends the member to check again; the reason stays", async () => {
    checkedFor(200_000);
    const { history } = renderPage(WithdrawPage, "/mypage/user/withdraw", {
      ...member,
      fetch: { "GET /mypage/v1/profile": profile(), "POST /mypage/v1/withdraw": refused(403, "2013", "confirm it's you") },
    });
    fireEvent.click(await screen.findByLabelText("자주 이용하지 않아요"));
    fireEvent.click(screen.getByLabelText(/되돌릴 수 없다는 데 동의합니다/));
    fireEvent.click(screen.getByRole("button", { name: "탈퇴하기" }));
    fireEvent.click(await screen.findByRole("button", { name: "네, 탈퇴합니다" }));
    await waitFor(() => expect(history.at(-1)).toBe("/mypage/password/check?redirectUrl=%2Fmypage%2Fuser%2Fwithdraw&expired=1"));
    expect(JSON.parse(sessionStorage.getItem("tidemark.draft.mypage.withdraw.41") ?? "{}")).toMatchObject({ reason: "reasonRarely" });
  });

  it("a member without a password confirms by a fresh certification, sent with the withdrawal", async () => {
    savePendingCertification({ certifyNo: "c-9", purpose: "account", returnTo: "/mypage/user/withdraw", completed: true });
    const { fetch, history } = renderPage(WithdrawPage, "/mypage/user/withdraw", {
      ...member,
      fetch: { "GET /mypage/v1/profile": profile({ channel: "local" }), "POST /mypage/v1/withdraw": {} },
    });
    expect(await screen.findByText("본인인증을 마쳤습니다.")).toBeTruthy();
    fireEvent.click(screen.getByLabelText("다른 계정을 쓸게요"));
    fireEvent.click(screen.getByLabelText(/되돌릴 수 없다는 데 동의합니다/));
    fireEvent.click(screen.getByRole("button", { name: "탈퇴하기" }));
    fireEvent.click(await screen.findByRole("button", { name: "네, 탈퇴합니다" }));
    await waitFor(() => expect(history.at(-1)).toBe("/"));
    expect(fetch.callsTo("/mypage/v1/withdraw")[0].body).toEqual({ reason: "다른 계정을 쓸게요", certifyNo: "c-9" });
  });
});
