import { defineTexts } from "../../lib/i18n";

export const useConfirmTexts = defineTexts({
  ko: {
    title: "본인 확인",
    lead: "되돌릴 수 없는 작업입니다. 계속하려면 비밀번호를 한 번 더 입력해 주세요. 확인은 이 기기에서 5분 동안 유지됩니다.",
    password: "비밀번호",
    confirm: "확인",
    checking: "확인 중…",
    cancel: "취소",
    wrong: "비밀번호가 맞지 않습니다.",
    passkey: "비밀번호 대신 패스키로 확인",
    passkeyRefused: "이 패스키로는 확인할 수 없습니다. 이 계정의 패스키나 비밀번호를 사용해 주세요.",
    failed: "확인하지 못했습니다. 잠시 후 다시 시도해 주세요.",
    socialLead: "되돌릴 수 없는 작업입니다. 소셜 계정으로 가입한 계정은 패스키나 휴대폰 본인인증으로 본인임을 확인합니다. 확인은 이 기기에서 5분 동안 유지됩니다.",
    byPasskey: "패스키로 확인",
    byCertification: "본인인증으로 확인하러 가기",
  },
  en: {
    title: "Confirm it's you",
    lead: "This cannot be undone. Enter your password once more to go on; the confirmation holds for 5 minutes on this device.",
    password: "Password",
    confirm: "Confirm",
    checking: "Checking…",
    cancel: "Cancel",
    wrong: "That password is not right.",
    passkey: "Use a passkey instead",
    passkeyRefused: "This passkey could not confirm it's you. Use one of this account's passkeys or your password.",
    failed: "That could not be checked. Please try again in a moment.",
    socialLead: "This cannot be undone. An account joined through a social account confirms it's you with a passkey or phone identity certification; the confirmation holds for 5 minutes on this device.",
    byPasskey: "Confirm with a passkey",
    byCertification: "Go and confirm with certification",
  },
});
