//! The certification calls of SPEC §7 and the member calls that use a completed certification:
//! attach it to the account, change the phone, find the password by phone.

use super::provider::{LookupError, Provider, ProviderResult};
use super::{local, random_hex, REQUEST_TTL_MINUTES, USE_WITHIN_MINUTES};
use crate::auth::AuthUser;
use crate::entities::{certifications, members, password_resets};
use crate::http::envelope::{ok, Ok};
use crate::http::error::{on_unique, ApiError, ApiResult};
use crate::http::extract::Json;
use crate::http::extract::Query;
use crate::http::limits::RateLimits;
use crate::http::openapi::ErrorBody;
use crate::http::security::ClientIp;
use crate::state::AppState;
use crate::tokens::{hash_token, random_token};
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Duration, Utc};
use sea_orm::prelude::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set, TransactionTrait};
use serde::{Deserialize, Serialize};
use tidemark_core::empty::is_blank;
use tidemark_core::error_screen::ErrorCode;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

const RESET_TTL_MINUTES: i64 = 30;
/// certifyNo and imp_uid are short ids; anything longer is not one.
const MAX_ID_LEN: usize = 64;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(request))
        .routes(routes!(complete))
        .routes(routes!(attach_to_account))
        .routes(routes!(change_phone))
        .routes(routes!(find_password_by_phone))
}

/// What a certification is for; each use accepts only its own purposes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Purpose {
    Join,
    Account,
    Password,
    Change,
}

impl Purpose {
    fn parse(text: Option<&str>) -> ApiResult<Purpose> {
        match text.map(str::trim).unwrap_or("") {
            "" | "account" => Ok(Purpose::Account),
            "join" => Ok(Purpose::Join),
            "password" => Ok(Purpose::Password),
            "change" => Ok(Purpose::Change),
            _ => Err(ApiError::bad_request(
                "purpose must be join, account, password or change",
            )),
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            Purpose::Join => "join",
            Purpose::Account => "account",
            Purpose::Password => "password",
            Purpose::Change => "change",
        }
    }
}

/// The configured provider (checked at start, so a failure here is a server fault).
fn provider(state: &AppState) -> ApiResult<Provider> {
    Provider::from_settings(&state.settings).map_err(ApiError::internal)
}

/// Rate limits of this module share the sign-in limiter's quota (30 at once, then one every 2
/// seconds per address) under keys of their own, so they never eat into sign-in attempts.
fn check_rate(state: &AppState, ip: &str) -> ApiResult<()> {
    RateLimits::check(
        &state.limits.login_ip,
        &format!("certify:{ip}"),
        "certification requests from this address",
    )
}

