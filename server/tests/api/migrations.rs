//! The schema, on both databases the product runs on: every migration goes up, down and up
//! again; the entities match the tables column for column (name, type, nullability); ids
//! auto-increment; the categories are seeded; foreign keys cascade or set NULL as designed;
//! the business-level row of `analytics_daily` stays unique although its `post_id` is NULL.
//!
//! SQLite always runs. PostgreSQL runs when `TIDEMARK_TEST_PG_ADMIN` (default
//! `postgres://postgres@127.0.0.1:5432/postgres`) answers; it is skipped with a note when it
//! does not, except under `CI=true`, where an unreachable PostgreSQL fails the test.

use std::collections::BTreeSet;
use std::hash::{BuildHasher, RandomState};
use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use sea_orm::entity::prelude::*;
use sea_orm::sea_query::{ExprTrait, StringLen};
use sea_orm::{
    ActiveValue::Set, ConnectOptions, Database, DatabaseBackend, Iterable, QueryOrder, Statement,
};
use tidemark_migration::{Migrator, MigratorTrait};
use tidemark_server::entities::business_members::BusinessRole;
use tidemark_server::entities::posts::PostStatus;
use tidemark_server::entities::{self, prelude::*};

const DEFAULT_PG_ADMIN: &str = "postgres://postgres@127.0.0.1:5432/postgres";

#[tokio::test]
async fn migrations_and_entities_on_sqlite() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("tidemark.db");
    let db = connect(&format!("sqlite://{}?mode=rwc", path.display()))
        .await
        .expect("SQLite opens");
    check_database(&db).await;
    db.close().await.expect("SQLite closes");
    println!("SQLite: migrations up, down and up again; entities match; all checks passed");
}

