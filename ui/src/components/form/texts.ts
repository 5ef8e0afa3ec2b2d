import { defineTexts } from "../../lib/i18n";

export const useFormTexts = defineTexts({
  ko: {
    ruleLength: "8~64자",
    ruleKinds: "영문 대문자·소문자·숫자·특수문자 중 3종류 이상",
    ruleNoEmail: "이메일 아이디를 포함하지 않음",
    met: "충족",
    unmet: "미충족",
    tooManyIn: "요청이 너무 많습니다. {s}초 후에 다시 시도해 주세요.",
    tooMany: "요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.",
    failed: "요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.",
    offline: "서버에 연결하지 못했습니다. 네트워크를 확인한 뒤 다시 시도해 주세요.",
    notConfirmed: "본인 확인을 마치지 않아 아무것도 바뀌지 않았습니다.",
    chooseFile: "파일 선택",
    noFile: "선택한 파일 없음",
    filesChosen: "파일 {count}개",
  },
  en: {
    ruleLength: "8–64 characters",
    ruleKinds: "at least three of upper case, lower case, digits, symbols",
    ruleNoEmail: "does not contain your e-mail's name",
    met: "met",
    unmet: "not met",
    tooManyIn: "Too many requests. Please try again in {s} seconds.",
    tooMany: "Too many requests. Please try again in a moment.",
    failed: "That did not work. Please try again in a moment.",
    offline: "The server could not be reached. Check the network and try again.",
    notConfirmed: "Nothing was changed: you did not confirm it's you.",
    chooseFile: "Choose a file",
    noFile: "No file chosen",
    filesChosen: "{count} files",
  },
});