/// A required id from a body: present, not blank, short, and URL-safe.
fn required_id(value: Option<&str>, name: &str) -> ApiResult<String> {
    if is_blank(value) {
        return Err(ApiError::bad_request(format!("{name} is required")));
    }
    let value = value.unwrap_or("").trim();
    let url_safe = value
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if value.len() > MAX_ID_LEN || !url_safe {
        return Err(ApiError::bad_request(format!("{name} is not a valid id")));
    }
    Ok(value.to_string())
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct RequestParams {
    /// `join`, `account` (the default), `password` or `change`.
    purpose: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CertifyRequested {
    /// The request id: give it to the provider as `merchant_uid` and keep it for the return page.
    certify_no: String,
    /// `local` or `portone`.
    provider: &'static str,
    purpose: &'static str,
    /// `local`: the certification page to open. `portone`: the return page to give PortOne as
    /// `m_redirect_url`.
    redirect_url: String,
    /// `portone`: the store code for `IMP.init`; null for `local`.
    imp_code: Option<String>,
    expires_at: DateTime<Utc>,
}

/// SPEC §7: opens a certification request (30 minutes) with the configured provider.
#[utoipa::path(get, path = "/certify/v1", tag = "certification", params(RequestParams),
    responses((status = 200, body = Ok<CertifyRequested>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn request(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Query(params): Query<RequestParams>,
) -> ApiResult<impl IntoResponse> {
    let purpose = Purpose::parse(params.purpose.as_deref())?;
    check_rate(&state, &ip)?;
    let provider = provider(&state)?;
    let now = Utc::now();
    // 128 random bits: nobody can guess another person's request. PortOne takes up to 40
    // characters as merchant_uid.
    let certify_no = format!("tmc_{}", random_hex(16));
    let expires_at = now + Duration::minutes(REQUEST_TTL_MINUTES);
    certifications::ActiveModel {
        certify_no: Set(certify_no.clone()),
        provider: Set(provider.name().into()),
        provider_uid: Set(None),
        purpose: Set(purpose.as_str().into()),
        status: Set("REQUESTED".into()),
        name: Set(None),
        phone: Set(None),
        birth_date: Set(None),
        gender: Set(None),
        person_key: Set(None),
        member_id: Set(None),
        created_at: Set(now),
        completed_at: Set(None),
        expires_at: Set(expires_at),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    let public_url = &state.settings.public_url;
    let (redirect_url, imp_code) = match &provider {
        Provider::Local => (
            format!("{public_url}/certify/local?certifyNo={certify_no}"),
            None,
        ),
        Provider::PortOne(portone) => (
            format!("{public_url}/member/auth/callbackCertify"),
            Some(portone.imp_code.clone()),
        ),
    };
    // A GET that opens something: never from a cache.
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        ok(CertifyRequested {
            certify_no,
            provider: provider.name(),
            purpose: purpose.as_str(),
            redirect_url,
            imp_code,
            expires_at,
        }),
    ))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CompleteRequest {
    /// The request id from `GET /certify/v1`.
    certify_no: Option<String>,
    /// The provider's certification id (`imp_uid` on the return page).
    certify_uid: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Completed {
    certify_no: String,
}

/// The errors of `complete`: the API's own, or a provider that cannot be asked (502, details
/// logged, never sent).
enum CompleteError {
    Api(ApiError),
    ProviderUnavailable,
}

impl From<ApiError> for CompleteError {
    fn from(error: ApiError) -> Self {
        CompleteError::Api(error)
    }
}

impl From<sea_orm::DbErr> for CompleteError {
    fn from(error: sea_orm::DbErr) -> Self {
        CompleteError::Api(error.into())
    }
}

impl IntoResponse for CompleteError {
    fn into_response(self) -> Response {
        match self {
            CompleteError::Api(error) => error.into_response(),
            CompleteError::ProviderUnavailable => (
                StatusCode::BAD_GATEWAY,
                axum::Json(serde_json::json!({
                    "code": ErrorCode::DefaultError.as_str(),
                    "message": "the certification provider could not be reached; please try again in a moment",
                    "data": null,
                })),
            )
                .into_response(),
        }
    }
}

fn cancelled() -> ApiError {
    ApiError::Coded {
        code: ErrorCode::CertificationCancelled,
        message: "the identity certification was cancelled".into(),
    }
}

/// SPEC §7: asks the provider about `certifyUid` and, when it is a finished certification of
/// this very request, stores the person. Nothing changes on any failure.
#[utoipa::path(post, path = "/certify/v1/complete", tag = "certification", request_body = CompleteRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<Completed>),
        (status = 400, description = "104: a bad, unknown, expired or used request; F0000: cancelled", body = ErrorBody),
        (status = 429, body = ErrorBody), (status = 502, description = "the provider could not be reached", body = ErrorBody)))]
async fn complete(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<CompleteRequest>,
) -> Result<Ok<Completed>, CompleteError> {
    let certify_no = required_id(body.certify_no.as_deref(), "certifyNo")?;
    let certify_uid = required_id(body.certify_uid.as_deref(), "certifyUid")?;
    check_rate(&state, &ip)?;
    let provider = provider(&state)?;
    let now = Utc::now();
    let row = certifications::Entity::find()
        .filter(certifications::Column::CertifyNo.eq(&certify_no))
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::bad_request("no certification request has this certifyNo"))?;
    match row.status.as_str() {
        "REQUESTED" => {}
        "CANCELLED" => return Err(cancelled().into()),
        "COMPLETED" => {
            return Err(ApiError::bad_request("this certification is already completed").into())
        }
        _ => return Err(ApiError::bad_request("this certification has failed").into()),
    }
    if row.expires_at <= now {
        return Err(ApiError::bad_request(
            "this certification request has expired; start a new one",
        )
        .into());
    }
    if row.provider != provider.name() {
        return Err(ApiError::bad_request(
            "this request was made with another certification provider; start a new one",
        )
        .into());
    }

    let found = match &provider {
        Provider::Local => local::lookup(&state.db, &certify_uid).await,
        Provider::PortOne(portone) => portone.lookup(&certify_uid).await,
    };
    let result = match found {
        Ok(result) => result,
        Err(LookupError::NotFound) => {
            return Err(ApiError::bad_request(
                "the certification provider knows no certification with this certifyUid",
            )
            .into())
        }
        Err(LookupError::Unavailable(detail)) => {
            tracing::error!(%detail, certify_no, "certification provider unavailable");
            return Err(CompleteError::ProviderUnavailable);
        }
    };
    if result.merchant_uid.as_deref().map(str::trim) != Some(certify_no.as_str()) {
        tracing::warn!(
            certify_no,
            certify_uid,
            "certification of another request presented"
        );
        return Err(ApiError::bad_request(
            "the certification does not belong to this certification request",
        )
        .into());
    }
    if !result.certified {
        // The person left the provider's window without finishing: the request is over.
        certifications::Entity::update_many()
            .col_expr(certifications::Column::Status, Expr::value("CANCELLED"))
            .col_expr(
                certifications::Column::ProviderUid,
                Expr::value(&certify_uid),
            )
            .filter(certifications::Column::Id.eq(row.id))
            .filter(certifications::Column::Status.eq("REQUESTED"))
            .exec(&state.db)
            .await?;
        return Err(cancelled().into());
    }
    let person = match Person::from_result(&result) {
        Some(person) => person,
        None => {
            tracing::error!(
                certify_no,
                "the provider's certification lacks the person key, name, phone or birth date"
            );
            return Err(CompleteError::ProviderUnavailable);
        }
    };
    let claimed = certifications::Entity::update_many()
        .col_expr(
            certifications::Column::ProviderUid,
            Expr::value(&certify_uid),
        )
        .col_expr(certifications::Column::Name, Expr::value(person.name))
        .col_expr(certifications::Column::Phone, Expr::value(person.phone))
        .col_expr(
            certifications::Column::BirthDate,
            Expr::value(person.birth_date),
        )
        .col_expr(certifications::Column::Gender, Expr::value(person.gender))
        .col_expr(
            certifications::Column::PersonKey,
            Expr::value(person.person_key),
        )
        .col_expr(certifications::Column::Status, Expr::value("COMPLETED"))
        .col_expr(certifications::Column::CompletedAt, Expr::value(now))
        .filter(certifications::Column::Id.eq(row.id))
        .filter(certifications::Column::Status.eq("REQUESTED"))
        .exec(&state.db)
        .await?;
    if claimed.rows_affected == 0 {
        return Err(ApiError::bad_request("this certification is already completed").into());
    }
    Ok(ok(Completed { certify_no }))
}

/// The person as we store them, from a provider's result.
struct Person {
    name: String,
    phone: String,
    birth_date: String,
    gender: Option<String>,
    person_key: String,
}

impl Person {
    fn from_result(result: &ProviderResult) -> Option<Person> {
        let text = |v: &Option<String>| {
            v.as_deref()
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_string)
        };
        let birth_date = text(&result.birthday).filter(|d| {
            chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").is_ok() && d.len() == 10
        })?;
        let phone: String = text(&result.phone)?
            .chars()
            .filter(char::is_ascii_digit)
            .collect();
        let gender = text(&result.gender)
            .map(|g| g.to_ascii_lowercase())
            .filter(|g| g == "male" || g == "female");
        Some(Person {
            name: text(&result.name)?.chars().take(100).collect(),
            phone: (!phone.is_empty()).then_some(phone)?,
            birth_date,
            gender,
            person_key: text(&result.unique_key)?,
        })
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct UseRequest {
    /// A certification completed by `POST /certify/v1/complete`.
    certify_no: Option<String>,
}

/// A certification as the member may see it: never the whole phone number.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CertifySummary {
    certify_no: String,
    name: Option<String>,
    /// yyyy-MM-dd
    birth_date: Option<String>,
    /// `male`, `female` or null.
    gender: Option<String>,
    phone_last4: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Certified {
    certify: CertifySummary,
}

impl From<&certifications::Model> for Certified {
    fn from(row: &certifications::Model) -> Self {
        let phone_last4 = row.phone.as_deref().and_then(|phone| {
            let digits: Vec<char> = phone.chars().filter(char::is_ascii_digit).collect();
            (digits.len() >= 4).then(|| digits[digits.len() - 4..].iter().collect())
        });
        Certified {
            certify: CertifySummary {
                certify_no: row.certify_no.clone(),
                name: row.name.clone(),
                birth_date: row.birth_date.clone(),
                gender: row.gender.clone(),
                phone_last4,
            },
        }
    }
}

fn used() -> ApiError {
    ApiError::bad_request("this certification has been used already; certify again")
}

/// A completed certification of one of `purposes`, completed within the last 30 minutes.
/// Whether it is still unused is for the caller to claim (atomically).
async fn completed_certification(
    state: &AppState,
    certify_no: Option<&str>,
    purposes: &[Purpose],
    now: DateTime<Utc>,
) -> ApiResult<(certifications::Model, String)> {
    let certify_no = required_id(certify_no, "certifyNo")?;
    let row = certifications::Entity::find()
        .filter(certifications::Column::CertifyNo.eq(&certify_no))
        .one(&state.db)
        .await?
        .ok_or_else(|| ApiError::bad_request("no certification has this certifyNo"))?;
    match row.status.as_str() {
        "COMPLETED" => {}
        "CANCELLED" => return Err(cancelled()),
        "REQUESTED" => {
            return Err(ApiError::bad_request(
                "this certification is not completed: call /certify/v1/complete first",
            ))
        }
        _ => return Err(ApiError::bad_request("this certification has failed")),
    }
    if !purposes.iter().any(|p| p.as_str() == row.purpose) {
        let wanted: Vec<&str> = purposes.iter().map(|p| p.as_str()).collect();
        return Err(ApiError::bad_request(format!(
            "this certification was made for {}; this call needs purpose {}",
            row.purpose,
            wanted.join(" or ")
        )));
    }
    let fresh = row
        .completed_at
        .is_some_and(|at| at > now - Duration::minutes(USE_WITHIN_MINUTES));
    if !fresh {
        return Err(ApiError::bad_request(format!(
            "this certification is older than {USE_WITHIN_MINUTES} minutes; certify again"
        )));
    }
    let person_key = row
        .person_key
        .clone()
        .ok_or_else(|| ApiError::internal("a completed certification without a person key"))?;
    Ok((row, person_key))
}

/// Marks the certification as used by `member_id`: true when this call claimed it.
async fn claim(
    db: &impl sea_orm::ConnectionTrait,
    certification_id: i64,
    member_id: i64,
) -> ApiResult<bool> {
    let claimed = certifications::Entity::update_many()
        .col_expr(certifications::Column::MemberId, Expr::value(member_id))
        .filter(certifications::Column::Id.eq(certification_id))
        .filter(certifications::Column::MemberId.is_null())
        .exec(db)
        .await?;
    Ok(claimed.rows_affected == 1)
}

/// Re-authentication by certification, for members who have no password (social sign-in)
/// or prefer it: a fresh certification (purpose account or change) of the member's own person,
/// used once.
pub async fn reauthenticate(
    state: &AppState,
    member: &crate::entities::members::Model,
    certify_no: &str,
) -> ApiResult<()> {
    let now = Utc::now();
    let (row, person_key) = completed_certification(
        state,
        Some(certify_no),
        &[Purpose::Account, Purpose::Change],
        now,
    )
    .await?;
    if member.person_key.as_deref() != Some(person_key.as_str()) {
        return Err(ApiError::Forbidden(
            "this certification is of another person".into(),
        ));
    }
    if !claim(&state.db, row.id, member.id).await? {
        return Err(used());
    }
    Ok(())
}

fn person_has_account() -> ApiError {
    ApiError::AccountExists(
        "an account for this person exists already: sign in to it or find its password".into(),
    )
}

/// SPEC §7: attaches a completed certification (purpose join or account) to the signed-in
/// member. PRODUCT: one person, one reader account.
#[utoipa::path(post, path = "/membership/v1/account/certify", tag = "certification", request_body = UseRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<Certified>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "the account is certified as another person", body = ErrorBody),
        (status = 409, description = "2007: another account belongs to this person", body = ErrorBody)))]
