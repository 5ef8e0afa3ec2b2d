// The Vite + React example (examples/vite-react), built from the packed package and served by
// `vite preview`, used in Chromium as a person would: the date and the particles are shown,
// Hangul typed through the input method's composition filters the list by 초성 and by a
// half-typed syllable, and the password is checked as it is typed. Any error in the page's
// console fails it. A screenshot is left in target/example-vite-react.png.
import { chromium } from "playwright-core";

const url = process.argv[2];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const problems = [];
try {
  const page = await browser.newPage({ viewport: { width: 768, height: 900 }, locale: "ko-KR" });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => message.type() === "error" && problems.push(`console: ${message.text()}`));
  await page.goto(url);

  const text = (testId) => page.getByTestId(testId).innerText();
  const expectText = async (testId, expected) => {
    await page.waitForFunction(
      ([id, want]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === want,
      [testId, expected],
      { timeout: 5_000 },
    ).catch(async () => problems.push(`${testId}: expected ${JSON.stringify(expected)}, saw ${JSON.stringify(await text(testId))}`));
  };
  const matches = async (want) => {
    const seen = await page.getByTestId("matches").locator("li").allInnerTexts();
    if (JSON.stringify(seen) !== JSON.stringify(want)) problems.push(`matches: expected ${want.join(", ")}, saw ${seen.join(", ")}`);
  };

  await expectText("published", "2026년 3월 6일 오전 4:04 게시");
  await expectText("followers", "이음HR이 팔로워 12.3k명과 함께합니다");

  // Hangul through the input method: each jamo composed, then committed.
  const cdp = await page.context().newCDPSession(page);
  const compose = async (steps, commit) => {
    for (const step of steps) await cdp.send("Input.imeSetComposition", { text: step, selectionStart: step.length, selectionEnd: step.length });
    await cdp.send("Input.insertText", { text: commit });
  };
  await page.locator("#field").focus();
  await compose(["ㅁ"], "ㅁ");
  await compose(["ㅋ"], "ㅋ");
  await matches(["마케팅"]);
  await page.locator("#field").fill("");
  await compose(["ㅁ", "마", "맠"], "맠");
  await matches(["마케팅"]);
  await page.locator("#field").fill("");
  await compose(["ㄷ", "다", "달", "닭"], "닭");
  await matches(["닭갈비 맛집", "달걀 요리"]);

  await page.locator("#password").pressSequentially("tide");
  await expectText("password", "8자 이상이어야 합니다 · 대문자, 소문자, 숫자, 기호 중 세 가지가 필요합니다");
  await page.locator("#password").fill("Tidemark-2026!");
  await expectText("password", "좋은 비밀번호입니다");

  await page.screenshot({ path: new URL("../target/example-vite-react.png", import.meta.url).pathname, fullPage: true });
} finally {
  await browser.close();
}
if (problems.length) {
  console.error(`the Vite example in Chromium:\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log("the Vite example in Chromium: date, particles, 초성 and half-typed filtering through the input method, password check: as expected");
