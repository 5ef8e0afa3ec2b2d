//! The built-in `local` provider, for development and tests: a certification page served by
//! the server itself, answering only when `TIDEMARK_CERTIFY_PROVIDER` is `local`.
//!
//! Whoever fills the form is "certified" as what they type. The provider's record of a
//! confirmed certification (its `imp_uid` `local_…`, name, phone, birth date, gender and person
//! key) is kept in the request's own row while it is still REQUESTED; `POST /certify/v1/complete`
//! then looks it up by `imp_uid` exactly as it asks PortOne, and only that call completes it.

use super::provider::{LookupError, Provider, ProviderResult};
use super::random_hex;
use crate::entities::certifications;
use crate::entities::certifications::CertificationStatus;
use crate::http::error::ApiError;
use crate::kernel::html::escape_html;
use crate::state::AppState;
use crate::tokens::hash_token;
use axum::extract::rejection::{FormRejection, QueryRejection};
use axum::extract::{Form, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use chrono::{Datelike, NaiveDate, Utc};
use sea_orm::prelude::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::Deserialize;
use tidemark_core::filter::{filter_input, filter_phone, FilterOptions};
use utoipa_axum::router::OpenApiRouter;

const PAGE: &str = "/certify/local";
const RETURN_PAGE: &str = "/member/auth/callbackCertify";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route(PAGE, get(page).post(submit))
}

/// The provider's side of `complete`: the confirmed certification with this `imp_uid`.
pub async fn lookup(
    db: &impl ConnectionTrait,
    imp_uid: &str,
) -> Result<ProviderResult, LookupError> {
    let row = certifications::Entity::find()
        .filter(certifications::Column::Provider.eq("local"))
        .filter(certifications::Column::ProviderUid.eq(imp_uid))
        .one(db)
        .await?
        .ok_or(LookupError::NotFound)?;
    Ok(ProviderResult {
        imp_uid: imp_uid.to_string(),
        merchant_uid: Some(row.certify_no),
        certified: row.person_key.is_some(),
        name: row.name,
        phone: row.phone,
        birthday: row.birth_date,
        gender: row.gender,
        unique_key: row.person_key,
    })
}