async fn attach_to_account(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<UseRequest>,
) -> ApiResult<Ok<Certified>> {
    let now = Utc::now();
    let member = user.member;
    let (row, person_key) = completed_certification(
        &state,
        body.certify_no.as_deref(),
        &[Purpose::Join, Purpose::Account],
        now,
    )
    .await?;
    let already_ours = row.member_id == Some(member.id) && member.certification_id == Some(row.id);
    if already_ours {
        return Ok(ok(Certified::from(&row)));
    }
    if row.member_id.is_some() {
        return Err(used());
    }
    if member
        .person_key
        .as_deref()
        .is_some_and(|key| key != person_key)
    {
        return Err(ApiError::Forbidden(
            "this account is certified as another person".into(),
        ));
    }
    let holder = members::Entity::find()
        .filter(members::Column::PersonKey.eq(&person_key))
        .filter(members::Column::Id.ne(member.id))
        .one(&state.db)
        .await?;
    if holder.is_some() {
        return Err(person_has_account());
    }
    let txn = state.db.begin().await?;
    if !claim(&txn, row.id, member.id).await? {
        return Err(used());
    }
    let mut update: members::ActiveModel = member.into();
    update.person_key = Set(Some(person_key));
    update.certification_id = Set(Some(row.id));
    update.updated_at = Set(now);
    update
        .update(&txn)
        .await
        // Another account took this person in the meantime.
        .map_err(on_unique(person_has_account))?;
    txn.commit().await?;
    Ok(ok(Certified::from(&row)))
}

