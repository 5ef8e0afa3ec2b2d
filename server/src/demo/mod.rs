//! Demo mode (the embedded default): the demo accounts of PRODUCT, printed at start. In
//! production mode they never exist: any left in the database are locked. The outbox page
//! of demo mode is `outbox`'s.

mod outbox;

pub use outbox::outbox_page;

use crate::entities::business_members::BusinessRole;
use crate::entities::members::MemberRole;
use crate::entities::members::MemberStatus;
use crate::entities::{business_members, businesses, members};
use crate::settings::Mode;
use crate::state::AppState;
use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

pub const DEMO_PASSWORD: &str = "Demo-pass-2026";

/// The demo operator's authenticator-app secret (base32, as an app takes it typed): operators
/// have two-step sign-in on, so the demo's has it on with a secret anyone trying the demo can
/// add to an app (docs/security.md). Never used outside demo mode.
pub const DEMO_OPERATOR_SECRET: &str = "TIDEMARKDEMOTOTPSECRETFORADMIN22";
/// The demo operator's recovery codes.
pub const DEMO_OPERATOR_RECOVERY_CODES: [&str; 10] = [
    "demo2-step1",
    "demo2-step2",
    "demo2-step3",
    "demo2-step4",
    "demo2-step5",
    "demo2-step6",
    "demo2-step7",
    "demo2-step8",
    "demo2-step9",
    "demo2-stepa",
];

/// (e-mail, role in the platform, role in the demo business)
pub const DEMO_ACCOUNTS: [(&str, MemberRole, Option<BusinessRole>); 4] = [
    ("reader@tidemark.test", MemberRole::User, None),
    (
        "master@tidemark.test",
        MemberRole::User,
        Some(BusinessRole::Master),
    ),
    (
        "manager@tidemark.test",
        MemberRole::User,
        Some(BusinessRole::Manager),
    ),
    ("admin@tidemark.test", MemberRole::Admin, None),
];

/// A business registration number with a valid check digit, for the demo business (not a real
/// company's).
fn demo_registration_number() -> String {
    let nine = "220870001";
    (0..10)
        .map(|last| format!("{nine}{last}"))
        .find(|candidate| tidemark_core::business::is_valid_business_number(candidate))
        .expect("one check digit fits")
}

/// What the operator starting the server reads when the demo accounts could not be made: the
/// cause itself (an answer to a client says only that something went wrong).
fn cause(error: &crate::http::error::ApiError) -> String {
    match error {
        crate::http::error::ApiError::Internal(detail) => detail.clone(),
        other => other.to_string(),
    }
}

pub async fn prepare(state: &AppState) -> Result<(), String> {
    match state.settings.mode {
        Mode::Demo => seed(state)
            .await
            .map_err(|e| format!("demo accounts: {}", cause(&e))),
        Mode::Production => lock_leftovers(state)
            .await
            .map_err(|e| format!("demo accounts: {}", cause(&e))),
    }
}

async fn seed(state: &AppState) -> Result<(), crate::http::error::ApiError> {
    let db = &state.db;
    let now = Utc::now();
    let mut hash: Option<String> = None;
    let mut business_id: Option<i64> = None;
    for (email, role, business_role) in DEMO_ACCOUNTS {
        let existing = members::Entity::find()
            .filter(members::Column::Email.eq(email))
            .one(db)
            .await?;
        let member = match existing {
            Some(member) => member,
            None => {
                if hash.is_none() {
                    hash = Some(crate::auth::password::hash(DEMO_PASSWORD.into()).await?);
                }
                members::ActiveModel {
                    email: Set(Some(email.into())),
                    email_verified_at: Set(Some(now)),
                    password_hash: Set(hash.clone()),
                    nickname: Set(Some(email.split('@').next().unwrap_or("demo").to_string())),
                    role: Set(role),
                    status: Set(MemberStatus::Active),
                    signup_channel: Set("email".into()),
                    marketing_opt_in: Set(false),
                    terms_agreed_at: Set(Some(now)),
                    failed_login_count: Set(0),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                }
                .insert(db)
                .await?
            }
        };
        if role == MemberRole::Admin {
            let secret = crate::two_step::secret_of_text(DEMO_OPERATOR_SECRET)
                .expect("the demo secret is base32");
            let recovery = DEMO_OPERATOR_RECOVERY_CODES.map(String::from);
            crate::two_step::service::turn_on_with(state, member.id, &secret, &recovery).await?;
        }
        if let Some(business_role) = business_role {
            let business = match business_id {
                Some(id) => id,
                None => {
                    let number = demo_registration_number();
                    let found = businesses::Entity::find()
                        .filter(businesses::Column::RegistrationNumber.eq(&number))
                        .one(db)
                        .await?;
                    let id = match found {
                        Some(business) => business.id,
                        None => {
                            businesses::ActiveModel {
                                name: Set("타이드마크 데모".into()),
                                description: Set("Tidemark의 기능을 둘러보는 데모 기업입니다. A demo business to explore Tidemark.".into()),
                                industry: Set("IT·플랫폼".into()),
                                homepage: Set(Some(state.settings.public_url.clone())),
                                location: Set(Some("서울".into())),
                                founded_year: Set(Some(2026)),
                                employee_band: Set(Some("1-10".into())),
                                registration_number: Set(number),
                                verified_at: Set(Some(now)),
                                follower_count: Set(0),
                                created_at: Set(now),
                                updated_at: Set(now),
                                ..Default::default()
                            }
                            .insert(db)
                            .await?
                            .id
                        }
                    };
                    business_id = Some(id);
                    id
                }
            };
            let linked = business_members::Entity::find()
                .filter(business_members::Column::MemberId.eq(member.id))
                .one(db)
                .await?;
            if linked.is_none() {
                business_members::ActiveModel {
                    business_id: Set(business),
                    member_id: Set(member.id),
                    role: Set(business_role),
                    created_at: Set(now),
                    ..Default::default()
                }
                .insert(db)
                .await?;
            }
        }
    }
    tracing::info!("demo mode: the demo accounts below sign in with the password {DEMO_PASSWORD}");
    tracing::info!(
        "  the operator's second step: add the key {DEMO_OPERATOR_SECRET} to an authenticator app, or use the recovery code {}",
        DEMO_OPERATOR_RECOVERY_CODES[0]
    );
    for (email, role, business_role) in DEMO_ACCOUNTS {
        tracing::info!(
            "  {email:<24} {}",
            business_role.map_or(role.as_str(), BusinessRole::as_str)
        );
    }
    Ok(())
}

async fn lock_leftovers(state: &AppState) -> Result<(), crate::http::error::ApiError> {
    let emails: Vec<&str> = DEMO_ACCOUNTS.iter().map(|(email, _, _)| *email).collect();
    let locked = members::Entity::update_many()
        .col_expr(
            members::Column::Status,
            sea_orm::prelude::Expr::value(MemberStatus::Locked),
        )
        .filter(members::Column::Email.is_in(emails))
        .filter(members::Column::Status.eq(MemberStatus::Active))
        .exec(&state.db)
        .await?;
    if locked.rows_affected > 0 {
        tracing::warn!(
            count = locked.rows_affected,
            "production mode: demo accounts locked"
        );
    }
    Ok(())
}