#[tokio::test]
async fn migrations_and_entities_on_postgres() {
    let admin_url =
        std::env::var("TIDEMARK_TEST_PG_ADMIN").unwrap_or_else(|_| DEFAULT_PG_ADMIN.to_string());
    let admin = match connect(&admin_url).await {
        Ok(admin) => admin,
        Err(err) if std::env::var("CI").as_deref() != Ok("true") => {
            println!("PostgreSQL skipped: no server at {admin_url} ({err})");
            return;
        }
        Err(err) => panic!("CI=true but PostgreSQL is unreachable at {admin_url}: {err}"),
    };
    let name = format!(
        "tidemark_mig_{:016x}",
        RandomState::new().hash_one(std::process::id())
    );
    admin
        .execute_unprepared(&format!(r#"CREATE DATABASE "{name}""#))
        .await
        .expect("the test database is created");

    // The checks run in their own task so that the database is dropped even when one fails.
    let url = with_database(&admin_url, &name);
    let outcome = tokio::spawn(async move {
        let db = connect(&url).await.expect("the test database opens");
        check_database(&db).await;
        db.close().await.expect("the test database closes");
    })
    .await;

    admin
        .execute_unprepared(&format!(r#"DROP DATABASE "{name}" WITH (FORCE)"#))
        .await
        .expect("the test database is dropped");
    if let Err(err) = outcome {
        std::panic::resume_unwind(err.into_panic());
    }
    println!(
        "PostgreSQL: migrations up, down and up again; entities match; all checks passed \
         ({name}, dropped)"
    );
}

/// Everything both tests check, so that they are the same on both databases.
async fn check_database(db: &DatabaseConnection) {
    Migrator::up(db, None).await.expect("migrations go up");
    assert_eq!(table_names(db).await, expected_tables(), "tables after up");
    let mismatches = entity_mismatches(db).await;
    assert!(
        mismatches.is_empty(),
        "entities differ from the tables:\n{}",
        mismatches.join("\n")
    );

    check_categories(db).await;
    check_rows(db).await;
    check_analytics_daily_uniqueness(db).await;

    Migrator::down(db, None).await.expect("migrations go down");
    assert_eq!(
        table_names(db).await,
        BTreeSet::from(["seaql_migrations".to_string()]),
        "only the migration bookkeeping is left after down"
    );

    Migrator::up(db, None)
        .await
        .expect("migrations go up again");
    assert_eq!(
        table_names(db).await,
        expected_tables(),
        "tables after up again"
    );
    let member = new_member("again@example.com").insert(db).await.unwrap();
    assert_eq!(member.id, 1, "the tables are new again");
}

async fn check_categories(db: &DatabaseConnection) {
    let categories = Categories::find()
        .order_by_asc(entities::categories::Column::Id)
        .all(db)
        .await
        .unwrap();
    let seeded: Vec<(i16, &str)> = categories.iter().map(|c| (c.id, c.key.as_str())).collect();
    assert_eq!(
        seeded,
        [
            (1, "insights"),
            (2, "success-stories"),
            (3, "products"),
            (4, "culture"),
            (5, "recruiting"),
            (6, "notices"),
            (7, "press"),
            (8, "original-series"),
            (9, "plus-series"),
        ]
    );
    assert_eq!(categories[0].name_ko, "인사이트");
    assert_eq!(categories[8].name_en, "Plus series");
}

/// Rows through the entities: auto-increment ids, defaults, JSON, timestamps, relations,
/// and what deleting a member cascades to or sets NULL.
async fn check_rows(db: &DatabaseConnection) {
    let (first, second) = check_members(db).await;
    check_refresh_tokens(db, &first).await;
    let business = check_business_and_team(db, &first).await;
    let post = check_posts_and_tags(db, &business, &first).await;
    check_follows_and_bookmarks(db, &second, &business, &post).await;
    check_deleting_members(db, &first, &second, &post, &business).await;
}

/// Two members: ids from 1, defaults, a unique e-mail.
async fn check_members(
    db: &DatabaseConnection,
) -> (entities::members::Model, entities::members::Model) {
    let first = new_member("first@example.com").insert(db).await.unwrap();
    let second = new_member("second@example.com").insert(db).await.unwrap();
    assert_eq!((first.id, second.id), (1, 2), "ids auto-increment from 1");
    assert_eq!(
        (first.role.as_str(), first.status.as_str()),
        ("USER", "ACTIVE")
    );
    assert_eq!(
        (first.failed_login_count, first.marketing_opt_in),
        (0, false)
    );
    assert_eq!(
        Members::find_by_id(first.id).one(db).await.unwrap(),
        Some(first.clone())
    );

    let duplicate = new_member("first@example.com").insert(db).await;
    assert!(duplicate.is_err(), "e-mail is unique");
    (first, second)
}

/// A refresh-token family with JSON device data, and its token.
async fn check_refresh_tokens(db: &DatabaseConnection, first: &entities::members::Model) {
    let family = entities::refresh_token_families::ActiveModel {
        member_id: Set(first.id),
        auto_login: Set(true),
        device: Set(Some(
            serde_json::json!({"deviceType": "PC", "deviceOs": "MAC"}),
        )),
        created_at: Set(at(9)),
        last_used_at: Set(at(9)),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    entities::refresh_tokens::ActiveModel {
        family_id: Set(family.id),
        token_hash: Set("hash-of-refresh-token".into()),
        created_at: Set(at(9)),
        expires_at: Set(at(10)),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    let families = first
        .find_related(RefreshTokenFamilies)
        .all(db)
        .await
        .unwrap();
    assert_eq!(families, std::slice::from_ref(&family));
    assert_eq!(
        families[0].device.as_ref().unwrap()["deviceType"],
        serde_json::json!("PC")
    );
    let tokens = family.find_related(RefreshTokens).all(db).await.unwrap();
    assert_eq!(tokens.len(), 1);
}

/// A verified business and its master.
async fn check_business_and_team(
    db: &DatabaseConnection,
    first: &entities::members::Model,
) -> entities::businesses::Model {
    let business = entities::businesses::ActiveModel {
        name: Set("타이드마크".into()),
        description: Set("A business".into()),
        industry: Set("IT".into()),
        registration_number: Set("1234567891".into()),
        verified_at: Set(Some(at(9))),
        verified_by: Set(Some(first.id)),
        created_at: Set(at(9)),
        updated_at: Set(at(9)),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    assert_eq!((business.id, business.follower_count), (1, 0));
    entities::business_members::ActiveModel {
        business_id: Set(business.id),
        member_id: Set(first.id),
        role: Set(BusinessRole::Master),
        created_at: Set(at(9)),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    let managers = business
        .find_related(BusinessMembers)
        .all(db)
        .await
        .unwrap();
    assert_eq!(managers.len(), 1);
    let manager = managers[0].find_related(Members).one(db).await.unwrap();
    assert_eq!(manager.map(|m| m.id), Some(first.id));
    business
}

/// Two posts with their category and business, and a tag.
async fn check_posts_and_tags(
    db: &DatabaseConnection,
    business: &entities::businesses::Model,
    first: &entities::members::Model,
) -> entities::posts::Model {
    let post = new_post(business.id, first.id).insert(db).await.unwrap();
    let other_post = new_post(business.id, first.id).insert(db).await.unwrap();
    assert_eq!((post.id, other_post.id), (1, 2));
    assert_eq!((post.view_count, post.popular_score), (0, 0.0));
    assert_eq!(
        Posts::find_by_id(post.id).one(db).await.unwrap(),
        Some(post.clone())
    );
    let (_, category) = Posts::find_by_id(post.id)
        .find_also_related(Categories)
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(category.map(|c| c.key), Some("press".to_string()));
    let owner = post.find_related(Businesses).one(db).await.unwrap();
    assert_eq!(owner.map(|b| b.name), Some("타이드마크".to_string()));

    let tag = entities::tags::ActiveModel {
        name: Set("ai".into()),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    entities::post_tags::ActiveModel {
        post_id: Set(post.id),
        tag_id: Set(tag.id),
    }
    .insert(db)
    .await
    .unwrap();
    assert_eq!(post.find_related(Tags).all(db).await.unwrap(), [tag]);
    post
}

async fn check_follows_and_bookmarks(
    db: &DatabaseConnection,
    second: &entities::members::Model,
    business: &entities::businesses::Model,
    post: &entities::posts::Model,
) {
    entities::follows::ActiveModel {
        member_id: Set(second.id),
        business_id: Set(business.id),
        source: Set("Follow_CorpProfile".into()),
        created_at: Set(at(9)),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    entities::bookmarks::ActiveModel {
        member_id: Set(second.id),
        post_id: Set(post.id),
        source: Set("Bookmark_Content".into()),
        created_at: Set(at(9)),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    assert_eq!(second.find_related(Follows).all(db).await.unwrap().len(), 1);
    assert_eq!(post.find_related(Bookmarks).all(db).await.unwrap().len(), 1);
}

/// What deleting a member cascades to or sets NULL.
async fn check_deleting_members(
    db: &DatabaseConnection,
    first: &entities::members::Model,
    second: &entities::members::Model,
    post: &entities::posts::Model,
    business: &entities::businesses::Model,
) {
    // A reader's follows and bookmarks are theirs: they go with the account.
    Members::delete_by_id(second.id).exec(db).await.unwrap();
    assert_eq!(Follows::find().count(db).await.unwrap(), 0);
    assert_eq!(Bookmarks::find().count(db).await.unwrap(), 0);

    // Authorship and verification are references: the post and business stay, unattributed;
    // the account's own rows (refresh tokens, team membership) go.
    Members::delete_by_id(first.id).exec(db).await.unwrap();
    let post = Posts::find_by_id(post.id).one(db).await.unwrap().unwrap();
    assert_eq!(post.author_member_id, None);
    let business = Businesses::find_by_id(business.id)
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(business.verified_by, None);
    assert_eq!(RefreshTokens::find().count(db).await.unwrap(), 0);
    assert_eq!(BusinessMembers::find().count(db).await.unwrap(), 0);
}

/// One business-level row (`post_id` NULL) per business and day, one row per post and day,
/// and an upsert that finds the existing row through `analytics_daily::on_conflict`.
async fn check_analytics_daily_uniqueness(db: &DatabaseConnection) {
    use entities::analytics_daily::{on_conflict, ActiveModel, Column};

    let business_id = Businesses::find().one(db).await.unwrap().unwrap().id;
    let post_id = Posts::find().one(db).await.unwrap().unwrap().id;
    let row = |post_id: Option<i64>, views: i64| ActiveModel {
        day: Set("2026-11-22".into()),
        business_id: Set(business_id),
        post_id: Set(post_id),
        views: Set(views),
        ..Default::default()
    };

    row(None, 1).insert(db).await.unwrap();
    row(Some(post_id), 1).insert(db).await.unwrap();
    assert!(
        row(None, 1).insert(db).await.is_err(),
        "a second business-level row for the same day is refused"
    );
    assert!(
        row(Some(post_id), 1).insert(db).await.is_err(),
        "a second row for the same post and day is refused"
    );

    AnalyticsDaily::insert(row(None, 5))
        .on_conflict(
            on_conflict()
                .value(
                    Column::Views,
                    Expr::col((AnalyticsDaily, Column::Views)).add(5),
                )
                .to_owned(),
        )
        .exec(db)
        .await
        .unwrap();
    let totals = AnalyticsDaily::find()
        .filter(Column::PostId.is_null())
        .all(db)
        .await
        .unwrap();
    assert_eq!(totals.len(), 1, "the upsert updated the existing row");
    assert_eq!(totals[0].views, 6);
    assert_eq!(AnalyticsDaily::find().count(db).await.unwrap(), 2);
}

fn new_member(email: &str) -> entities::members::ActiveModel {
    entities::members::ActiveModel {
        email: Set(Some(email.to_string())),
        email_verified_at: Set(Some(at(9))),
        password_hash: Set(Some("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into())),
        nickname: Set(Some("독자".into())),
        signup_channel: Set("email".into()),
        terms_agreed_at: Set(Some(at(9))),
        created_at: Set(at(9)),
        updated_at: Set(at(9)),
        ..Default::default()
    }
}

fn new_post(business_id: i64, author: i64) -> entities::posts::ActiveModel {
    entities::posts::ActiveModel {
        business_id: Set(business_id),
        author_member_id: Set(Some(author)),
        category_id: Set(7),
        title: Set("보도자료: 타이드마크 출시".into()),
        summary: Set("요약".into()),
        body_html: Set("<p>본문</p>".into()),
        body_text: Set("본문".into()),
        status: Set(PostStatus::Published),
        published_at: Set(Some(at(10))),
        created_at: Set(at(9)),
        updated_at: Set(at(10)),
        ..Default::default()
    }
}

/// A whole hour on the product's launch day: whole seconds round-trip exactly on both
/// databases (PostgreSQL keeps microseconds, SQLite text).
fn at(hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, hour, 0, 0).unwrap()
}

async fn connect(url: &str) -> Result<DatabaseConnection, DbErr> {
    let mut options = ConnectOptions::new(url);
    options
        .max_connections(4)
        .connect_timeout(Duration::from_secs(5))
        .acquire_timeout(Duration::from_secs(5))
        .sqlx_logging(false);
    Database::connect(options).await
}

/// `admin_url` with its database replaced by `name`.
fn with_database(admin_url: &str, name: &str) -> String {
    let (base, query) = match admin_url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (admin_url, None),
    };
    let authority = base.find("://").map_or(0, |i| i + 3);
    let path = base[authority..]
        .find('/')
        .map_or(base.len(), |i| authority + i);
    let mut url = format!("{}/{name}", &base[..path]);
    if let Some(query) = query {
        url.push('?');
        url.push_str(query);
    }
    url
}

async fn table_names(db: &DatabaseConnection) -> BTreeSet<String> {
    let sql = match db.get_database_backend() {
        DatabaseBackend::Sqlite => {
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        }
        _ => "SELECT tablename::text AS name FROM pg_tables WHERE schemaname = 'public'",
    };
    db.query_all_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get::<String>("", "name").unwrap())
        .collect()
}

macro_rules! for_each_entity {
    ($action:ident!) => {
        $action!(
            members,
            member_interests,
            certifications,
            social_identities,
            oauth_states,
            local_oauth_codes,
            local_oauth_tokens,
            refresh_token_families,
            refresh_tokens,
            guest_sessions,
            email_codes,
            password_resets,
            login_attempts,
            businesses,
            business_members,
            invitations,
            audit_log,
            categories,
            posts,
            tags,
            post_tags,
            recommendation_collections,
            recommendation_items,
            follows,
            bookmarks,
            analytics_events,
            analytics_pending,
            analytics_daily,
            uploads,
            media_requests,
            media_request_history,
            search_log,
            mail_outbox,
            try_counters,
            post_revisions,
            post_previews,
            operator_audit,
            operator_claims,
            post_flags,
            change_log,
            job_runs,
            rate_limits,
            node_heartbeats,
            data_exports
        )
    };
}

/// Every entity's table, plus the migrator's own bookkeeping table.
fn expected_tables() -> BTreeSet<String> {
    macro_rules! names {
        ($($module:ident),*) => {
            [$(entities::$module::Entity.table_name()),*]
        };
    }
    let mut tables: BTreeSet<String> = for_each_entity!(names!)
        .into_iter()
        .map(str::to_string)
        .collect();
    assert_eq!(tables.len(), 44);
    tables.insert("seaql_migrations".to_string());
    tables
}

async fn entity_mismatches(db: &DatabaseConnection) -> Vec<String> {
    let mut mismatches = Vec::new();
    macro_rules! check {
        ($($module:ident),*) => {
            $(mismatches.extend(column_mismatches(db, entities::$module::Entity).await);)*
        };
    }
    for_each_entity!(check!);
    mismatches
}

/// Where `entity`'s columns and its table's differ: a column missing on either side, or a
/// different type or nullability.
async fn column_mismatches<E: EntityTrait>(db: &DatabaseConnection, entity: E) -> Vec<String> {
    let table = entity.table_name();
    let mut actual = table_columns(db, table).await;
    let mut mismatches = Vec::new();
    for column in E::Column::iter() {
        let def = column.def();
        let expected = (
            column.as_str().to_string(),
            sql_type(db.get_database_backend(), def.get_column_type()),
            def.is_null(),
        );
        match actual.iter().position(|(name, _, _)| *name == expected.0) {
            Some(i) => {
                let found = actual.remove(i);
                if found != expected {
                    mismatches.push(format!("{table}: entity {expected:?}, table {found:?}"));
                }
            }
            None => mismatches.push(format!("{table}: no column {}", expected.0)),
        }
    }
    for (name, _, _) in actual {
        mismatches.push(format!("{table}: column {name} is not in the entity"));
    }
    mismatches
}

/// (name, type, nullable) of each column of `table`, as the database reports them.
async fn table_columns(db: &DatabaseConnection, table: &str) -> Vec<(String, String, bool)> {
    let backend = db.get_database_backend();
    let sql = match backend {
        DatabaseBackend::Sqlite => {
            r#"SELECT name, lower(type) AS type, "notnull" = 0 AS nullable
               FROM pragma_table_info(?)"#
        }
        _ => {
            "SELECT column_name::text AS name, \
                    data_type::text \
                      || coalesce('(' || character_maximum_length || ')', '') AS type, \
                    is_nullable::text = 'YES' AS nullable \
             FROM information_schema.columns \
             WHERE table_schema = 'public' AND table_name = $1"
        }
    };
    db.query_all_raw(Statement::from_sql_and_values(backend, sql, [table.into()]))
        .await
        .unwrap()
        .iter()
        .map(|row| {
            (
                row.try_get::<String>("", "name").unwrap(),
                row.try_get::<String>("", "type").unwrap(),
                row.try_get::<bool>("", "nullable").unwrap(),
            )
        })
        .collect()
}

/// The type a column of `column_type` has in `backend`'s catalogue when sea-query created it.
fn sql_type(backend: DatabaseBackend, column_type: &ColumnType) -> String {
    let sqlite = backend == DatabaseBackend::Sqlite;
    let name = match column_type {
        // SQLite: big integers are `integer`, which makes `id` the 64-bit rowid.
        ColumnType::BigInteger if sqlite => "integer",
        ColumnType::BigInteger => "bigint",
        ColumnType::Integer => "integer",
        ColumnType::SmallInteger => "smallint",
        ColumnType::String(StringLen::N(length)) if sqlite => return format!("varchar({length})"),
        ColumnType::String(StringLen::N(length)) => return format!("character varying({length})"),
        ColumnType::String(_) if sqlite => "varchar",
        ColumnType::String(_) => "character varying",
        ColumnType::Text => "text",
        ColumnType::Boolean => "boolean",
        ColumnType::Double if sqlite => "double",
        ColumnType::Double => "double precision",
        ColumnType::TimestampWithTimeZone if sqlite => "timestamp_with_timezone_text",
        ColumnType::TimestampWithTimeZone => "timestamp with time zone",
        ColumnType::Date if sqlite => "date_text",
        ColumnType::Date => "date",
        ColumnType::Json if sqlite => "json_text",
        ColumnType::Json => "json",
        other => panic!("no expected SQL type for {other:?}: add it here"),
    };
    name.to_string()
}