/// SPEC §7: the member's phone changes through a new certification of the same person.
#[utoipa::path(post, path = "/mypage/v1/certify/change", tag = "certification", request_body = UseRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    security(("access_cookie" = []), ("access_header" = [])),
    responses((status = 200, body = Ok<Certified>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "the certification is of another person, or the account is not certified yet", body = ErrorBody)))]
async fn change_phone(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<UseRequest>,
) -> ApiResult<Ok<Certified>> {
    let now = Utc::now();
    let member = user.member;
    let (row, person_key) = completed_certification(
        &state,
        body.certify_no.as_deref(),
        &[Purpose::Change, Purpose::Account],
        now,
    )
    .await?;
    let Some(own_key) = member.person_key.as_deref() else {
        return Err(ApiError::Forbidden(
            "this account is not certified yet: use /membership/v1/account/certify".into(),
        ));
    };
    if own_key != person_key {
        return Err(ApiError::Forbidden(
            "the certification is of another person than this account's".into(),
        ));
    }
    if row.member_id.is_some() {
        return Err(used());
    }
    let txn = state.db.begin().await?;
    if !claim(&txn, row.id, member.id).await? {
        return Err(used());
    }
    let mut update: members::ActiveModel = member.into();
    update.certification_id = Set(Some(row.id));
    update.updated_at = Set(now);
    update.update(&txn).await?;
    txn.commit().await?;
    Ok(ok(Certified::from(&row)))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ResetTicket {
    /// For `POST /membership/v1/password/reset` with `type: "phone"`; single use.
    token: String,
    expires_in_seconds: i64,
}

/// PRODUCT "Members": password recovery by phone. A completed certification (purpose password)
/// of the person of an active account with a password gives a single-use reset token.
#[utoipa::path(post, path = "/membership/v1/password/find/phone", tag = "certification", request_body = UseRequest,
    params(("_off_set" = Option<i32>, Header, description = "minutes east of UTC; required by every state-changing call (the reference page adds it)")),
    responses((status = 200, body = Ok<ResetTicket>), (status = 400, body = ErrorBody),
        (status = 404, description = "2002: no account with a password belongs to this person", body = ErrorBody),
        (status = 429, body = ErrorBody)))]
