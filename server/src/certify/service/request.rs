//! A certification request: opened with the configured provider (30 minutes), then completed
//! with the person the provider reports for it.

use super::{cancelled, check_rate, provider, required_id, Purpose};
use crate::certify::provider::{LookupError, Provider, ProviderResult};
use crate::certify::queries::{self, Person};
use crate::certify::{local, random_hex, REQUEST_TTL_MINUTES};
use crate::entities::certifications;
use crate::entities::certifications::CertificationStatus;
use crate::http::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use tidemark_core::error_screen::ErrorCode;
use utoipa::{IntoParams, ToSchema};

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(in crate::certify) struct RequestParams {
    /// `join`, `account` (the default), `password` or `change`.
    #[param(inline, value_type = Option<CertifyPurpose>)]
    purpose: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::certify) struct CertifyRequested {
    /// The request id: give it to the provider as `merchant_uid` and keep it for the return page.
    certify_no: String,
    /// `local` or `portone`.
    #[schema(value_type = CertifyProvider)]
    provider: &'static str,
    #[schema(value_type = CertifyPurpose)]
    purpose: &'static str,
    /// `local`: the certification page to open, a path on this server (the browser stays at
    /// the address it is on). `portone`: the return page to give PortOne as `m_redirect_url`
    /// (the web client gives its own address's instead).
    redirect_url: String,
    /// `portone`: the store code for `IMP.init`; null for `local`.
    imp_code: Option<String>,
    expires_at: DateTime<Utc>,
}

crate::word_schema! {
    /// The identity certification provider: the built-in `local` one or PortOne.
    CertifyProvider = ["local", "portone"]
}

crate::word_schema! {
    /// What a certification is for: joining, finding an account, resetting a password or changing the certified person.
    CertifyPurpose = ["join", "account", "password", "change"]
}

/// Opens a certification request (30 minutes) with the configured provider.
pub(in crate::certify) async fn open_request(
    state: &AppState,
    ip: &str,
    params: &RequestParams,
) -> ApiResult<CertifyRequested> {
    let purpose = Purpose::parse(params.purpose.as_deref())?;
    check_rate(state, ip).await?;
    let provider = provider(state)?;
    let now = Utc::now();
    // 128 random bits: nobody can guess another person's request. PortOne takes up to 40
    // characters as merchant_uid.
    let certify_no = format!("tmc_{}", random_hex(16));
    let expires_at = now + Duration::minutes(REQUEST_TTL_MINUTES);
    queries::open_request(
        &state.db,
        &certify_no,
        provider.name(),
        purpose.as_str(),
        now,
        expires_at,
    )
    .await?;
    let public_url = &state.settings.public_url;
    let (redirect_url, imp_code) = match &provider {
        // This server's own page, as a path: the browser stays at the address it opened the
        // site at (127.0.0.1 or localhost alike), where the flow's session storage is.
        Provider::Local => (format!("/certify/local?certifyNo={certify_no}"), None),
        Provider::PortOne(portone) => (
            format!("{public_url}/member/auth/callbackCertify"),
            Some(portone.imp_code.clone()),
        ),
    };
    Ok(CertifyRequested {
        certify_no,
        provider: provider.name(),
        purpose: purpose.as_str(),
        redirect_url,
        imp_code,
        expires_at,
    })
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(in crate::certify) struct CompleteRequest {
    /// The request id from `GET /certify/v1`.
    certify_no: Option<String>,
    /// The provider's certification id (`imp_uid` on the return page).
    certify_uid: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(in crate::certify) struct Completed {
    certify_no: String,
}

/// The errors of `complete`: the API's own, or a provider that cannot be asked (502, details
/// logged, never sent).
pub(in crate::certify) enum CompleteError {
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

/// Asks the provider about `certifyUid` and, when it is a finished certification of this very
/// request, stores the person. Nothing changes on any failure.
pub(in crate::certify) async fn complete(
    state: &AppState,
    ip: &str,
    body: &CompleteRequest,
) -> Result<Completed, CompleteError> {
    let certify_no = required_id(body.certify_no.as_deref(), "certifyNo")?;
    let certify_uid = required_id(body.certify_uid.as_deref(), "certifyUid")?;
    check_rate(state, ip).await?;
    let provider = provider(state)?;
    let now = Utc::now();
    let row = open_request_of(state, &certify_no, &provider, now).await?;
    let result = ask_provider(state, &provider, &certify_no, &certify_uid).await?;
    if !result.certified {
        // The person left the provider's window without finishing: the request is over.
        queries::cancel(&state.db, row.id, &certify_uid).await?;
        return Err(cancelled().into());
    }
    let Some(person) = person_of(&result) else {
        tracing::error!(
            certify_no,
            "the provider's certification lacks the person key, name, phone or birth date"
        );
        return Err(CompleteError::ProviderUnavailable);
    };
    if !queries::complete(&state.db, row.id, &certify_uid, person, now).await? {
        return Err(ApiError::bad_request("this certification is already completed").into());
    }
    Ok(Completed { certify_no })
}

/// The request `certify_no`, still open (requested, unexpired) and made with `provider`.
async fn open_request_of(
    state: &AppState,
    certify_no: &str,
    provider: &Provider,
    now: DateTime<Utc>,
) -> ApiResult<certifications::Model> {
    let row = queries::by_certify_no(&state.db, certify_no)
        .await?
        .ok_or_else(|| ApiError::bad_request("no certification request has this certifyNo"))?;
    match row.status {
        CertificationStatus::Requested => {}
        CertificationStatus::Cancelled => return Err(cancelled()),
        CertificationStatus::Completed => {
            return Err(ApiError::bad_request(
                "this certification is already completed",
            ))
        }
        CertificationStatus::Failed => {
            return Err(ApiError::bad_request("this certification has failed"))
        }
    }
    if row.expires_at <= now {
        return Err(ApiError::bad_request(
            "this certification request has expired; start a new one",
        ));
    }
    if row.provider != provider.name() {
        return Err(ApiError::bad_request(
            "this request was made with another certification provider; start a new one",
        ));
    }
    Ok(row)
}

/// The provider's word on `certify_uid`, which must be a certification of request
/// `certify_no`.
async fn ask_provider(
    state: &AppState,
    provider: &Provider,
    certify_no: &str,
    certify_uid: &str,
) -> Result<ProviderResult, CompleteError> {
    let found = match provider {
        Provider::Local => local::lookup(&state.db, certify_uid).await,
        Provider::PortOne(portone) => portone.lookup(certify_uid).await,
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
    if result.merchant_uid.as_deref().map(str::trim) != Some(certify_no) {
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
    Ok(result)
}

/// The person of a provider's result, when it has everything a certification keeps.
fn person_of(result: &ProviderResult) -> Option<Person> {
    let text = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
    };
    let birth_date = text(&result.birthday)
        .filter(|d| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").is_ok() && d.len() == 10)?;
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

#[cfg(test)]
mod tests {
    use super::*;

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
        let person = person_of(&result).unwrap();
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
            assert!(person_of(&broken).is_none());
        }
    }
}
