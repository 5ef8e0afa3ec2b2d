//! SeaORM entities: one module per table, data only (behaviour lives in the domain modules).
//!
//! They mirror the `tidemark-migration` crate column for column (the migrations test checks
//! names, types and nullability on SQLite and PostgreSQL). Statuses and roles are the enums
//! of `tidemark_migration::codes`, re-exported by the entity that holds them (so the
//! migrations' defaults and the code share one definition); other enum-like values are plain
//! strings, and the migration that creates a table lists the values each column may hold.

pub mod analytics_daily;
pub mod analytics_events;
pub mod analytics_pending;
pub mod audit_log;
pub mod bookmarks;
pub mod business_members;
pub mod businesses;
pub mod categories;
pub mod certifications;
pub mod change_log;
pub mod data_exports;
pub mod email_codes;
pub mod follows;
pub mod guest_sessions;
pub mod invitations;
pub mod job_runs;
pub mod local_oauth_codes;
pub mod local_oauth_tokens;
pub mod login_attempts;
pub mod mail_digests;
pub mod mail_outbox;
pub mod mail_suppressions;
pub mod media_request_history;
pub mod media_requests;
pub mod member_consents;
pub mod member_interests;
pub mod members;
pub mod node_heartbeats;
pub mod notification_opens;
pub mod notifications;
pub mod oauth_states;
pub mod operator_audit;
pub mod operator_claims;
pub mod password_resets;
pub mod post_announcements;
pub mod post_flags;
pub mod post_previews;
pub mod post_revisions;
pub mod post_tags;
pub mod posts;
pub mod push_deliveries;
pub mod push_quota;
pub mod push_subscriptions;
pub mod rate_limits;
pub mod recommendation_collections;
pub mod recommendation_items;
pub mod refresh_token_families;
pub mod refresh_tokens;
pub mod search_log;
pub mod social_identities;
pub mod tags;
pub mod try_counters;
pub mod uploads;

/// The entity types under readable names: `use tidemark_server::entities::prelude::*;`.
pub mod prelude {
    pub use super::analytics_daily::Entity as AnalyticsDaily;
    pub use super::analytics_events::Entity as AnalyticsEvents;
    pub use super::analytics_pending::Entity as AnalyticsPending;
    pub use super::audit_log::Entity as AuditLog;
    pub use super::bookmarks::Entity as Bookmarks;
    pub use super::business_members::Entity as BusinessMembers;
    pub use super::businesses::Entity as Businesses;
    pub use super::categories::Entity as Categories;
    pub use super::certifications::Entity as Certifications;
    pub use super::change_log::Entity as ChangeLog;
    pub use super::data_exports::Entity as DataExports;
    pub use super::email_codes::Entity as EmailCodes;
    pub use super::follows::Entity as Follows;
    pub use super::guest_sessions::Entity as GuestSessions;
    pub use super::invitations::Entity as Invitations;
    pub use super::job_runs::Entity as JobRuns;
    pub use super::local_oauth_codes::Entity as LocalOauthCodes;
    pub use super::local_oauth_tokens::Entity as LocalOauthTokens;
    pub use super::login_attempts::Entity as LoginAttempts;
    pub use super::mail_digests::Entity as MailDigests;
    pub use super::mail_outbox::Entity as MailOutbox;
    pub use super::mail_suppressions::Entity as MailSuppressions;
    pub use super::media_request_history::Entity as MediaRequestHistory;
    pub use super::media_requests::Entity as MediaRequests;
    pub use super::member_consents::Entity as MemberConsents;
    pub use super::member_interests::Entity as MemberInterests;
    pub use super::members::Entity as Members;
    pub use super::node_heartbeats::Entity as NodeHeartbeats;
    pub use super::notification_opens::Entity as NotificationOpens;
    pub use super::notifications::Entity as Notifications;
    pub use super::oauth_states::Entity as OauthStates;
    pub use super::operator_audit::Entity as OperatorAudit;
    pub use super::operator_claims::Entity as OperatorClaims;
    pub use super::password_resets::Entity as PasswordResets;
    pub use super::post_announcements::Entity as PostAnnouncements;
    pub use super::post_flags::Entity as PostFlags;
    pub use super::post_previews::Entity as PostPreviews;
    pub use super::post_revisions::Entity as PostRevisions;
    pub use super::post_tags::Entity as PostTags;
    pub use super::posts::Entity as Posts;
    pub use super::push_deliveries::Entity as PushDeliveries;
    pub use super::push_quota::Entity as PushQuota;
    pub use super::push_subscriptions::Entity as PushSubscriptions;
    pub use super::rate_limits::Entity as RateLimits;
    pub use super::recommendation_collections::Entity as RecommendationCollections;
    pub use super::recommendation_items::Entity as RecommendationItems;
    pub use super::refresh_token_families::Entity as RefreshTokenFamilies;
    pub use super::refresh_tokens::Entity as RefreshTokens;
    pub use super::search_log::Entity as SearchLog;
    pub use super::social_identities::Entity as SocialIdentities;
    pub use super::tags::Entity as Tags;
    pub use super::try_counters::Entity as TryCounters;
    pub use super::uploads::Entity as Uploads;
}
