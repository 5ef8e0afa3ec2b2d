// The social sign-in channels as a person reads them (the same words as the login page's
// buttons): a name for sentences, and the join page's button.
import { defineTexts } from "../../lib/i18n";
import type { Channel } from "../../lib/social";

const useChannelTexts = defineTexts({
  ko: {
    kakao: "카카오",
    naver: "네이버",
    google: "Google",
    local: "테스트",
    joinKakao: "카카오로 가입하기",
    joinNaver: "네이버로 가입하기",
    joinGoogle: "Google로 가입하기",
    joinLocal: "테스트 계정으로 가입하기 (개발용)",
  },
  en: {
    kakao: "Kakao",
    naver: "Naver",
    google: "Google",
    local: "Test (development)",
    joinKakao: "Join with Kakao",
    joinNaver: "Join with Naver",
    joinGoogle: "Join with Google",
    joinLocal: "Join with a test account (development)",
  },
});

const JOIN = { kakao: "joinKakao", naver: "joinNaver", google: "joinGoogle", local: "joinLocal" } as const;

/** A channel's name in the visitor's language. */
export function useChannelName(): (channel: Channel) => string {
  const tx = useChannelTexts();
  return (channel) => tx[channel];
}

/** The join page's button for a channel. */
export function useJoinWith(): (channel: Channel) => string {
  const tx = useChannelTexts();
  return (channel) => tx[JOIN[channel]];
}
