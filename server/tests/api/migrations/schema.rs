//! The entities against the tables: every entity's table is there, and its columns match
//! column for column (name, type, nullability).

use super::*;
use sea_orm::sea_query::StringLen;
use sea_orm::Iterable;

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
            data_exports,
            notifications,
            post_announcements,
            mail_suppressions,
            notification_opens,
            mail_digests,
            push_subscriptions,
            push_deliveries,
            push_quota,
            member_consents,
            totp_secrets,
            recovery_codes,
            sign_in_tickets,
            passkeys,
            webauthn_ceremonies,
            security_events
        )
    };
}

/// Every entity's table, plus the migrator's own bookkeeping table.
pub(super) fn expected_tables() -> BTreeSet<String> {
    macro_rules! names {
        ($($module:ident),*) => {
            [$(entities::$module::Entity.table_name()),*]
        };
    }
    let mut tables: BTreeSet<String> = for_each_entity!(names!)
        .into_iter()
        .map(str::to_string)
        .collect();
    assert_eq!(tables.len(), 59);
    tables.insert("seaql_migrations".to_string());
    tables
}

pub(super) async fn entity_mismatches(db: &DatabaseConnection) -> Vec<String> {
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
