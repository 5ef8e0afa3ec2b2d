//! The values of the code columns that carry a status or a role, as Rust enums (SeaORM
//! active enums over the short strings of [`crate::columns::code`]).
//!
//! One home for each value: the migrations take their column defaults from here, the
//! entities type their columns with these enums, and the code compares and filters with
//! them, so a misspelt status is a compile error rather than a query that matches nothing.
//! The stored strings are the ones the tables have always held; raw SQL that has to name a
//! value formats it from [`as_str`](PostStatus::as_str) rather than retyping it.

use sea_orm::entity::prelude::*;

/// Declares a code enum: its variants, the string each is stored as, and `as_str`.
macro_rules! codes {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $value:tt),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
        #[sea_orm(rs_type = "String", db_type = "String(StringLen::N(32))")]
        pub enum $name {
            $($(#[$vdoc])* #[sea_orm(string_value = $value)] $variant),+
        }

        impl $name {
            /// The string stored in the column.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $value),+
                }
            }

            /// The value stored as `code`, if it is one.
            pub fn parse(code: &str) -> Option<Self> {
                match code {
                    $($value => Some(Self::$variant),)+
                    _ => None,
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

codes! {
    /// `members.status`.
    MemberStatus {
        Active = "ACTIVE",
        /// Left the platform; personal data erased, the row kept for foreign keys.
        Withdrawn = "WITHDRAWN",
        /// Locked by an operator.
        Locked = "LOCKED",
    }
}

codes! {
    /// `members.role`: the platform role (business roles are [`BusinessRole`]).
    MemberRole {
        User = "USER",
        /// An operator of the platform.
        Admin = "ADMIN",
    }
}

codes! {
    /// `business_members.role` and `invitations.role`.
    BusinessRole {
        /// The one member who owns the business: manages its team and can hand it over.
        Master = "BUSINESS_MASTER",
        /// A manager: writes and edits the business's content.
        Manager = "BUSINESS",
    }
}

codes! {
    /// `posts.status`: DRAFT → SCHEDULED (publish time in the future) → PUBLISHED → HIDDEN
    /// (by the business) or REMOVED (by an operator).
    PostStatus {
        Draft = "DRAFT",
        Scheduled = "SCHEDULED",
        Published = "PUBLISHED",
        Hidden = "HIDDEN",
        Removed = "REMOVED",
    }
}

codes! {
    /// `media_requests.status` and `media_request_history.status`.
    MediaRequestStatus {
        Requested = "REQUESTED",
        InReview = "IN_REVIEW",
        Published = "PUBLISHED",
        Rejected = "REJECTED",
    }
}

codes! {
    /// `certifications.status`.
    CertificationStatus {
        Requested = "REQUESTED",
        Completed = "COMPLETED",
        Failed = "FAILED",
        Cancelled = "CANCELLED",
    }
}

codes! {
    /// `mail_outbox.status`.
    MailStatus {
        Pending = "PENDING",
        /// Claimed by a sender that is delivering it now.
        Sending = "SENDING",
        Sent = "SENT",
        Failed = "FAILED",
        /// Not sent, and never will be: the post it told of left the public first, or the
        /// address bounced.
        Withdrawn = "WITHDRAWN",
    }
}

codes! {
    /// `post_flags.reason`: what a reader says is wrong with a post.
    FlagReason {
        /// Advertising or the same text again and again.
        Spam = "SPAM",
        /// Insults, hatred or harassment.
        Abuse = "ABUSE",
        /// Against the law (fraud, illegal goods, …).
        Illegal = "ILLEGAL",
        /// Someone's personal data shown without their consent.
        Privacy = "PRIVACY",
        /// Someone else's work used without right.
        Copyright = "COPYRIGHT",
        /// False or misleading.
        Misleading = "MISLEADING",
        /// Anything else; the reader says what.
        Other = "OTHER",
    }
}

codes! {
    /// `post_flags.status`.
    FlagStatus {
        /// Waits for an operator.
        Open = "OPEN",
        /// Looked at; nothing to do.
        Dismissed = "DISMISSED",
        /// The post was removed.
        Actioned = "ACTIONED",
    }
}
