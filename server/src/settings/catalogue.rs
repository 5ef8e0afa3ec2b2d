//! Every setting of the server, declared once: its name, the kind of value it takes, its
//! default and what it does. [`Settings`](super::Settings) checks every value against its
//! kind when it reads them; the domain modules read them through these constants (never by
//! a name in a string); the README's table is [`readme_table`].

use super::kind::{Kind, Setting, Value, PLAIN, WEB};
pub use super::providers::*;

// ── Where it listens, what it serves, where it keeps things ─────────────────────────────

pub const PORT: Setting = Setting {
    name: "PORT",
    kind: Kind::Number { min: 0, max: 65535 },
    default: Some(Value::Number(8080)),
    about: "the port the server listens on (0: any free port)",
    alias: Some("TIDEMARK_PORT"),
    ..PLAIN
};

pub const HOST: Setting = Setting {
    name: "TIDEMARK_HOST",
    kind: Kind::IpAddress,
    default: Some(Value::Text("127.0.0.1")),
    about: "the address the server listens on (`0.0.0.0`: every interface)",
    ..PLAIN
};

pub const PUBLIC_URL: Setting = Setting {
    name: "TIDEMARK_PUBLIC_URL",
    kind: WEB,
    default: None,
    about: "the address readers reach the site at: links in mails, OAuth redirects; https makes cookies Secure",
    default_shown: "`http://localhost:$PORT`",
    ..PLAIN
};

pub const MODE: Setting = Setting {
    name: "TIDEMARK_MODE",
    kind: Kind::Choice(&["demo", "production"]),
    default: Some(Value::Text("demo")),
    about: "`production`: no demo accounts; needs `TIDEMARK_TOKEN_SECRET` and an https `TIDEMARK_PUBLIC_URL`",
    ..PLAIN
};

pub const DATA_DIR: Setting = Setting {
    name: "TIDEMARK_DATA_DIR",
    kind: Kind::Path,
    default: Some(Value::Text("data")),
    about: "the embedded database, the search index, local uploads and the generated keys",
    ..PLAIN
};

pub const UI_DIR: Setting = Setting {
    name: "TIDEMARK_UI_DIR",
    kind: Kind::Path,
    default: Some(Value::Text("ui/dist")),
    about: "the built web client (`index.html` and `assets/`); without it the API runs alone",
    ..PLAIN
};

pub const DATABASE_URL: Setting = Setting {
    name: "DATABASE_URL",
    kind: Kind::Url {
        schemes: &["sqlite:", "postgres://", "postgresql://"],
    },
    default: None,
    about: "`postgres://…` for PostgreSQL (or another `sqlite:` file)",
    default_shown: "the SQLite file `tidemark.db` in the data folder",
    ..PLAIN
};

pub const CONFIG: Setting = Setting {
    name: "TIDEMARK_CONFIG",
    kind: Kind::Path,
    default: None,
    about: "the TOML settings file (read from the environment only)",
    default_shown: "`tidemark.toml` in the working folder, when there is one",
    ..PLAIN
};

pub const TOKEN_SECRET: Setting = Setting {
    name: "TIDEMARK_TOKEN_SECRET",
    kind: Kind::Secret { min_chars: 0 },
    default: None,
    about: "the key access tokens are signed with: at least 32 characters in production, the same on every process",
    default_shown: "generated into the data folder (demo mode)",
    ..PLAIN
};

pub const TRUST_FORWARDED_FOR: Setting = Setting {
    name: "TIDEMARK_TRUST_FORWARDED_FOR",
    kind: Kind::Flag,
    default: Some(Value::Flag(false)),
    about:
        "take client addresses from `X-Forwarded-For` (only behind a load balancer that sets it)",
    ..PLAIN
};

pub const RATE_LIMITS: Setting = Setting {
    name: "TIDEMARK_RATE_LIMITS",
    kind: Kind::Flag,
    default: Some(Value::Flag(true)),
    about: "`off`: no rate limits, for load benchmarks in demo mode (refused in production)",
    ..PLAIN
};

pub const DEMO_CONTENT: Setting = Setting {
    name: "TIDEMARK_DEMO_CONTENT",
    kind: Kind::Flag,
    default: Some(Value::Flag(true)),
    about: "`off`: demo mode without the demo posts and businesses (the demo accounts stay)",
    ..PLAIN
};

// ── Mail ─────────────────────────────────────────────────────────────────────────────────

