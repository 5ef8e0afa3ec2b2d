import { useState } from "react";
import { abbreviateCount, checkPassword, formatDate, resolveParticles } from "tidemark-core";
import { fieldsMatching, PASSWORD_PROBLEMS } from "./fields";

const KOREA = 540; // minutes east of UTC
const PUBLISHED_AT = Date.UTC(2026, 2, 5, 19, 4);

export function App() {
  const [query, setQuery] = useState("");
  const [password, setPassword] = useState("");
  const matches = fieldsMatching(query);
  const check = checkPassword(password);
  return (
    <main>
      <h1>tidemark-core 예제</h1>
      <p data-testid="published">{formatDate(PUBLISHED_AT, "yyyy년 M월 d일 a h:mm", KOREA, "ko")} 게시</p>
      <p data-testid="followers">{resolveParticles(`이음HR이(가) 팔로워 ${abbreviateCount(12_345)}명과(와) 함께합니다`)}</p>

      <label htmlFor="field">분야 찾기</label>
      <input id="field" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
      <ul data-testid="matches">
        {matches.map((field) => (
          <li key={field}>{field}</li>
        ))}
      </ul>

      <label htmlFor="password">비밀번호</label>
      <input id="password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="new-password" />
      <p data-testid="password">{check.ok ? "좋은 비밀번호입니다" : check.problems.map((problem) => PASSWORD_PROBLEMS[problem]).join(" · ")}</p>
    </main>
  );
}
