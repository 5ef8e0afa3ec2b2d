//! The schema, on both databases the product runs on: every migration goes up, down and up
//! again; the entities match the tables column for column (name, type, nullability); ids
//! auto-increment; the categories are seeded; foreign keys cascade or set NULL as designed;
//! the business-level row of `analytics_daily` stays unique although its `post_id` is NULL.
//!
//! SQLite always runs. PostgreSQL runs when `TIDEMARK_TEST_PG_ADMIN` (default
//! `postgres://postgres@127.0.0.1:5432/postgres`) answers; it is skipped with a note when it
//! does not, except under `CI=true`, where an unreachable PostgreSQL fails the test.

mod rows;
mod schema;

use std::collections::BTreeSet;
use std::hash::{BuildHasher, RandomState};
use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use sea_orm::entity::prelude::*;
use sea_orm::sea_query::ExprTrait;
use sea_orm::{ActiveValue::Set, ConnectOptions, Database, DatabaseBackend, Statement};
use tidemark_migration::{Migrator, MigratorTrait};
use tidemark_server::entities::posts::PostStatus;
use tidemark_server::entities::{self, prelude::*};

use rows::{check_analytics_daily_uniqueness, check_categories, check_rows};
use schema::{entity_mismatches, expected_tables};

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