pub const SMTP_URL: Setting = Setting {
    name: "TIDEMARK_SMTP_URL",
    kind: Kind::Url {
        schemes: &["smtp://"],
    },
    default: None,
    about: "the SMTP relay mail leaves by: `smtp://[user:password@]host[:port]`",
    default_shown: "none (mail stays in the outbox)",
    ..PLAIN
};

pub const MAIL_FROM: Setting = Setting {
    name: "TIDEMARK_MAIL_FROM",
    kind: Kind::Mailbox,
    default: Some(Value::Text("Tidemark <no-reply@tidemark.test>")),
    about: "the sender of the site's mail",
    ..PLAIN
};

pub const FEEDBACK_TOKEN: Setting = Setting {
    name: "TIDEMARK_FEEDBACK_TOKEN",
    // A guessable one would let anyone stop a reader's mail.
    kind: Kind::Secret { min_chars: 24 },
    default: None,
    about: "the token the mail relay hands mailbox providers' spam reports on with (`POST /mail/v1/feedback`, docs/operations.md)",
    default_shown: "none (no intake)",
    ..PLAIN
};

// ── Web push ─────────────────────────────────────────────────────────────────────────────

pub const VAPID_PRIVATE_KEY: Setting = Setting {
    name: "TIDEMARK_VAPID_PRIVATE_KEY",
    kind: Kind::Secret { min_chars: 0 },
    default: None,
    about: "the web push signing key (P-256, base64url); set the same on every process (docs/notifications.md)",
    default_shown: "generated into the data folder (`vapid.key`)",
    ..PLAIN
};

pub const FETCH_ALLOW: Setting = Setting {
    name: "TIDEMARK_FETCH_ALLOW",
    kind: Kind::SocketAddresses,
    default: None,
    about: "addresses the link fetcher (link cards, video details) may reach though they are not public: tests and local demos only, refused in production",
    default_shown: "none: public addresses only",
    ..PLAIN
};

pub const OEMBED_URL: Setting = Setting {
    name: "TIDEMARK_OEMBED_URL",
    kind: WEB,
    default: None,
    about: "asks every video provider's oEmbed (a video's title and thumbnail) at this address instead of the provider's own: a local provider for tests and offline demos (docs/media.md)",
    default_shown: "each provider's own",
    ..PLAIN
};

pub const PUSH_SERVICES: Setting = Setting {
    name: "TIDEMARK_PUSH_SERVICES",
    kind: Kind::Text,
    // Chrome and Edge's FCM, Firefox, Safari and Windows; anything else would let a member make
    // the server post to an address of their choosing.
    default: Some(Value::Text(
        "fcm.googleapis.com,updates.push.services.mozilla.com,push.apple.com,notify.windows.com",
    )),
    about: "the push services browsers' subscriptions may point at, comma-separated: a host or parent domain over HTTPS, or a whole origin",
    default_shown: "FCM, Mozilla, Apple and Windows push services",
    ..PLAIN
};

// ── Work, memory and the database ────────────────────────────────────────────────────────

pub const JOBS_OFF: Setting = Setting {
    name: "TIDEMARK_JOBS_OFF",
    kind: Kind::Text,
    default: None,
    about: "periodic jobs this process does not run, comma-separated (docs/operations.md)",
    ..PLAIN
};

pub const CACHE_MB: Setting = Setting {
    name: "TIDEMARK_CACHE_MB",
    kind: Kind::Megabytes,
    default: Some(Value::Number(80)),
    about: "answers kept for many readers (pages, post details, cards), compressed once; about 1.6 times that resident under readers' traffic (docs/content.md, docs/performance.md)",
    ..PLAIN
};

pub const SQLITE_CACHE_MB: Setting = Setting {
    name: "TIDEMARK_SQLITE_CACHE_MB",
    kind: Kind::Megabytes,
    default: Some(Value::Number(32)),
    about:
        "memory for the embedded database's pages, all connections together (docs/performance.md)",
    ..PLAIN
};

pub const DB_TIMEOUT_MS: Setting = Setting {
    name: "TIDEMARK_DB_TIMEOUT_MS",
    kind: Kind::Millis {
        min: 100,
        max: 60_000,
    },
    default: Some(Value::Number(800)),
    about: "PostgreSQL: how long a call waits for a connection before it answers 503, and how long the reachability probe waits (docs/operations.md)",
    ..PLAIN
};

// ── What it tells its operators ──────────────────────────────────────────────────────────

