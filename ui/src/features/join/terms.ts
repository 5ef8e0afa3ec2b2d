// The terms a person agrees to on /member/join: Tidemark's own, in full as a reader sees them.
// Required (service, privacy) and optional (marketing) are kept apart, as Korea's Personal
// Information Protection Act asks: an optional consent is never a condition of joining.
import type { Lang } from "../../lib/core";

export type TermId = "service" | "privacy" | "marketing";

export interface TermSection {
  heading: string;
  paragraphs: string[];
}

export interface Term {
  id: TermId;
  required: boolean;
  title: string;
  /** The sentence beside its checkbox. */
  agree: string;
  sections: TermSection[];
}

const EFFECTIVE_KO = "시행일: 2026년 11월 1일";
const EFFECTIVE_EN = "Effective 1 November 2026";

const ko: Term[] = [
  {
    id: "service",
    required: true,
    title: "Tidemark 서비스 이용약관",
    agree: "Tidemark 서비스 이용약관에 동의합니다",
    sections: [
      {
        heading: "제1조 목적",
        paragraphs: [
          "이 약관은 Tidemark(이하 '회사')가 제공하는 기업 콘텐츠 플랫폼 서비스(웹사이트와 앱)를 이용하는 데 필요한 회원과 회사의 권리·의무와 책임을 정합니다.",
        ],
      },
      {
        heading: "제2조 회원가입",
        paragraphs: [
          "만 14세 이상인 분은 이 약관과 개인정보 수집·이용에 동의하고 이메일 또는 소셜 계정으로 가입할 수 있습니다.",
          "한 사람은 본인인증을 거쳐 하나의 독자 계정만 가질 수 있습니다. 다른 사람의 정보로 가입하거나 이미 계정이 있는 분이 새 계정을 만들 수 없습니다.",
        ],
      },
      {
        heading: "제3조 서비스",
        paragraphs: [
          "회원은 기업이 발행한 콘텐츠를 읽고, 기업을 팔로우하고, 콘텐츠를 저장(북마크)하고, 관심 분야에 맞춘 목록을 받을 수 있습니다.",
          "기업 회원(기업 마스터와 매니저)은 자기 기업의 프로필과 콘텐츠를 관리하고 통계를 볼 수 있습니다. 기업이 올린 콘텐츠의 책임은 그 기업에 있습니다.",
        ],
      },
      {
        heading: "제4조 회원의 의무",
        paragraphs: [
          "회원은 계정을 다른 사람에게 빌려주거나 팔 수 없으며, 비밀번호를 안전하게 관리해야 합니다.",
          "법령을 어기거나 다른 사람의 권리를 침해하는 행위, 서비스의 정상적인 운영을 방해하는 행위(자동화된 대량 요청 포함)를 해서는 안 됩니다.",
        ],
      },
      {
        heading: "제5조 탈퇴와 이용 제한",
        paragraphs: [
          "회원은 마이페이지에서 언제든 탈퇴할 수 있으며, 탈퇴하면 개인정보는 즉시 삭제됩니다. 기업 회원이 작성한 콘텐츠는 기업의 자산으로 남습니다.",
          "회사는 약관을 어긴 계정의 이용을 제한할 수 있으며, 그 사유를 회원에게 알립니다.",
        ],
      },
      {
        heading: "제6조 약관의 변경",
        paragraphs: [
          "회사는 약관을 바꿀 때 시행 7일 전(회원에게 불리한 변경은 30일 전)부터 사이트에 알립니다.",
          EFFECTIVE_KO,
        ],
      },
    ],
  },
  {
    id: "privacy",
    required: true,
    title: "개인정보 수집·이용 동의서",
    agree: "개인정보 수집·이용에 동의합니다",
    sections: [
      {
        heading: "수집하는 항목",
        paragraphs: [
          "가입 정보: 이메일, 비밀번호(암호화하여 저장), 닉네임, 관심 분야. 소셜 가입은 제공자의 회원 식별값과 제공자가 알려 준 이메일·이름.",
          "본인인증 정보: 이름, 휴대폰 번호, 생년월일, 성별, 중복가입 확인값(CI).",
          "서비스 이용 기록: 로그인 기록, 접속 기기 정보, 읽기·팔로우·저장 기록.",
        ],
      },
      {
        heading: "이용 목적",
        paragraphs: [
          "회원 식별과 로그인, 한 사람 한 계정 확인, 비밀번호 찾기, 관심 분야에 맞춘 콘텐츠 제공, 부정 이용 방지.",
          "기업 통계에는 본인인증을 마친 회원의 성별·연령대만 5명 이상 묶음으로 쓰이며, 개인을 알아볼 수 있는 정보는 기업에 제공하지 않습니다.",
        ],
      },
      {
        heading: "보유 기간",
        paragraphs: [
          "탈퇴할 때까지 보유하며, 탈퇴하면 즉시 파기합니다. 다만 관계 법령이 정한 기록(예: 접속 기록 3개월, 통신비밀보호법)은 그 기간 동안 보관합니다.",
        ],
      },
      {
        heading: "처리 위탁",
        paragraphs: ["본인인증: 본인인증 기관(PortOne과 제휴 인증사). 메일 발송: 회사가 지정한 메일 발송 서비스."],
      },
      {
        heading: "동의를 거부할 권리",
        paragraphs: [
          "동의를 거부할 수 있으나, 위 항목은 서비스 제공에 꼭 필요하므로 거부하면 가입할 수 없습니다.",
          EFFECTIVE_KO,
        ],
      },
    ],
  },
  {
    id: "marketing",
    required: false,
    title: "마케팅 정보 수신 동의서",
    agree: "마케팅 정보 수신에 동의합니다",
    sections: [
      {
        heading: "받게 되는 정보",
        paragraphs: [
          "Tidemark의 새 기능, 추천 콘텐츠와 기업 소식, 행사·이벤트 안내를 이메일로 보내 드립니다(한 달에 몇 번을 넘지 않습니다).",
        ],
      },
      {
        heading: "이용 항목과 기간",
        paragraphs: ["이메일, 닉네임, 관심 분야를 동의를 철회하거나 탈퇴할 때까지 이용합니다."],
      },
      {
        heading: "선택 동의",
        paragraphs: [
          "동의하지 않아도 가입과 서비스 이용에 아무런 제한이 없습니다. 마이페이지의 회원정보 수정에서 언제든 바꿀 수 있습니다.",
          EFFECTIVE_KO,
        ],
      },
    ],
  },
];