async fn find_password_by_phone(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<UseRequest>,
) -> ApiResult<Ok<ResetTicket>> {
    RateLimits::check(
        &state.limits.recovery_ip,
        &ip,
        "recovery requests from this address",
    )?;
    let now = Utc::now();
    let (row, person_key) = completed_certification(
        &state,
        body.certify_no.as_deref(),
        &[Purpose::Password],
        now,
    )
    .await?;
    if row.member_id.is_some() {
        return Err(used());
    }
    let member = members::Entity::find()
        .filter(members::Column::PersonKey.eq(&person_key))
        .filter(members::Column::Status.eq("ACTIVE"))
        .one(&state.db)
        .await?
        .filter(|m| m.password_hash.is_some())
        .ok_or(ApiError::UserDoesNotExist)?;
    let token = random_token();
    let txn = state.db.begin().await?;
    if !claim(&txn, row.id, member.id).await? {
        return Err(used());
    }
    password_resets::ActiveModel {
        member_id: Set(member.id),
        token_hash: Set(hash_token(&token)),
        channel: Set("phone".into()),
        created_at: Set(now),
        expires_at: Set(now + Duration::minutes(RESET_TTL_MINUTES)),
        used_at: Set(None),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(ok(ResetTicket {
        token,
        expires_in_seconds: RESET_TTL_MINUTES * 60,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn purposes_default_to_account_and_unknown_ones_are_refused() {
        assert_eq!(Purpose::parse(None).unwrap(), Purpose::Account);
        assert_eq!(Purpose::parse(Some(" join ")).unwrap(), Purpose::Join);
        assert_eq!(Purpose::parse(Some("password")).unwrap(), Purpose::Password);
        assert!(Purpose::parse(Some("admin")).is_err());
    }

    #[test]
    fn ids_must_be_short_and_url_safe() {
        assert_eq!(
            required_id(Some(" tmc_ab12 "), "certifyNo").unwrap(),
            "tmc_ab12"
        );
        for bad in [
            None,
            Some(""),
            Some("  "),
            Some("../users/getToken"),
            Some("a b"),
        ] {
            assert!(required_id(bad, "certifyNo").is_err(), "{bad:?}");
        }
        assert!(required_id(Some(&"a".repeat(65)), "certifyUid").is_err());
    }

    #[test]
    fn a_provider_result_becomes_a_person_only_when_complete() {
        let result = ProviderResult {
            imp_uid: "imp_1".into(),
            merchant_uid: Some("tmc_1".into()),
            certified: true,
            name: Some(" 홍길동 ".into()),
            phone: Some("010-1234-5678".into()),
            birthday: Some("1990-01-31".into()),
            gender: Some("FEMALE".into()),
            unique_key: Some("ci==".into()),
        };
        let person = Person::from_result(&result).unwrap();
        assert_eq!(
            (
                person.name.as_str(),
                person.phone.as_str(),
                person.gender.as_deref()
            ),
            ("홍길동", "01012345678", Some("female"))
        );
        for broken in [
            ProviderResult {
                unique_key: None,
                ..result.clone()
            },
            ProviderResult {
                birthday: Some("1990-02-30".into()),
                ..result.clone()
            },
            ProviderResult {
                phone: Some("none".into()),
                ..result.clone()
            },
        ] {
            assert!(Person::from_result(&broken).is_none());
        }
    }

    #[test]
    fn the_summary_shows_only_the_last_four_digits() {
        let now = Utc::now();
        let row = certifications::Model {
            id: 1,
            certify_no: "tmc_1".into(),
            provider: "local".into(),
            provider_uid: Some("local_1".into()),
            purpose: "join".into(),
            status: "COMPLETED".into(),
            name: Some("홍길동".into()),
            phone: Some("01012345678".into()),
            birth_date: Some("1990-01-31".into()),
            gender: Some("male".into()),
            person_key: Some("k".into()),
            member_id: None,
            created_at: now,
            completed_at: Some(now),
            expires_at: now,
        };
        let json = serde_json::to_value(Certified::from(&row)).unwrap();
        assert_eq!(json["certify"]["phoneLast4"], "5678");
        assert!(!json.to_string().contains("01012345678"));
    }
}