pub const LOG_FORMAT: Setting = Setting {
    name: "TIDEMARK_LOG_FORMAT",
    kind: Kind::Choice(&["text", "json"]),
    default: Some(Value::Text("text")),
    about: "`json`: one JSON object a line, each answer logged with its request id, route, status, latency and node (docs/operations.md); `RUST_LOG` filters (default `info`)",
    ..PLAIN
};

pub const METRICS_ADDR: Setting = Setting {
    name: "TIDEMARK_METRICS_ADDR",
    kind: Kind::SocketAddress,
    default: None,
    about: "`/metrics` (Prometheus) on an address of its own, no token (a private network's)",
    ..PLAIN
};

pub const METRICS_TOKEN: Setting = Setting {
    name: "TIDEMARK_METRICS_TOKEN",
    // A guessable one would make the figures public.
    kind: Kind::Secret { min_chars: 24 },
    default: None,
    about: "`/metrics` on the site's address behind `Authorization: Bearer <token>`; with neither this nor `TIDEMARK_METRICS_ADDR` there is no `/metrics`",
    ..PLAIN
};

// ── Identity certification ───────────────────────────────────────────────────────────────

pub const CERTIFY_PROVIDER: Setting = Setting {
    name: "TIDEMARK_CERTIFY_PROVIDER",
    kind: Kind::Choice(&["local", "portone"]),
    default: Some(Value::Text("local")),
    about: "who certifies members' identity: `local` certifies anyone as anybody (development and tests; refused in production), `portone` needs the PortOne settings below",
    ..PLAIN
};

pub const PORTONE_API_BASE: Setting = Setting {
    name: "TIDEMARK_PORTONE_API_BASE",
    kind: WEB,
    default: Some(Value::Text("https://api.iamport.kr")),
    about: "PortOne's REST API (http:// outside production only)",
    ..PLAIN
};

pub const PORTONE_API_KEY: Setting = Setting {
    name: "TIDEMARK_PORTONE_API_KEY",
    kind: Kind::Secret { min_chars: 0 },
    default: None,
    about: "PortOne's REST API key (with `portone`)",
    ..PLAIN
};

pub const PORTONE_API_SECRET: Setting = Setting {
    name: "TIDEMARK_PORTONE_API_SECRET",
    kind: Kind::Secret { min_chars: 0 },
    default: None,
    about: "PortOne's REST API secret (with `portone`)",
    ..PLAIN
};

pub const PORTONE_IMP_CODE: Setting = Setting {
    name: "TIDEMARK_PORTONE_IMP_CODE",
    kind: Kind::Text,
    default: None,
    about: "the store code (`imp…`) PortOne's certification window opens with (with `portone`)",
    ..PLAIN
};

// ── Media in S3-compatible object storage ────────────────────────────────────────────────

pub const S3_BUCKET: Setting = Setting {
    name: "TIDEMARK_S3_BUCKET",
    kind: Kind::Text,
    default: None,
    about: "uploads in this bucket of S3-compatible object storage (docs/media.md)",
    default_shown: "none (uploads in the data folder's `media`)",
    ..PLAIN
};

pub const S3_ENDPOINT: Setting = Setting {
    name: "TIDEMARK_S3_ENDPOINT",
    kind: WEB,
    default: None,
    about: "for S3-compatible services (MinIO, R2, …): `http(s)://host:port`, path-style requests",
    default_shown: "AWS S3",
    ..PLAIN
};

pub const S3_REGION: Setting = Setting {
    name: "TIDEMARK_S3_REGION",
    kind: Kind::Text,
    default: Some(Value::Text("us-east-1")),
    about: "the bucket's region",
    ..PLAIN
};

pub const S3_ACCESS_KEY_ID: Setting = Setting {
    name: "TIDEMARK_S3_ACCESS_KEY_ID",
    kind: Kind::Text,
    default: None,
    about: "the bucket's credentials: the key id",
    default_shown: "the usual `AWS_*` variables or the instance's role",
    ..PLAIN
};

pub const S3_SECRET_ACCESS_KEY: Setting = Setting {
    name: "TIDEMARK_S3_SECRET_ACCESS_KEY",
    kind: Kind::Secret { min_chars: 0 },
    default: None,
    about: "the bucket's credentials: the secret key",
    default_shown: "the usual `AWS_*` variables or the instance's role",
    ..PLAIN
};