const en: Term[] = [
  {
    id: "service",
    required: true,
    title: "Tidemark Terms of Service",
    agree: "I agree to the Tidemark Terms of Service",
    sections: [
      {
        heading: "1. Purpose",
        paragraphs: [
          "These terms set out the rights, duties and responsibilities of members and Tidemark (\"we\") in using Tidemark's business-content platform (the web site and the app).",
        ],
      },
      {
        heading: "2. Joining",
        paragraphs: [
          "Anyone aged 14 or over may join with an e-mail address or a social account after agreeing to these terms and to the collection and use of personal information.",
          "One person holds one reader account, confirmed by identity certification. Nobody may join with someone else's details or open a second account.",
        ],
      },
      {
        heading: "3. The service",
        paragraphs: [
          "Members read the content businesses publish, follow businesses, save (bookmark) posts and get lists shaped by their interests.",
          "Business members (masters and managers) manage their business's profile and posts and see its statistics. A business is responsible for what it publishes.",
        ],
      },
      {
        heading: "4. Members' duties",
        paragraphs: [
          "Members may not lend or sell their account and must keep their password safe.",
          "Members may not break the law, infringe others' rights or disturb the service (automated mass requests included).",
        ],
      },
      {
        heading: "5. Leaving, and restrictions",
        paragraphs: [
          "Members may leave at any time from My page; their personal data is erased at once. Posts written for a business stay with that business.",
          "We may restrict an account that breaks these terms, and we tell the member why.",
        ],
      },
      {
        heading: "6. Changes",
        paragraphs: [
          "We announce changes on the site 7 days before they take effect (30 days for changes that are less favourable to members).",
          EFFECTIVE_EN,
        ],
      },
    ],
  },
  {
    id: "privacy",
    required: true,
    title: "Collection and use of personal information",
    agree: "I agree to the collection and use of my personal information",
    sections: [
      {
        heading: "What we collect",
        paragraphs: [
          "Account: e-mail, password (stored only as a hash), nickname, interests. A social join: the provider's member id and the e-mail and name it shares.",
          "Identity certification: name, mobile number, date of birth, gender, and the duplicate-check value (CI).",
          "Use of the service: sign-in records, device information, reading, following and saving records.",
        ],
      },
      {
        heading: "Why",
        paragraphs: [
          "To identify members and sign them in, keep one account per person, recover passwords, show content that fits their interests, and prevent abuse.",
          "Business statistics use only the gender and age band of certified members, in groups of five or more; nothing that identifies a person is given to businesses.",
        ],
      },
      {
        heading: "How long",
        paragraphs: [
          "Until the member leaves, then erased at once, except records the law requires us to keep for a set time (e.g. access logs, 3 months).",
        ],
      },
      {
        heading: "Processors",
        paragraphs: ["Identity certification: the certification provider (PortOne and its partner). E-mail: the mail service we use."],
      },
      {
        heading: "Your right to refuse",
        paragraphs: [
          "You may refuse, but these items are needed to provide the service: without this consent you cannot join.",
          EFFECTIVE_EN,
        ],
      },
    ],
  },
  {
    id: "marketing",
    required: false,
    title: "Marketing e-mails",
    agree: "I agree to receive marketing e-mails",
    sections: [
      {
        heading: "What you get",
        paragraphs: [
          "News of Tidemark's features, recommended posts and business news, and invitations to events, by e-mail (a few times a month at most).",
        ],
      },
      {
        heading: "What we use, and for how long",
        paragraphs: ["Your e-mail, nickname and interests, until you withdraw the consent or leave."],
      },
      {
        heading: "Optional",
        paragraphs: [
          "Joining and using the service do not depend on it. Change it at any time under My page → Edit profile.",
          EFFECTIVE_EN,
        ],
      },
    ],
  },
];

/** The terms in the visitor's language. */
export function termsIn(lang: Lang): Term[] {
  return lang === "ko" ? ko : en;
}
