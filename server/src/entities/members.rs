//! `members`: A reader or corporate account; see the migration for the values of `role`, `status`
//! and `signup_channel`.

use sea_orm::entity::prelude::*;

pub use tidemark_migration::codes::{MemberRole, MemberStatus};

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "members")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub email: Option<String>,
    pub email_verified_at: Option<DateTimeUtc>,
    pub password_hash: Option<String>,
    pub nickname: Option<String>,
    pub role: MemberRole,
    pub status: MemberStatus,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub signup_channel: String,
    #[sea_orm(unique)]
    pub person_key: Option<String>,
    pub certification_id: Option<i64>,
    pub marketing_opt_in: bool,
    pub terms_agreed_at: Option<DateTimeUtc>,
    pub failed_login_count: i32,
    pub locked_until: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub withdrawn_at: Option<DateTimeUtc>,
    pub withdraw_reason: Option<String>,
    /// When the member turned two-step sign-in on; none while it is off.
    pub two_step_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::certifications::Entity",
        from = "Column::CertificationId",
        to = "super::certifications::Column::Id",
        on_delete = "SetNull"
    )]
    Certification,
    #[sea_orm(has_many = "super::refresh_token_families::Entity")]
    RefreshTokenFamilies,
    #[sea_orm(has_one = "super::business_members::Entity")]
    BusinessMember,
    #[sea_orm(has_many = "super::social_identities::Entity")]
    SocialIdentities,
    #[sea_orm(has_many = "super::member_interests::Entity")]
    MemberInterests,
    #[sea_orm(has_many = "super::follows::Entity")]
    Follows,
    #[sea_orm(has_many = "super::bookmarks::Entity")]
    Bookmarks,
}

impl Related<super::refresh_token_families::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::RefreshTokenFamilies.def()
    }
}

impl Related<super::business_members::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::BusinessMember.def()
    }
}

impl Related<super::social_identities::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::SocialIdentities.def()
    }
}

impl Related<super::member_interests::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::MemberInterests.def()
    }
}

impl Related<super::follows::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Follows.def()
    }
}

impl Related<super::bookmarks::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Bookmarks.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