/// With another provider configured, these addresses do not exist: the answer saying so.
fn not_enabled(state: &AppState) -> Option<Response> {
    match Provider::from_settings(&state.settings) {
        Ok(Provider::Local) => None,
        _ => Some(
            ApiError::NotFound(
                "the local certification provider is not enabled on this server".into(),
            )
            .into_response(),
        ),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PageQuery {
    certify_no: Option<String>,
}

/// The form, for a REQUESTED local certification that has not expired.
async fn page(
    State(state): State<AppState>,
    query: Result<Query<PageQuery>, QueryRejection>,
) -> Response {
    if let Some(not_here) = not_enabled(&state) {
        return not_here;
    }
    let certify_no = query.ok().and_then(|Query(q)| q.certify_no);
    let row = match open_request(&state, certify_no.as_deref()).await {
        Ok(row) => row,
        Err(answer) => return answer,
    };
    html(StatusCode::OK, form_page(&row, &Filled::default(), &[]))
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct Filled {
    certify_no: Option<String>,
    name: Option<String>,
    phone: Option<String>,
    birth_date: Option<String>,
    gender: Option<String>,
    /// `confirm` or `cancel`: the button pressed.
    action: Option<String>,
}

/// The form post: confirm records the person and returns to the site with an `imp_uid`; cancel
/// ends the request and returns with F0000. Bad input shows the form again with what is wrong.
async fn submit(
    State(state): State<AppState>,
    form: Result<Form<Filled>, FormRejection>,
) -> Response {
    if let Some(not_here) = not_enabled(&state) {
        return not_here;
    }
    let Ok(Form(filled)) = form else {
        return message_page(
            StatusCode::BAD_REQUEST,
            "양식을 읽을 수 없습니다.",
            "The form could not be read.",
        );
    };
    let row = match open_request(&state, filled.certify_no.as_deref()).await {
        Ok(row) => row,
        Err(answer) => return answer,
    };
    match filled.action.as_deref() {
        Some("cancel") => cancel(&state, &row).await,
        Some("confirm") => match Person::parse(&filled) {
            Ok(person) => confirm(&state, &row, person).await,
            Err(problems) => html(StatusCode::BAD_REQUEST, form_page(&row, &filled, &problems)),
        },
        _ => html(
            StatusCode::BAD_REQUEST,
            form_page(
                &row,
                &filled,
                &[("확인 또는 취소를 누르세요.", "Press confirm or cancel.")],
            ),
        ),
    }
}

async fn cancel(state: &AppState, row: &certifications::Model) -> Response {
    let result = certifications::Entity::update_many()
        .col_expr(
            certifications::Column::Status,
            Expr::value(CertificationStatus::Cancelled),
        )
        .filter(certifications::Column::Id.eq(row.id))
        .filter(certifications::Column::Status.eq(CertificationStatus::Requested))
        .exec(&state.db)
        .await;
    match result {
        Ok(done) if done.rows_affected == 1 => Redirect::to(&return_address(&[
            ("certifyNo", &row.certify_no),
            ("merchant_uid", &row.certify_no),
            ("success", "false"),
            ("error_code", "F0000"),
            (
                "error_msg",
                "본인인증을 취소했습니다 (identity certification cancelled)",
            ),
        ]))
        .into_response(),
        Ok(_) => ended(),
        Err(error) => ApiError::from(error).into_response(),
    }
}

async fn confirm(state: &AppState, row: &certifications::Model, person: Person) -> Response {
    let imp_uid = format!("local_{}", random_hex(12));
    // A second confirm before completion replaces the first, as a new attempt at a real
    // provider gets a new imp_uid.
    let result = certifications::Entity::update_many()
        .col_expr(certifications::Column::ProviderUid, Expr::value(&imp_uid))
        .col_expr(certifications::Column::Name, Expr::value(&person.name))
        .col_expr(certifications::Column::Phone, Expr::value(&person.phone))
        .col_expr(
            certifications::Column::BirthDate,
            Expr::value(&person.birth_date),
        )
        .col_expr(certifications::Column::Gender, Expr::value(&person.gender))
        .col_expr(certifications::Column::PersonKey, Expr::value(person.key()))
        .filter(certifications::Column::Id.eq(row.id))
        .filter(certifications::Column::Status.eq(CertificationStatus::Requested))
        .exec(&state.db)
        .await;
    match result {
        Ok(done) if done.rows_affected == 1 => Redirect::to(&return_address(&[
            ("certifyNo", &row.certify_no),
            ("imp_uid", &imp_uid),
            ("merchant_uid", &row.certify_no),
            ("success", "true"),
        ]))
        .into_response(),
        Ok(_) => ended(),
        Err(error) => ApiError::from(error).into_response(),
    }
}

/// The REQUESTED, unexpired local request with this certifyNo, or the page saying why not.
async fn open_request(
    state: &AppState,
    certify_no: Option<&str>,
) -> Result<certifications::Model, Response> {
    let certify_no = certify_no.map(str::trim).unwrap_or("");
    let unknown = || {
        message_page(
            StatusCode::NOT_FOUND,
            "본인인증 요청을 찾을 수 없습니다. 처음부터 다시 시도하세요.",
            "No such certification request. Please start again.",
        )
    };
    if certify_no.is_empty() || certify_no.len() > 64 {
        return Err(unknown());
    }
    let row = certifications::Entity::find()
        .filter(certifications::Column::CertifyNo.eq(certify_no))
        .filter(certifications::Column::Provider.eq("local"))
        .one(&state.db)
        .await
        .map_err(|e| ApiError::from(e).into_response())?
        .ok_or_else(unknown)?;
    if row.status != CertificationStatus::Requested {
        return Err(ended());
    }
    if row.expires_at <= Utc::now() {
        return Err(message_page(
            StatusCode::BAD_REQUEST,
            "본인인증 요청 시간(30분)이 지났습니다. 처음부터 다시 시도하세요.",
            "This certification request has expired (30 minutes). Please start again.",
        ));
    }
    Ok(row)
}

fn ended() -> Response {
    message_page(
        StatusCode::BAD_REQUEST,
        "이미 끝난 본인인증 요청입니다. 처음부터 다시 시도하세요.",
        "This certification request has already ended. Please start again.",
    )
}

/// The site's return page with the provider's parameters, as PortOne returns them to the
/// `m_redirect_url` the client gives it (the return page's address with its `certifyNo`).
fn return_address(params: &[(&str, &str)]) -> String {
    let query: Vec<String> = params
        .iter()
        .map(|(name, value)| format!("{name}={}", percent_encode(value)))
        .collect();
    format!("{RETURN_PAGE}?{}", query.join("&"))
}

fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// What the form certifies.
#[derive(Debug)]
struct Person {
    name: String,
    /// Digits only, as PortOne reports phones.
    phone: String,
    birth_date: String,
    gender: String,
}

type Problem = (&'static str, &'static str);

impl Person {
    fn parse(filled: &Filled) -> Result<Person, Vec<Problem>> {
        let mut problems: Vec<Problem> = Vec::new();
        let name = filled
            .name
            .as_deref()
            .unwrap_or("")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let name_chars = FilterOptions {
            korean: true,
            english: true,
            space: true,
            ..FilterOptions::default()
        };
        if !(2..=30).contains(&name.chars().count()) || filter_input(&name, &name_chars) != name {
            problems.push((
                "이름은 한글 또는 영문 2–30자로 입력하세요.",
                "Name: 2–30 Korean or English letters.",
            ));
        }
        let phone = filled.phone.as_deref().unwrap_or("").trim();
        let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
        if filter_phone(phone) != phone
            || !(10..=11).contains(&digits.len())
            || !digits.starts_with("01")
        {
            problems.push((
                "휴대폰 번호는 숫자와 '-'로 입력하세요 (예: 010-1234-5678).",
                "Mobile phone: digits and dashes, e.g. 010-1234-5678.",
            ));
        }
        let birth_date = filled.birth_date.as_deref().unwrap_or("").trim();
        let today = Utc::now().date_naive();
        let valid_birth = birth_date.len() == 10
            && NaiveDate::parse_from_str(birth_date, "%Y-%m-%d")
                .is_ok_and(|date| date.year() >= 1900 && date <= today);
        if !valid_birth {
            problems.push((
                "생년월일을 yyyy-MM-dd 형식으로 입력하세요 (예: 1990-01-31).",
                "Date of birth: yyyy-MM-dd, e.g. 1990-01-31.",
            ));
        }
        let gender = filled.gender.as_deref().unwrap_or("").trim();
        if gender != "male" && gender != "female" {
            problems.push(("성별을 고르세요.", "Choose a gender."));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Person {
            name,
            phone: digits,
            birth_date: birth_date.to_string(),
            gender: gender.to_string(),
        })
    }

    /// The same person always gets the same key (PortOne's `unique_key` plays this part): a
    /// person is a name, a birth date and a gender, whatever phone they certify with, so a
    /// member who changes phones can certify the new number as the same person.
    fn key(&self) -> String {
        hash_token(&format!(
            "tidemark-local-certification\n{}\n{}\n{}",
            self.name, self.birth_date, self.gender
        ))
    }
}

fn html(status: StatusCode, body: String) -> Response {
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

fn message_page(status: StatusCode, korean: &str, english: &str) -> Response {
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

fn form_page(row: &certifications::Model, filled: &Filled, problems: &[Problem]) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn filled(name: &str, phone: &str, birth: &str, gender: &str) -> Filled {
        Filled {
            certify_no: Some("tmc_1".into()),
            name: Some(name.into()),
            phone: Some(phone.into()),
            birth_date: Some(birth.into()),
            gender: Some(gender.into()),
            action: Some("confirm".into()),
        }
    }

    #[test]
    fn the_same_person_always_gets_the_same_key() {
        let one =
            Person::parse(&filled(" 홍  길동 ", "010-1234-5678", "1990-01-31", "male")).unwrap();
        let two = Person::parse(&filled("홍 길동", "01012345678", "1990-01-31", "male")).unwrap();
        assert_eq!(
            (one.name.as_str(), one.phone.as_str()),
            ("홍 길동", "01012345678")
        );
        assert_eq!(one.key(), two.key());
        let other = Person::parse(&filled("홍 길동", "01012345678", "1990-02-01", "male")).unwrap();
        assert_ne!(one.key(), other.key());
    }

    #[test]
    fn bad_input_names_every_problem() {
        let problems =
            Person::parse(&filled("<b>", "010 1234 5678", "1990-13-01", "x")).unwrap_err();
        assert_eq!(problems.len(), 4);
        assert!(
            Person::parse(&filled("Kim Minsu", "02-123-4567", "1990-01-01", "female")).is_err()
        );
        assert!(Person::parse(&filled(
            "Kim Minsu",
            "010-1234-5678",
            "2999-01-01",
            "female"
        ))
        .is_err());
        assert!(
            Person::parse(&filled("Kim Minsu", "010-1234-5678", "1990-1-1", "female")).is_err()
        );
        assert!(Person::parse(&filled(
            "Kim Minsu",
            "010-1234-5678",
            "1990-01-01",
            "female"
        ))
        .is_ok());
    }

    #[test]
    fn the_return_address_is_encoded_and_pages_escape_input() {
        assert_eq!(
            return_address(&[("error_msg", "a b&c"), ("success", "false")]),
            "/member/auth/callbackCertify?error_msg=a%20b%26c&success=false"
        );
        assert_eq!(
            escape_html("<script>\"'&"),
            "&lt;script&gt;&quot;&#39;&amp;"
        );
    }
}
