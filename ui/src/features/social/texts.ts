import { defineTexts } from "../../lib/i18n";

export const useSocialTexts = defineTexts({
  ko: {
    title: "소셜 로그인",
    working: "로그인 정보를 확인하고 있습니다…",
    queryError: "잘못된 주소로 돌아왔습니다",
    queryErrorLead: "소셜 로그인에서 돌아온 주소에 로그인 종류(type)가 없습니다. 처음부터 다시 시도해 주세요.",
    lost: "이 창에서 시작한 소셜 로그인을 찾지 못했습니다. 다른 창에서 시작했거나 시간이 지났을 수 있습니다. 처음부터 다시 시도해 주세요.",
    declined: "{channel} 로그인을 취소했습니다. 다시 시도하거나 다른 방법으로 로그인해 주세요.",
    expired: "로그인 요청이 만료되었거나 이미 사용되었습니다(10분). 처음부터 다시 시도해 주세요.",
    emailTaken:
      "이 {channel} 계정의 이메일로 이미 가입한 Tidemark 계정이 있습니다. 그 계정의 이메일과 비밀번호로 로그인하거나, 비밀번호가 기억나지 않으면 비밀번호를 찾아 주세요.",
    signIn: "로그인하기",
    join: "회원가입하기",
    findPassword: "비밀번호 찾기",
    home: "홈으로",
  },
  en: {
    title: "Social sign-in",
    working: "Checking your sign-in…",
    queryError: "The sign-in came back to a wrong address",
    queryErrorLead: "The address the social sign-in returned to says no kind of sign-in (type). Please start again.",
    lost: "No social sign-in started in this window was found: it may have started in another window or expired. Please start again.",
    declined: "You cancelled the sign-in with {channel}. Try again, or sign in another way.",
    expired: "This sign-in has expired or was used already (10 minutes). Please start again.",
    emailTaken:
      "A Tidemark account already uses the e-mail of this {channel} account. Sign in to it with its e-mail and password, or recover its password if you have forgotten it.",
    signIn: "Sign in",
    join: "Join",
    findPassword: "Find my password",
    home: "Home",
  },
});
