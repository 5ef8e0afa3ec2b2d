import { afterEach, describe, expect, it, vi } from "vitest";
import { goToProvider, type CertifyRequested } from "./certify";

const REQUESTED: CertifyRequested = {
  certifyNo: "tmc_portone_1",
  provider: "portone",
  purpose: "join",
  redirectUrl: "https://tidemark.example/member/auth/callbackCertify",
  impCode: "imp12345678",
  expiresAt: "2026-11-23T10:30:00Z",
};

type Rules = { createScriptURL?: (url: string) => string; createHTML?: (html: string) => string };

afterEach(() => {
  delete (window as { IMP?: unknown }).IMP;
  vi.restoreAllMocks();
});

describe("PortOne's window under Trusted Types", () => {
  it("loads PortOne's script through its own policy and gives its script only its own origins", async () => {
    const policies = new Map<string, Rules>();
    vi.stubGlobal("trustedTypes", {
      createPolicy: (name: string, rules: Rules) => {
        if (policies.has(name)) throw new TypeError(`policy ${name} exists`);
        policies.set(name, rules);
        return { createScriptURL: (url: string) => `trusted:${rules.createScriptURL?.(url)}` };
      },
    });
    const imp = { init: vi.fn(), certification: vi.fn() };
    const appended: HTMLScriptElement[] = [];
    vi.spyOn(document.head, "append").mockImplementation((...nodes) => {
      const script = nodes[0] as HTMLScriptElement;
      appended.push(script);
      (window as { IMP?: unknown }).IMP = imp;
      script.onload?.(new Event("load"));
    });

    await goToProvider(REQUESTED);

    expect(appended[0].getAttribute("src")).toBe("trusted:https://cdn.iamport.kr/v1/iamport.js");
    expect([...policies.keys()]).toEqual(["tidemark-portone", "default"]);
    const own = policies.get("tidemark-portone")!;
    expect(() => own.createScriptURL?.("https://cdn.iamport.kr/v1/other.js")).toThrow(TypeError);
    const fallback = policies.get("default")!;
    expect(fallback.createScriptURL?.("https://service.iamport.kr/js/x.js")).toBe("https://service.iamport.kr/js/x.js");
    for (const foreign of ["https://evil.example/x.js", "https://iamport.kr.evil.example/x.js", "/assets/app.js"]) {
      expect(() => fallback.createScriptURL?.(foreign), foreign).toThrow(TypeError);
    }
    expect(imp.init).toHaveBeenCalledWith("imp12345678");
    expect(imp.certification).toHaveBeenCalledWith(
      {
        merchant_uid: "tmc_portone_1",
        m_redirect_url: "http://localhost:3000/member/auth/callbackCertify?certifyNo=tmc_portone_1",
        popup: false,
      },
      expect.any(Function),
    );
  });
});
