import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, sessionOf } from "../../test/render";
import { Passkeys } from "./Passkeys";

const at = "2026-12-07T03:00:00Z";
const phone = { id: 7, name: "내 휴대폰", addedAt: at, lastUsedAt: null };

/** A browser that makes passkeys: the options parsed as they came, the answer's JSON given. */
function passkeyBrowser() {
  const parse = vi.fn((options: unknown) => ({ parsed: options }));
  const create = vi.fn(async () => ({ toJSON: () => ({ id: "new-key", type: "public-key" }) }));
  vi.stubGlobal("PublicKeyCredential", { parseCreationOptionsFromJSON: parse, parseRequestOptionsFromJSON: parse });
  Object.defineProperty(navigator, "credentials", { value: { create, get: vi.fn() }, configurable: true });
  return { parse, create };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "credentials");
});

describe("Passkeys", () => {
  it("adds a named passkey: the server's options to the browser, the browser's answer to the server", async () => {
    const { parse, create } = passkeyBrowser();
    let listed: object[] = [];
    const { fetch } = renderWithApp(<Passkeys />, {
      route: "/mypage/security",
      session: sessionOf("member"),
      fetch: {
        "GET /mypage/v1/passkeys": () => listed,
        "POST /mypage/v1/passkeys/options": { publicKey: { challenge: "c2VydmVy" } },
        "POST /mypage/v1/passkeys": (call) => {
          listed = [{ ...phone, name: (call.body as { name: string }).name }];
          return listed[0];
        },
      },
    });
    const region = await screen.findByRole("region", { name: "패스키" });
    expect(await within(region).findByText("아직 추가한 패스키가 없습니다.")).toBeTruthy();

    // No name: said at the field, nothing asked of the browser.
    fireEvent.click(within(region).getByRole("button", { name: "패스키 추가" }));
    expect(await within(region).findByText("패스키 이름을 입력해 주세요.")).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(within(region).getByLabelText("패스키 이름"), { target: { value: "  내 휴대폰 " } });
    fireEvent.click(within(region).getByRole("button", { name: "패스키 추가" }));
    expect(await screen.findByText("패스키를 추가했습니다.")).toBeTruthy();
    expect(parse).toHaveBeenCalledWith({ challenge: "c2VydmVy" });
    expect(create).toHaveBeenCalledWith({ publicKey: { parsed: { challenge: "c2VydmVy" } } });
    const added = fetch.callsTo("/mypage/v1/passkeys").find((call) => call.method === "POST");
    expect(added?.body).toEqual({ name: "내 휴대폰", credential: { id: "new-key", type: "public-key" } });
    await waitFor(() => expect(within(region).getAllByRole("listitem")).toHaveLength(1));
    expect(region.textContent).toContain("아직 사용하지 않음");
    expect(within(region).getByRole("button", { name: "삭제: 내 휴대폰" })).toBeTruthy();
  });

  it("says so where the browser cannot make passkeys, and still lists and removes them", async () => {
    let listed: object[] = [phone];
    const { fetch } = renderWithApp(<Passkeys />, {
      route: "/mypage/security",
      session: sessionOf("member"),
      lang: "en",
      fetch: {
        "GET /mypage/v1/passkeys": () => listed,
        "DELETE /mypage/v1/passkeys/7": () => {
          listed = [];
          return null;
        },
      },
    });
    expect(await screen.findByText("This browser cannot make passkeys.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add a passkey" })).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Remove: 내 휴대폰" }));
    expect(await screen.findByText("The passkey is removed.")).toBeTruthy();
    await waitFor(() => expect(screen.getByText("You have not added a passkey yet.")).toBeTruthy());
    expect(fetch.log()).toContain("DELETE /mypage/v1/passkeys/7");
  });
});