pub const S3_PREFIX: Setting = Setting {
    name: "TIDEMARK_S3_PREFIX",
    kind: Kind::Text,
    default: None,
    about: "keys are stored under `<prefix>/` (a-z, 0-9, '/', '.', '_' and '-')",
    ..PLAIN
};

pub const LOCAL_OAUTH: Setting = Setting {
    name: "TIDEMARK_LOCAL_OAUTH",
    kind: Kind::Flag,
    default: None,
    about: "the built-in `local` sign-in provider, which signs anyone in as anybody (development and tests)",
    default_shown: "on in demo mode, off in production",
    ..PLAIN
};

/// The setting of this name (or alias), if the catalogue has one.
pub fn named(name: &str) -> Option<&'static Setting> {
    ALL.iter()
        .copied()
        .find(|setting| setting.name == name || setting.alias == Some(name))
}

/// Every setting, in the README's order.
pub const ALL: &[&Setting] = &[
    &PORT,
    &HOST,
    &PUBLIC_URL,
    &MODE,
    &DATA_DIR,
    &UI_DIR,
    &DATABASE_URL,
    &CONFIG,
    &TOKEN_SECRET,
    &TRUST_FORWARDED_FOR,
    &RATE_LIMITS,
    &DEMO_CONTENT,
    &SMTP_URL,
    &MAIL_FROM,
    &FEEDBACK_TOKEN,
    &VAPID_PRIVATE_KEY,
    &PUSH_SERVICES,
    &FETCH_ALLOW,
    &OEMBED_URL,
    &JOBS_OFF,
    &CACHE_MB,
    &SQLITE_CACHE_MB,
    &DB_TIMEOUT_MS,
    &LOG_FORMAT,
    &METRICS_ADDR,
    &METRICS_TOKEN,
    &CERTIFY_PROVIDER,
    &PORTONE_API_BASE,
    &PORTONE_API_KEY,
    &PORTONE_API_SECRET,
    &PORTONE_IMP_CODE,
    &S3_BUCKET,
    &S3_ENDPOINT,
    &S3_REGION,
    &S3_ACCESS_KEY_ID,
    &S3_SECRET_ACCESS_KEY,
    &S3_PREFIX,
    &KAKAO_CLIENT_ID,
    &KAKAO_CLIENT_SECRET,
    &KAKAO_AUTH_URL,
    &KAKAO_TOKEN_URL,
    &KAKAO_USERINFO_URL,
    &NAVER_CLIENT_ID,
    &NAVER_CLIENT_SECRET,
    &NAVER_AUTH_URL,
    &NAVER_TOKEN_URL,
    &NAVER_USERINFO_URL,
    &GOOGLE_CLIENT_ID,
    &GOOGLE_CLIENT_SECRET,
    &GOOGLE_AUTH_URL,
    &GOOGLE_TOKEN_URL,
    &GOOGLE_USERINFO_URL,
    &LOCAL_OAUTH,
];

/// Names the project's test and benchmark tools put into the server's environment for
/// themselves: not settings, and not warned about.
pub const TOOLS: &[&str] = &[
    "TIDEMARK_BENCH_PORT",
    "TIDEMARK_BIN",
    "TIDEMARK_BUILD_PROFILE",
    "TIDEMARK_E2E_PORT",
    "TIDEMARK_FUZZ_PORT",
    "TIDEMARK_PRECISION_POSTS",
    "TIDEMARK_STAGES",
    "TIDEMARK_T0",
    "TIDEMARK_TEST_PG_ADMIN",
    "TIDEMARK_WALK_SEED",
];

// ── The README's table ───────────────────────────────────────────────────────────────────

/// The line before the README's generated table.
pub const README_START: &str = "<!-- settings:start -->";
/// The line after it.
pub const README_END: &str = "<!-- settings:end -->";

/// The README's settings table, a row a setting, in [`ALL`]'s order.
pub fn readme_table() -> String {
    let mut table =
        String::from("| setting | default | takes | what it does |\n| --- | --- | --- | --- |\n");
    for setting in ALL {
        let mut name = format!("`{}`", setting.name);
        if let Some(alias) = setting.alias {
            name.push_str(&format!(" (or `{alias}`)"));
        }
        let default = match (setting.default_shown, setting.default) {
            ("", Some(Value::Text(text))) => format!("`{text}`"),
            ("", Some(Value::Number(number))) => format!("`{number}`"),
            ("", Some(Value::Flag(true))) => "on".into(),
            ("", Some(Value::Flag(false))) => "off".into(),
            ("", None) => "none".into(),
            (shown, _) => shown.into(),
        };
        table.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            cell(&name),
            cell(&default),
            cell(
                &setting
                    .kind
                    .takes()
                    .replace('<', "&lt;")
                    .replace('>', "&gt;")
            ),
            cell(setting.about)
        ));
    }
    table
}

