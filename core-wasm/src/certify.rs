//! Validation of the identity-certification return (SPEC §5, §7, §8).

use crate::empty::is_blank;
use serde::{Deserialize, Serialize};

/// What /member/auth/callbackCertify has in hand: the provider's return parameters and the
/// certifyNo the client saved when it started (GET /certify/v1).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CertificationReturn {
    /// The provider's certification id (`imp_uid`).
    pub imp_uid: Option<String>,
    /// The request id the client gave the provider (`merchant_uid`).
    pub merchant_uid: Option<String>,
    /// The request id the return page was called for (its `certifyNo` parameter).
    pub request_id: Option<String>,
    /// The certifyNo saved in session storage before leaving for the provider.
    pub saved_certify_no: Option<String>,
    /// The provider's `success` flag, when it sends one.
    pub success: Option<bool>,
    /// The provider's `error_code`, e.g. F0000 when the person cancelled.
    pub error_code: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "result")]
pub enum Certification {
    /// Valid: POST /certify/v1/complete with this body.
    #[serde(rename = "true")]
    Complete {
        #[serde(rename = "certifyNo")]
        certify_no: String,
        #[serde(rename = "certifyUid")]
        certify_uid: String,
    },
    /// SPEC §8: "Identity verification failure returns result false".
    #[serde(rename = "false")]
    Failed {
        code: &'static str,
        reason: &'static str,
    },
}

pub fn validate_certification(input: &CertificationReturn) -> Certification {
    let failed = |code, reason| Certification::Failed { code, reason };
    if input.error_code.as_deref().map(str::trim) == Some("F0000") {
        return failed("F0000", "cancelled");
    }
    if input.success == Some(false) {
        return failed("999", "provider_failed");
    }
    if is_blank(input.imp_uid.as_deref()) {
        return failed("104", "missing_imp_uid");
    }
    if is_blank(input.merchant_uid.as_deref()) {
        return failed("104", "missing_merchant_uid");
    }
    if is_blank(input.request_id.as_deref()) {
        return failed("104", "missing_request_id");
    }
    if is_blank(input.saved_certify_no.as_deref()) {
        return failed("104", "missing_saved_certify_no");
    }
    let saved = input.saved_certify_no.as_deref().unwrap_or("").trim();
    let same_request = [input.request_id.as_deref(), input.merchant_uid.as_deref()]
        .into_iter()
        .all(|id| id.unwrap_or("").trim() == saved);
    if !same_request {
        // A return for another request (another tab, or a forged link) must not complete this one.
        return failed("1003", "request_mismatch");
    }
    Certification::Complete {
        certify_no: saved.to_string(),
        certify_uid: input.imp_uid.as_deref().unwrap_or("").trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> CertificationReturn {
        CertificationReturn {
            imp_uid: Some("imp_123".into()),
            merchant_uid: Some("C-9".into()),
            request_id: Some("C-9".into()),
            saved_certify_no: Some("C-9".into()),
            success: Some(true),
            error_code: None,
        }
    }

    #[test]
    fn complete_when_everything_is_there_and_agrees() {
        assert_eq!(
            validate_certification(&valid()),
            Certification::Complete {
                certify_no: "C-9".into(),
                certify_uid: "imp_123".into()
            }
        );
        let json = serde_json::to_value(validate_certification(&valid())).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"result": "true", "certifyNo": "C-9", "certifyUid": "imp_123"})
        );
    }

    #[test]
    fn each_empty_part_fails() {
        type Break = fn(&mut CertificationReturn);
        let cases: [(Break, &str); 4] = [
            (|r| r.imp_uid = Some(" ".into()), "missing_imp_uid"),
            (|r| r.merchant_uid = None, "missing_merchant_uid"),
            (|r| r.request_id = Some(String::new()), "missing_request_id"),
            (|r| r.saved_certify_no = None, "missing_saved_certify_no"),
        ];
        for (break_it, reason) in cases {
            let mut input = valid();
            break_it(&mut input);
            assert_eq!(
                validate_certification(&input),
                Certification::Failed {
                    code: "104",
                    reason
                }
            );
        }
    }

    #[test]
    fn cancel_and_mismatch() {
        let mut cancelled = valid();
        cancelled.error_code = Some("F0000".into());
        cancelled.success = Some(false);
        assert_eq!(
            validate_certification(&cancelled),
            Certification::Failed {
                code: "F0000",
                reason: "cancelled"
            }
        );
        let mut other = valid();
        other.request_id = Some("C-10".into());
        assert_eq!(
            validate_certification(&other),
            Certification::Failed {
                code: "1003",
                reason: "request_mismatch"
            }
        );
        let mut failed = valid();
        failed.success = Some(false);
        assert!(matches!(
            validate_certification(&failed),
            Certification::Failed { code: "999", .. }
        ));
    }
}
