//! The local provider's pages: the form, and the messages a tester meets.

use super::form::{Filled, Problem};
use super::PAGE;
use crate::entities::certifications;
use crate::kernel::html::escape_html;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

pub(super) fn html(status: StatusCode, body: String) -> Response {
    (status, [(header::CACHE_CONTROL, "no-store")], Html(body)).into_response()
}

const STYLE: &str = r#"
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: #eef2f7; color: #18212d;
  font-family: system-ui, -apple-system, "Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans KR", sans-serif; }
main { max-width: 440px; margin: 48px auto; background: #fff; border-radius: 18px;
  box-shadow: 0 10px 32px rgba(22, 44, 88, .10); padding: 28px 26px 22px; }
.badge { display: inline-block; background: #fff3d1; color: #845400; border-radius: 999px;
  padding: 3px 11px; font-size: .75rem; font-weight: 600; }
h1 { font-size: 1.4rem; margin: 14px 0 4px; }
.en { color: #5c6878; font-weight: 400; font-size: .86em; }
.lead { margin: 0 0 8px; color: #384454; }
label, legend { display: block; font-weight: 600; font-size: .95rem; margin: 18px 0 6px; padding: 0; }
input[type=text], input[type=tel], input[type=date] { width: 100%; padding: 12px 13px; font: inherit;
  border: 1px solid #c9d2dd; border-radius: 11px; background: #fbfcfe; }
input:focus { outline: 2px solid #2462e0; outline-offset: 1px; border-color: #2462e0; }
fieldset { border: 0; margin: 18px 0 0; padding: 0; }
legend { margin: 0 0 6px; }
.choices { display: flex; gap: 10px; }
.choices label { flex: 1; margin: 0; font-weight: 400; border: 1px solid #c9d2dd; border-radius: 11px;
  padding: 11px; text-align: center; cursor: pointer; background: #fbfcfe; }
.problems { background: #fdecec; color: #9d1c1c; border-radius: 11px; padding: 12px 14px 12px 30px; margin: 16px 0 0; }
.problems li + li { margin-top: 4px; }
.buttons { display: flex; flex-direction: row-reverse; gap: 10px; margin-top: 26px; }
button { flex: 1; padding: 13px; font: inherit; font-weight: 600; border-radius: 11px; cursor: pointer; border: 1px solid transparent; }
.confirm { background: #2462e0; color: #fff; }
.confirm:hover { background: #1b50bd; }
.confirm .en { color: #dfe8fb; }
.cancel { background: #fff; color: #18212d; border-color: #c9d2dd; }
.note { color: #5c6878; font-size: .8rem; line-height: 1.55; margin: 22px 0 0; }
"#;

fn document(body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"ko\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\">\
         <title>본인인증 · Identity certification — Tidemark</title><style>{STYLE}</style></head>\
         <body><main>{body}</main></body></html>\n"
    )
}

pub(super) fn message_page(status: StatusCode, korean: &str, english: &str) -> Response {
    html(
        status,
        document(&format!(
            "<span class=\"badge\">개발·테스트용 인증 · Development provider</span>\
             <h1>본인인증 <span class=\"en\">Identity certification</span></h1>\
             <p class=\"lead\">{}<br><span class=\"en\">{}</span></p>",
            escape_html(korean),
            escape_html(english)
        )),
    )
}

fn purpose_text(purpose: &str) -> (&'static str, &'static str) {
    match purpose {
        "join" => ("회원가입을 위한 본인인증입니다.", "Certification to join."),
        "password" => (
            "비밀번호를 찾기 위한 본인인증입니다.",
            "Certification to find your password.",
        ),
        "change" => (
            "휴대폰 번호 변경을 위한 본인인증입니다.",
            "Certification to change your phone number.",
        ),
        _ => (
            "계정 확인을 위한 본인인증입니다.",
            "Certification of your account.",
        ),
    }
}

pub(super) fn form_page(
    row: &certifications::Model,
    filled: &Filled,
    problems: &[Problem],
) -> String {
    let value = |v: &Option<String>| escape_html(v.as_deref().unwrap_or("").trim());
    let checked = |g: &str| {
        if filled.gender.as_deref() == Some(g) {
            " checked"
        } else {
            ""
        }
    };
    let problems = if problems.is_empty() {
        String::new()
    } else {
        let items: String = problems
            .iter()
            .map(|(ko, en)| {
                format!(
                    "<li>{}<br><span class=\"en\">{}</span></li>",
                    escape_html(ko),
                    escape_html(en)
                )
            })
            .collect();
        format!("<ul class=\"problems\" role=\"alert\">{items}</ul>")
    };
    let (purpose_ko, purpose_en) = purpose_text(&row.purpose);
    document(&format!(
        r#"<span class="badge">개발·테스트용 인증 · Development provider</span>
<h1>본인인증 <span class="en">Identity certification</span></h1>
<p class="lead">{purpose_ko}<br><span class="en">{purpose_en}</span></p>
{problems}
<form method="post" action="{PAGE}">
<input type="hidden" name="certifyNo" value="{certify_no}">
<label for="name">이름 <span class="en">Name</span></label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="30" required value="{name}">
<label for="phone">휴대폰 번호 <span class="en">Mobile phone</span></label>
<input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" maxlength="13" pattern="[0-9\-]*" placeholder="010-1234-5678" required value="{phone}">
<label for="birthDate">생년월일 <span class="en">Date of birth</span></label>
<input id="birthDate" name="birthDate" type="date" min="1900-01-01" placeholder="yyyy-MM-dd" required value="{birth_date}">
<fieldset><legend>성별 <span class="en">Gender</span></legend>
<div class="choices">
<label><input type="radio" name="gender" value="male" required{male}> 남성 <span class="en">Male</span></label>
<label><input type="radio" name="gender" value="female"{female}> 여성 <span class="en">Female</span></label>
</div></fieldset>
<div class="buttons">
<button class="confirm" type="submit" name="action" value="confirm">확인 <span class="en">Confirm</span></button>
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>취소 <span class="en">Cancel</span></button>
</div>
</form>
<p class="note">실제 본인인증 대신 쓰는 개발·테스트용 화면입니다. 입력한 정보가 그대로 인증 결과가 됩니다.<br>
<span class="en">This page stands in for a real certification provider in development and tests: what you enter becomes the certified identity.</span></p>"#,
        certify_no = escape_html(&row.certify_no),
        name = value(&filled.name),
        phone = value(&filled.phone),
        birth_date = value(&filled.birth_date),
        male = checked("male"),
        female = checked("female"),
    ))
}
