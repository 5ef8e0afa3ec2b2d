import { defineTexts } from "../../lib/i18n";

export const useCertifyTexts = defineTexts({
  ko: {
    title: "본인인증",
    working: "본인인증 결과를 확인하고 있습니다…",
    lost: "진행 중인 본인인증을 찾지 못했습니다. 다른 창에서 시작했거나 시간이 지났을 수 있습니다. 처음부터 다시 시도해 주세요.",
    failed: "본인인증을 완료하지 못했습니다. 다시 시도해 주세요.",
    providerDown: "본인인증 기관에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.",
    back: "돌아가기",
    home: "홈으로",
  },
  en: {
    title: "Identity certification",
    working: "Checking the certification…",
    lost: "No certification in progress was found: it may have started in another window or expired. Please start again.",
    failed: "The certification could not be completed. Please try again.",
    providerDown: "The certification provider could not be reached. Please try again in a moment.",
    back: "Go back",
    home: "Home",
  },
});