/// A table cell: `|` would end it.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// `readme` with the part between [`README_START`] and [`README_END`] replaced by
/// [`readme_table`].
pub fn with_readme_table(readme: &str) -> Result<String, String> {
    let (before, rest) = readme
        .split_once(README_START)
        .ok_or_else(|| format!("the README has no {README_START} line"))?;
    let (_, after) = rest
        .split_once(README_END)
        .ok_or_else(|| format!("the README has no {README_END} line after {README_START}"))?;
    Ok(format!(
        "{before}{README_START}\n{}{README_END}{after}",
        readme_table()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_name_is_unique_and_a_tidemark_name() {
        let mut names = HashSet::new();
        let mut file_keys = HashSet::new();
        for setting in ALL {
            for name in std::iter::once(setting.name).chain(setting.alias) {
                assert!(names.insert(name), "{name} is in the catalogue twice");
                assert!(
                    name.starts_with("TIDEMARK_") || ["PORT", "DATABASE_URL"].contains(&name),
                    "{name} does not start with TIDEMARK_"
                );
                assert!(
                    !TOOLS.contains(&name),
                    "{name} is a setting and a tool's name"
                );
                assert_eq!(
                    name.trim_matches(|c: char| c.is_ascii_uppercase()
                        || c.is_ascii_digit()
                        || c == '_'),
                    "",
                    "{name}: capitals, digits and _ only"
                );
            }
            assert!(
                file_keys.insert(setting.file_key()),
                "{} has the file key of another setting",
                setting.name
            );
        }
        for tool in TOOLS {
            assert!(tool.starts_with("TIDEMARK_"), "{tool}");
        }
    }

    /// Every `pub const …: Setting` of this file and the providers' is in [`ALL`], so none is
    /// left out of the checks and the README.
    #[test]
    fn every_setting_declared_is_listed() {
        let source = [include_str!("catalogue.rs"), include_str!("providers.rs")].concat();
        let declared = source
            .lines()
            .filter(|line| line.starts_with("pub const ") && line.contains(": Setting = "))
            .count();
        assert_eq!(declared, ALL.len(), "a setting is declared but not in ALL");
    }

    #[test]
    fn every_setting_says_what_it_does_and_its_default_is_of_its_kind() {
        for setting in ALL {
            assert!(!setting.about.is_empty(), "{}", setting.name);
            assert!(!setting.about.contains('\n'), "{}: one line", setting.name);
            match setting.default {
                Some(Value::Text(text)) => {
                    assert!(
                        setting.kind.accepts(text),
                        "{}: the default {text:?} is not {}",
                        setting.name,
                        setting.kind.takes()
                    );
                    assert!(!matches!(
                        setting.kind,
                        Kind::Number { .. } | Kind::Megabytes | Kind::Millis { .. } | Kind::Flag
                    ));
                }
                Some(Value::Number(number)) => assert!(
                    setting.kind.accepts(&number.to_string())
                        && matches!(
                            setting.kind,
                            Kind::Number { .. } | Kind::Megabytes | Kind::Millis { .. }
                        ),
                    "{}: the default {number} is not {}",
                    setting.name,
                    setting.kind.takes()
                ),
                Some(Value::Flag(_)) => assert_eq!(setting.kind, Kind::Flag, "{}", setting.name),
                None => assert!(
                    !matches!(
                        setting.kind,
                        Kind::Number { .. }
                            | Kind::Megabytes
                            | Kind::Millis { .. }
                            | Kind::Choice(_)
                    ),
                    "{}: a number or a choice has a default",
                    setting.name
                ),
            }
            if setting.is_secret() {
                assert!(
                    setting.default.is_none(),
                    "{}: a secret has no default",
                    setting.name
                );
            }
        }
    }

    #[test]
    fn each_kind_takes_its_values_and_refuses_others() {
        let cases: &[(Kind, &[&str], &[&str])] = &[
            (Kind::Text, &["anything", "a, b"], &[]),
            (Kind::Path, &["data", "/var/lib/tidemark"], &[]),
            (
                WEB,
                &["http://x", "https://tidemark.example/"],
                &["ftp://x", "https://", "tidemark.example"],
            ),
            (
                DATABASE_URL.kind,
                &[
                    "sqlite::memory:",
                    "postgres://u:p@h/db",
                    "postgresql://h/db",
                ],
                &["mysql://x", "sqlite:", "postgres:/x"],
            ),
            (
                Kind::Flag,
                &["true", "1", "yes", "on", "FALSE", "0", "no", "Off"],
                &["maybe", "2", "ja"],
            ),
            (
                Kind::Number { min: 0, max: 65535 },
                &["0", "8080", "65535"],
                &["-1", "65536", "80.0", "eighty"],
            ),
            (
                Kind::Megabytes,
                &["1", "64", "1048576"],
                &["0", "-1", "1.5", "64MB", "1048577"],
            ),
            (
                Kind::Millis {
                    min: 100,
                    max: 60_000,
                },
                &["100", "800", "60000"],
                &["99", "60001", "1s"],
            ),
            (
                Kind::Choice(&["demo", "production"]),
                &["demo", "production"],
                &["staging", "Demo", ""],
            ),
            (
                Kind::Secret { min_chars: 24 },
                &["a-token-of-twenty-four-chars", "ééééééééééééééééééééééééé"],
                &["short"],
            ),
            (Kind::Secret { min_chars: 0 }, &["k"], &[]),
            (
                Kind::IpAddress,
                &["127.0.0.1", "0.0.0.0", "::1"],
                &["local", "127.0.0.1:80"],
            ),
            (
                Kind::SocketAddress,
                &["127.0.0.1:9464", "[::1]:9464"],
                &["9464", "127.0.0.1", "metrics:9464"],
            ),
            (
                Kind::SocketAddresses,
                &["127.0.0.1:4000", "127.0.0.1:4000, [::1]:4001"],
                &["127.0.0.1", "127.0.0.1:4000,", "localhost:4000"],
            ),
            (
                Kind::Mailbox,
                &["Tidemark <no-reply@tidemark.test>", "a@b.io"],
                &["no mailbox", "<a@>"],
            ),
        ];
        for (kind, good, bad) in cases {
            for value in *good {
                assert!(kind.accepts(value), "{kind:?} takes {value:?}");
            }
            for value in *bad {
                assert!(!kind.accepts(value), "{kind:?} refuses {value:?}");
            }
        }
    }

    #[test]
    fn a_refusal_names_the_setting_and_what_it_takes() {
        assert_eq!(
            CACHE_MB.refusal(" 64MB "),
            Some(
                "TIDEMARK_CACHE_MB must be a whole number of megabytes from 1 to 1048576, not \"64MB\""
                    .into()
            )
        );
        assert_eq!(CACHE_MB.refusal(" 64 "), None);
        assert_eq!(CACHE_MB.refusal("  "), None, "empty is unset");
        assert_eq!(
            MODE.refusal("staging"),
            Some("TIDEMARK_MODE must be demo or production, not \"staging\"".into())
        );
        assert_eq!(
            DB_TIMEOUT_MS.refusal("5"),
            Some(
                "TIDEMARK_DB_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000, not \"5\""
                    .into()
            )
        );
        let secret = METRICS_TOKEN.refusal("short-secret").unwrap();
        assert_eq!(
            secret,
            "TIDEMARK_METRICS_TOKEN must be a secret of at least 24 characters"
        );
        let url = DATABASE_URL.refusal("mysql://root:hunter2@db").unwrap();
        assert!(url.starts_with("DATABASE_URL must be an address starting with sqlite:, postgres:// or postgresql://"), "{url}");
        assert!(!url.contains("hunter2"), "a URL may hold a password: {url}");
    }

    #[test]
    fn the_readme_table_has_a_row_a_setting() {
        let table = readme_table();
        assert_eq!(table.lines().count(), ALL.len() + 2);
        assert!(table.contains(
            "| `TIDEMARK_CACHE_MB` | `80` | a whole number of megabytes from 1 to 1048576 |"
        ));
        assert!(table.contains("| `PORT` (or `TIDEMARK_PORT`) | `8080` |"));
        let readme = format!("intro\n{README_START}\nold\n{README_END}\nafter\n");
        assert_eq!(
            with_readme_table(&readme).unwrap(),
            format!("intro\n{README_START}\n{table}{README_END}\nafter\n")
        );
        assert!(with_readme_table("no markers").is_err());
    }
}
