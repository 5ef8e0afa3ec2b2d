//! The `tidemark` command line: the server (the default) and the operators' commands. The
//! binary's `main` only calls [`run`].

use crate::{build_state, settings, telemetry, AppState, Application, Settings};
use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Tidemark: the web server, and the operators' tools. Settings come from the environment
/// (TIDEMARK_*, DATABASE_URL) and an optional tidemark.toml, as for the server.
#[derive(Parser)]
#[command(name = "tidemark", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web server (what `tidemark` does without a command).
    Serve,
    /// Operators' work on the platform's data.
    #[command(subcommand)]
    Admin(Admin),
    /// The search index.
    #[command(subcommand)]
    Search(SearchCommand),
    /// Copy the site (embedded database, local media, generated token secret) into DIR, while
    /// it serves. A PostgreSQL site is backed up with PostgreSQL's tools (docs/operations.md).
    Backup { dir: std::path::PathBuf },
    /// Bring the backup in DIR back into the data folder; the server must be stopped.
    Restore {
        dir: std::path::PathBuf,
        /// Move the site already in the data folder aside (into replaced-<time>/) first.
        #[arg(long)]
        replace: bool,
    },
    /// Print the API's OpenAPI document (as `/api-docs/openapi.json` serves it) without
    /// starting a server; the UI's types are generated from it.
    Openapi,
    /// Print every setting (name, default, what it takes, what it does) as the README's
    /// markdown table; settings need not be valid.
    Settings {
        /// Write the table into FILE (the README) between its `<!-- settings:start -->` and
        /// `<!-- settings:end -->` lines instead.
        #[arg(long, value_name = "FILE")]
        write_readme: Option<std::path::PathBuf>,
    },
    /// Write the large data set for benchmarks into the configured database.
    GenerateLarge {
        #[arg(long, default_value_t = 100_000)]
        posts: usize,
        #[arg(long, default_value_t = 1_000_000)]
        events: usize,
    },
    /// Add COUNT followers to business BUSINESS, for the fan-out benchmark
    /// (tests/load/fanout.sh); every MAIL_EVERY-th chooses a mail for each post.
    GenerateFollowers {
        #[arg(long)]
        business: i64,
        #[arg(long, default_value_t = 100_000)]
        count: usize,
        #[arg(long, default_value_t = 10)]
        mail_every: usize,
        /// Every PUSH_EVERY-th also has a browser subscribed to pushes at PUSH_SERVICE (and
        /// consented to pushes at night); 0: none.
        #[arg(long, default_value_t = 0)]
        push_every: usize,
        /// The local push endpoint's origin (http://127.0.0.1:PORT).
        #[arg(long, default_value = "")]
        push_service: String,
    },
}

#[derive(Subcommand)]
enum Admin {
    /// Set (or with --remove, clear) a business's verified badge.
    VerifyBusiness {
        id: i64,
        #[arg(long)]
        remove: bool,
        /// The operator's note, kept with the business and in the audit logs.
        #[arg(long)]
        note: Option<String>,
    },
    /// List media publication requests, newest first.
    MediaRequests {
        /// REQUESTED | IN_REVIEW | PUBLISHED | REJECTED
        #[arg(long)]
        status: Option<String>,
    },
    /// Move a media publication request on: IN_REVIEW, PUBLISHED (with --link) or REJECTED
    /// (with --reason).
    ReviewMedia {
        id: i64,
        #[arg(long)]
        status: String,
        #[arg(long = "link")]
        links: Vec<String>,
        #[arg(long)]
        reason: Option<String>,
    },
    /// Create or replace a recommendation collection.
    Curate {
        /// The collection to replace; a new one when left out.
        #[arg(long)]
        id: Option<i64>,
        #[arg(long)]
        title_ko: String,
        #[arg(long)]
        title_en: String,
        /// Post ids in order, comma-separated.
        #[arg(long, value_delimiter = ',')]
        posts: Vec<i64>,
        #[arg(long, default_value_t = 0)]
        order: i32,
    },
    /// Remove a post from the platform.
    RemovePost {
        id: i64,
        #[arg(long)]
        reason: String,
    },
}

#[derive(Subcommand)]
enum SearchCommand {
    /// Rebuild the search index from the database.
    Rebuild,
}

