//! `follows`: A reader follows a business; `source` `Follow_Content` | `Follow_ContentList` |
//! `Follow_CorpProfile`.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "follows")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub member_id: i64,
    pub business_id: i64,
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub source: String,
    pub created_at: DateTimeUtc,
    /// How the member hears of the business's posts by e-mail: `OFF` | `EACH` | `DAILY` |
    /// `WEEKLY` (`fanout::MailChoice`).
    #[sea_orm(column_type = "String(StringLen::N(32))")]
    pub mail: String,
    pub mail_set_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::members::Entity",
        from = "Column::MemberId",
        to = "super::members::Column::Id",
        on_delete = "Cascade"
    )]
    Member,
    #[sea_orm(
        belongs_to = "super::businesses::Entity",
        from = "Column::BusinessId",
        to = "super::businesses::Column::Id",
        on_delete = "Cascade"
    )]
    Business,
}

impl Related<super::members::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Member.def()
    }
}

impl Related<super::businesses::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Business.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