/// Parses the command line, runs what it asks and says how it went.
pub async fn run() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Command::Openapi) = &cli.command {
        return match serde_json::to_string_pretty(&crate::openapi_document()) {
            Ok(json) => {
                println!("{json}");
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("error: {error}");
                ExitCode::FAILURE
            }
        };
    }
    if let Some(Command::Settings { write_readme }) = &cli.command {
        return match print_settings(write_readme.as_deref()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("error: {error}");
                ExitCode::FAILURE
            }
        };
    }
    let settings = match Settings::from_env() {
        Ok(settings) => {
            telemetry::init(telemetry::LogFormat::of(&settings));
            for name in &settings.unknown {
                tracing::warn!(%name, "not a setting of this server (misspelt?): ignored");
            }
            settings
        }
        Err(problem) => {
            telemetry::init(telemetry::LogFormat::Text);
            tracing::error!("settings: {problem}");
            return ExitCode::from(2);
        }
    };
    let outcome = match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(settings).await,
        Command::Settings { .. } | Command::Openapi => {
            unreachable!("answered before the settings are read")
        }
        Command::Search(SearchCommand::Rebuild) => rebuild_search(settings)
            .await
            .map(|report| println!("search index rebuilt: {report:?}")),
        Command::Backup { dir } => crate::backup::backup(&settings, &dir).map(|made| {
            println!(
                "backed up into {}: database {} bytes, {} media files ({} bytes), token secret {}",
                dir.display(),
                made.database_bytes,
                made.media_files,
                made.media_bytes,
                if made.token_secret { "copied" } else { "not in the data folder" }
            )
        }),
        Command::Restore { dir, replace } => crate::backup::restore(&settings, &dir, replace)
            .map(|made| {
                println!(
                    "restored the backup made {} into {}; the search index is rebuilt at the next start",
                    made.made_at,
                    settings.data_dir.display()
                )
            }),
        Command::GenerateLarge { posts, events } => match build_state(settings).await {
            Ok(state) => crate::seed::large::generate(&state, posts, events)
                .await
                .map(|report| println!("large data set written: {report:?}")),
            Err(error) => Err(error),
        },
        Command::GenerateFollowers {
            business,
            count,
            mail_every,
            push_every,
            push_service,
        } => match build_state(settings).await {
            Ok(state) => {
                let push = (push_every > 0).then_some(crate::seed::followers::PushFollowers {
                    every: push_every,
                    service: &push_service,
                });
                crate::seed::followers::generate(&state.db, business, count, mail_every, push)
                    .await
                    .map(|report| println!("followers written: {report:?}"))
            }
            Err(error) => Err(error),
        },
        Command::Admin(command) => match build_state(settings).await {
            Ok(state) => admin(&state, command).await,
            Err(error) => Err(error),
        },
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!("{error}");
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The settings table on standard output, or written into the README at `readme`.
fn print_settings(readme: Option<&std::path::Path>) -> Result<(), String> {
    let Some(path) = readme else {
        print!("{}", settings::readme_table());
        return Ok(());
    };
    let shown = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let written = settings::with_readme_table(&text).map_err(|e| format!("{shown}: {e}"))?;
    if written == text {
        println!("{shown}: the settings table is up to date");
        return Ok(());
    }
    std::fs::write(path, written).map_err(|e| format!("cannot write {shown}: {e}"))?;
    println!("{shown}: the settings table written");
    Ok(())
}

async fn serve(settings: Settings) -> Result<(), String> {
    let app = Application::build(settings)
        .await
        .map_err(|e| format!("could not start: {e}"))?;
    app.run_until_stopped()
        .await
        .map_err(|e| format!("server stopped: {e}"))
}

/// Rebuilds the search index of these settings from the database: the server need not run
/// (but must not be running on the same data directory).
async fn rebuild_search(settings: Settings) -> Result<crate::search_index::RebuildReport, String> {
    let state = build_state(settings).await?;
    let report = state.search.rebuild(&state.db).await?;
    state.search.flush().await?;
    Ok(report)
}

async fn admin(state: &AppState, command: Admin) -> Result<(), String> {
    let shown = |e: crate::http::error::ApiError| e.to_string();
    match command {
        Admin::VerifyBusiness { id, remove, note } => {
            let row = crate::business::set_verified(state, id, !remove, note.as_deref(), None)
                .await
                .map_err(shown)?;
            println!(
                "business {} ({}): {}",
                row.id,
                row.name,
                if remove { "badge removed" } else { "verified" }
            );
        }
        Admin::MediaRequests { status } => {
            let rows = crate::publication::list(state, status.as_deref())
                .await
                .map_err(shown)?;
            for row in rows {
                println!(
                    "{:>6}  {:<10} business {:<6} {}  {}",
                    row.id,
                    row.status,
                    row.business_id,
                    row.created_at.format("%Y-%m-%d"),
                    row.title
                );
            }
        }
        Admin::ReviewMedia {
            id,
            status,
            links,
            reason,
        } => {
            let change = crate::publication::StatusChange {
                status,
                links,
                reason,
            };
            let row = crate::publication::review(state, id, &change, None)
                .await
                .map_err(shown)?;
            println!("media request {}: {}", row.id, row.status);
        }
        Admin::Curate {
            id,
            title_ko,
            title_en,
            posts,
            order,
        } => {
            let save = crate::content::recommend::CollectionSave {
                title_ko: &title_ko,
                title_en: &title_en,
                sort_order: order,
                post_seqs: &posts,
                published: None,
            };
            let by = Some(crate::oplog::Actor::CommandLine);
            let id = crate::content::save_collection(state, id, &save, by)
                .await
                .map_err(shown)?;
            println!("collection {id}: {} posts", posts.len());
        }
        Admin::RemovePost { id, reason } => {
            let post = crate::content::moderation::remove_post(state, id, &reason, None)
                .await
                .map_err(shown)?;
            println!("post {} removed", post.id);
        }
    }
    Ok(())
}
