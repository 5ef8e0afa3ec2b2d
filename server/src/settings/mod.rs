//! Settings in layers: defaults, then a TOML file (`TIDEMARK_CONFIG`, or `tidemark.toml` in the
//! working folder when present), then environment variables; checked before anything starts.
//!
//! Every setting is declared once, in the [`catalogue`] (re-exported here: `settings::CACHE_MB`),
//! with its kind, default and what it does; the README's table is made from it. Every setting
//! has one name: the environment variable (`PORT` is also read as `TIDEMARK_PORT`), and in
//! the file the same name lower-cased without the `TIDEMARK_` prefix (`port = 8080`,
//! `database_url = "postgres://…"`). Domain modules read their settings through the
//! catalogue's constants: `settings.megabytes(&settings::CACHE_MB)`.

pub mod catalogue;
mod kind;
mod providers;

pub use catalogue::*;
pub use kind::*;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The embedded default: demo data and demo accounts, a generated token secret.
    Demo,
    /// No demo accounts; a token secret and a public https address are required.
    Production,
}

#[derive(Clone)]
pub struct Settings {
    /// [`HOST`].
    pub host: IpAddr,
    /// [`PORT`].
    pub port: u16,
    /// The built UI (index.html and assets/): [`UI_DIR`].
    pub ui_dir: PathBuf,
    /// Where the embedded database, the generated secret and uploads live: [`DATA_DIR`].
    pub data_dir: PathBuf,
    /// [`DATABASE_URL`]; `None` is the SQLite file `<data_dir>/tidemark.db`.
    pub database_url: Option<String>,
    /// The address readers reach the site at: links in mails, OAuth redirects, Secure cookies
    /// ([`PUBLIC_URL`], without a trailing `/`).
    pub public_url: String,
    /// [`MODE`].
    pub mode: Mode,
    /// HMAC key of access tokens; generated into the data folder in demo mode when absent
    /// ([`TOKEN_SECRET`]).
    pub token_secret: Option<String>,
    /// `smtp://host:port` (or `smtp://user:pass@host`); `None` keeps mail in the outbox table
    /// ([`SMTP_URL`]).
    pub smtp_url: Option<String>,
    /// [`MAIL_FROM`].
    pub mail_from: String,
    /// Trust `X-Forwarded-For` for client addresses (behind a load balancer only):
    /// [`TRUST_FORWARDED_FOR`].
    pub trust_forwarded_for: bool,
    /// The value of every setting the file or the environment gives (the environment first),
    /// under the catalogue's name; read through [`Settings::text`], [`Settings::flag`] and
    /// the like, never printed. Tests may put values here: [`Settings::check`] (run by
    /// [`crate::Application::build`] and [`crate::build_state`]) checks them.
    pub raw: HashMap<String, String>,
    /// `TIDEMARK_*` names of the environment, and keys of the settings file, that are no
    /// setting (a misspelt name?): ignored, and logged by name at start.
    pub unknown: Vec<String>,
}

/// The settings with fields of their own in [`Settings`]; the others are read from `raw`.
const FIELDS: [&Setting; 11] = [
    &HOST,
    &PORT,
    &UI_DIR,
    &DATA_DIR,
    &DATABASE_URL,
    &PUBLIC_URL,
    &MODE,
    &TOKEN_SECRET,
    &SMTP_URL,
    &MAIL_FROM,
    &TRUST_FORWARDED_FOR,
];

impl std::fmt::Debug for Settings {
    // Secrets never reach logs: neither secret settings nor the passwords URLs may hold.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let others: Vec<(&str, String)> = ALL
            .iter()
            .filter(|setting| !FIELDS.contains(setting))
            .filter_map(|setting| {
                let value = self.given(setting)?;
                let shown = match setting.kind {
                    Kind::Secret { .. } => "<set>".to_string(),
                    Kind::Url { .. } => without_password(value),
                    _ => value.to_string(),
                };
                Some((setting.name, shown))
            })
            .collect();
        f.debug_struct("Settings")
            .field("address", &self.address())
            .field("ui_dir", &self.ui_dir)
            .field("data_dir", &self.data_dir)
            .field("database", &self.database_kind())
            .field("public_url", &self.public_url)
            .field("mode", &self.mode)
            .field("token_secret", &self.token_secret.as_ref().map(|_| "<set>"))
            .field("smtp", &self.smtp_url.as_ref().map(|_| "<set>"))
            .field("trust_forwarded_for", &self.trust_forwarded_for)
            .field("others", &others)
            .finish()
    }
}

/// `scheme://user:password@host/…` as `scheme://…@host/…`.
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    match rest[..authority_end].rfind('@') {
        Some(at) => format!("{scheme}://…{}", &rest[at..]),
        None => url.to_string(),
    }
}

impl Default for Settings {
    /// Every setting at its catalogue default.
    fn default() -> Self {
        Self::from_raw(HashMap::new(), Vec::new()).expect("the catalogue's defaults are good")
    }
}

impl Settings {
    pub fn from_env() -> Result<Self, String> {
        let env = |name: &str| {
            std::env::var(name)
                .ok()
                .filter(|value| !value.trim().is_empty())
        };
        let file = match env(CONFIG.name) {
            Some(path) => {
                if let Some(refused) = CONFIG.refusal(&path) {
                    return Err(refused);
                }
                Some(read_file(path.trim())?)
            }
            None if std::path::Path::new("tidemark.toml").exists() => {
                Some(read_file("tidemark.toml")?)
            }
            None => None,
        };
        let names = std::env::vars_os()
            .filter_map(|(name, _)| name.into_string().ok())
            .filter(|name| name.starts_with("TIDEMARK_"));
        Self::from_layers(file.unwrap_or_default(), env, names)
    }

    /// The same, reading variables through `lookup` (tests pass a map).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        Self::from_layers(HashMap::new(), lookup, std::iter::empty())
    }

    /// The settings of the file's keys and the environment's variables (`env` reads one;
    /// `env_names` are the `TIDEMARK_*` names the environment has, to find unknown ones).
    fn from_layers(
        file: HashMap<String, String>,
        env: impl Fn(&str) -> Option<String>,
        env_names: impl IntoIterator<Item = String>,
    ) -> Result<Self, String> {
        let given = |value: Option<String>| value.filter(|v| !v.trim().is_empty());
        let mut raw = HashMap::new();
        for setting in ALL {
            let from_env = given(env(setting.name))
                .or_else(|| setting.alias.and_then(|alias| given(env(alias))));
            // The file cannot name itself.
            let from_file = || {
                (setting.name != CONFIG.name)
                    .then(|| given(file.get(&setting.file_key()).cloned()))
                    .flatten()
            };
            if let Some(value) = from_env.or_else(from_file) {
                raw.insert(setting.name.to_string(), value);
            }
        }
        let mut unknown: Vec<String> = env_names
            .into_iter()
            .filter(|name| catalogue::named(name).is_none() && !TOOLS.contains(&name.as_str()))
            .collect();
        let mut file_unknown: Vec<String> = file
            .keys()
            .filter(|key| {
                !ALL.iter().any(|setting| {
                    setting.name != CONFIG.name && setting.file_key() == key.as_str()
                })
            })
            .map(|key| format!("{key} (settings file)"))
            .collect();
        unknown.sort();
        file_unknown.sort();
        unknown.extend(file_unknown);
        let settings = Self::from_raw(raw, unknown)?;
        settings.validate()?;
        Ok(settings)
    }

    /// Checks `raw` and fills the fields from it.
    fn from_raw(raw: HashMap<String, String>, unknown: Vec<String>) -> Result<Self, String> {
        let mut settings = Settings {
            host: IpAddr::from([127, 0, 0, 1]),
            port: 0,
            ui_dir: PathBuf::new(),
            data_dir: PathBuf::new(),
            database_url: None,
            public_url: String::new(),
            mode: Mode::Demo,
            token_secret: None,
            smtp_url: None,
            mail_from: String::new(),
            trust_forwarded_for: false,
            raw,
            unknown,
        };
        settings.check()?;
        let port = settings.number(&PORT).unwrap_or_default();
        settings.port = u16::try_from(port).expect("PORT's kind is a port number");
        settings.host = settings.ip_address(&HOST).unwrap_or(settings.host);
        settings.ui_dir = settings.path(&UI_DIR).unwrap_or_default();
        settings.data_dir = settings.path(&DATA_DIR).unwrap_or_default();
        settings.database_url = settings.text(&DATABASE_URL).map(str::to_string);
        settings.public_url = settings
            .text(&PUBLIC_URL)
            .map(str::to_string)
            .unwrap_or_else(|| format!("http://localhost:{port}"))
            .trim_end_matches('/')
            .to_string();
        settings.mode = match settings.choice(&MODE) {
            "production" => Mode::Production,
            _ => Mode::Demo,
        };
        settings.token_secret = settings.text(&TOKEN_SECRET).map(str::to_string);
        settings.smtp_url = settings.text(&SMTP_URL).map(str::to_string);
        settings.mail_from = settings.text(&MAIL_FROM).unwrap_or_default().to_string();
        settings.trust_forwarded_for = settings.flag(&TRUST_FORWARDED_FOR);
        Ok(settings)
    }

    /// Every value in `raw` against its setting's kind: one message naming each setting that
    /// is refused and what it takes. Values a test put into `raw` by hand are checked here too,
    /// before the server uses them.
    pub fn check(&self) -> Result<(), String> {
        let mut refused: Vec<String> = self
            .raw
            .iter()
            .filter_map(|(name, value)| match catalogue::named(name) {
                Some(setting) if setting.name == name => setting.refusal(value),
                Some(setting) => Some(format!("{name} is read as {}", setting.name)),
                None => Some(format!("{name} is not a setting of this server")),
            })
            .collect();
        refused.sort();
        if refused.is_empty() {
            Ok(())
        } else {
            Err(refused.join("; "))
        }
    }

    fn validate(&self) -> Result<(), String> {
        if self.mode == Mode::Production {
            match &self.token_secret {
                Some(secret) if secret.len() >= 32 => {}
                _ => {
                    return Err(format!(
                        "production needs {} of at least 32 characters",
                        TOKEN_SECRET.name
                    ))
                }
            }
            if !self.public_url.starts_with("https://") {
                return Err(format!("production needs an https:// {}", PUBLIC_URL.name));
            }
            if self.is_set(&FETCH_ALLOW) {
                return Err(format!(
                    "{} is for tests and local demos: production fetches public addresses only",
                    FETCH_ALLOW.name
                ));
            }
        }
        Ok(())
    }

    /// The value the file or the environment gives `setting` (trimmed), if any.
    fn given(&self, setting: &Setting) -> Option<&str> {
        self.raw
            .get(setting.name)
            .map(|value| value.trim())
            .filter(|value| !value.is_empty())
    }

    /// Whether the file or the environment gives `setting` a value (its default aside).
    pub fn is_set(&self, setting: &Setting) -> bool {
        self.given(setting).is_some()
    }

    /// The given value of `setting` read by `parse`, or its default read by `default`.
    /// Values are checked before they are read ([`Settings::check`]), so one `parse` refuses
    /// was put into `raw` after the check: a mistake of the caller's.
    fn read<'a, T>(
        &'a self,
        setting: &Setting,
        kinds: fn(&Kind) -> bool,
        parse: impl FnOnce(&'a str) -> Option<T>,
        default: impl FnOnce(Value) -> Option<T>,
    ) -> Option<T> {
        assert!(
            kinds(&setting.kind),
            "{} ({:?}) is not read this way",
            setting.name,
            setting.kind
        );
        match self.given(setting) {
            Some(value) => Some(parse(value).unwrap_or_else(|| {
                panic!(
                    "{} (a value put into the settings after they were checked)",
                    setting.refusal(value).unwrap_or_default()
                )
            })),
            None => setting.default.and_then(default),
        }
    }

    /// A text, URL, path or secret setting: its value, else its default.
    pub fn text(&self, setting: &Setting) -> Option<&str> {
        self.read(
            setting,
            |kind| {
                matches!(
                    kind,
                    Kind::Text
                        | Kind::Url { .. }
                        | Kind::Path
                        | Kind::Secret { .. }
                        | Kind::Mailbox
                )
            },
            Some,
            |default| match default {
                Value::Text(text) => Some(text),
                _ => None,
            },
        )
    }

    /// A path setting: its value, else its default.
    pub fn path(&self, setting: &Setting) -> Option<PathBuf> {
        self.read(
            setting,
            |kind| matches!(kind, Kind::Path),
            |value| Some(PathBuf::from(value)),
            |default| match default {
                Value::Text(text) => Some(PathBuf::from(text)),
                _ => None,
            },
        )
    }

    /// A flag: its value, else its default, else off ([`Settings::is_set`] tells unset).
    pub fn flag(&self, setting: &Setting) -> bool {
        self.read(
            setting,
            |kind| matches!(kind, Kind::Flag),
            parse_flag,
            |default| match default {
                Value::Flag(on) => Some(on),
                _ => None,
            },
        )
        .unwrap_or(false)
    }

    /// A whole number in its setting's range: its value, else its default.
    pub fn number(&self, setting: &Setting) -> Option<u64> {
        let Kind::Number { min, max } = setting.kind else {
            panic!("{} is not a number", setting.name);
        };
        self.read(
            setting,
            |kind| matches!(kind, Kind::Number { .. }),
            |value| parse_whole(value, min, max),
            number,
        )
    }

    /// A size in megabytes, as bytes: its value, else its default.
    pub fn megabytes(&self, setting: &Setting) -> u64 {
        let megabytes = self.read(
            setting,
            |kind| matches!(kind, Kind::Megabytes),
            |value| parse_whole(value, 1, MAX_MEGABYTES),
            number,
        );
        megabytes.expect("a size in megabytes has a default") * 1024 * 1024
    }

    /// A time in milliseconds within its setting's range: its value, else its default.
    pub fn millis(&self, setting: &Setting) -> Duration {
        let Kind::Millis { min, max } = setting.kind else {
            panic!("{} is not in milliseconds", setting.name);
        };
        let millis = self.read(
            setting,
            |kind| matches!(kind, Kind::Millis { .. }),
            |value| parse_whole(value, min, max),
            number,
        );
        Duration::from_millis(millis.expect("a time in milliseconds has a default"))
    }

    /// One of its setting's words: its value, else its default.
    pub fn choice(&self, setting: &Setting) -> &'static str {
        let Kind::Choice(words) = setting.kind else {
            panic!("{} is not a choice", setting.name);
        };
        let word = self.read(
            setting,
            |kind| matches!(kind, Kind::Choice(_)),
            |value| words.iter().find(|word| **word == value).copied(),
            |default| match default {
                Value::Text(text) => words.iter().find(|word| **word == text).copied(),
                _ => None,
            },
        );
        word.expect("a choice has a default")
    }

    /// An IP address: its value, else its default.
    pub fn ip_address(&self, setting: &Setting) -> Option<IpAddr> {
        self.read(
            setting,
            |kind| matches!(kind, Kind::IpAddress),
            |value| value.parse().ok(),
            |default| match default {
                Value::Text(text) => text.parse().ok(),
                _ => None,
            },
        )
    }

    /// An address and port: its value, else its default.
    pub fn socket_address(&self, setting: &Setting) -> Option<SocketAddr> {
        self.read(
            setting,
            |kind| matches!(kind, Kind::SocketAddress),
            |value| value.parse().ok(),
            |default| match default {
                Value::Text(text) => text.parse().ok(),
                _ => None,
            },
        )
    }

    /// Addresses and ports: its value's, else none.
    pub fn socket_addresses(&self, setting: &Setting) -> Vec<SocketAddr> {
        debug_assert!(matches!(setting.kind, Kind::SocketAddresses));
        self.given(setting)
            .map(|value| {
                value
                    .split(',')
                    .filter_map(|part| part.trim().parse().ok())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Gives `setting` a value, as the environment would (for tests and tools that build
    /// settings in code); checked like the others by [`Settings::check`].
    pub fn set(&mut self, setting: &Setting, value: impl Into<String>) -> &mut Self {
        self.raw.insert(setting.name.to_string(), value.into());
        self
    }

    pub fn address(&self) -> SocketAddr {
        SocketAddr::new(self.host, self.port)
    }

    /// Cookies carry `Secure` when the public address is https.
    pub fn secure_cookies(&self) -> bool {
        self.public_url.starts_with("https://")
    }

    fn database_kind(&self) -> &'static str {
        match &self.database_url {
            Some(url) if url.starts_with("postgres") => "postgres",
            _ => "sqlite",
        }
    }
}

fn number(default: Value) -> Option<u64> {
    match default {
        Value::Number(number) => Some(number),
        _ => None,
    }
}

fn read_file(path: &str) -> Result<HashMap<String, String>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read settings file {path}: {e}"))?;
    let table: toml::Table = text
        .parse()
        .map_err(|e| format!("settings file {path} is not TOML: {e}"))?;
    table
        .into_iter()
        .map(|(key, value)| {
            let text = match value {
                toml::Value::String(s) => s,
                toml::Value::Integer(i) => i.to_string(),
                toml::Value::Boolean(b) => b.to_string(),
                toml::Value::Float(f) => f.to_string(),
                _ => {
                    return Err(format!(
                        "settings file {path}: {key} must be a string, number or boolean"
                    ))
                }
            };
            Ok((key, text))
        })
        .collect::<Result<HashMap<_, _>, String>>()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |name| map.get(name).cloned()
    }

    fn file(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn defaults_and_overrides() {
        let settings = Settings::from_lookup(|_| None).unwrap();
        assert_eq!(settings.address().to_string(), "127.0.0.1:8080");
        assert_eq!(settings.mode, Mode::Demo);
        assert_eq!(settings.public_url, "http://localhost:8080");
        assert_eq!(settings.mail_from, "Tidemark <no-reply@tidemark.test>");
        assert_eq!(settings.ui_dir, PathBuf::from("ui/dist"));
        assert!(!settings.secure_cookies());
        assert!(!settings.trust_forwarded_for);
        let settings = Settings::from_lookup(env(&[("PORT", "0")])).unwrap();
        assert_eq!(settings.port, 0);
        let settings = Settings::from_lookup(env(&[("TIDEMARK_PORT", "9000")])).unwrap();
        assert_eq!(settings.port, 9000, "PORT's other name");
        let settings =
            Settings::from_lookup(env(&[("TIDEMARK_PORT", "9000"), ("PORT", "9100")])).unwrap();
        assert_eq!(settings.port, 9100, "PORT wins");
        let settings =
            Settings::from_lookup(env(&[("TIDEMARK_TRUST_FORWARDED_FOR", "yes")])).unwrap();
        assert!(settings.trust_forwarded_for);
    }

    #[test]
    fn the_default_settings_are_the_catalogue_s() {
        let settings = Settings::default();
        assert_eq!(settings.port, 8080);
        assert_eq!(settings.data_dir, PathBuf::from("data"));
        assert_eq!(settings.megabytes(&CACHE_MB), 80 << 20);
        assert_eq!(settings.megabytes(&SQLITE_CACHE_MB), 32 << 20);
        assert_eq!(settings.millis(&DB_TIMEOUT_MS), Duration::from_millis(800));
        assert_eq!(settings.choice(&LOG_FORMAT), "text");
        assert!(settings.flag(&RATE_LIMITS));
        assert!(!settings.flag(&LOCAL_OAUTH) && !settings.is_set(&LOCAL_OAUTH));
        assert_eq!(settings.text(&S3_REGION), Some("us-east-1"));
        assert_eq!(settings.text(&S3_BUCKET), None);
        assert_eq!(settings.socket_address(&METRICS_ADDR), None);
    }

    #[test]
    fn a_size_in_megabytes_has_its_default_and_refuses_what_is_not_one() {
        let settings = Settings::from_lookup(env(&[("TIDEMARK_CACHE_MB", " 64 ")])).unwrap();
        assert_eq!(settings.megabytes(&CACHE_MB), 64 << 20);
        for wrong in ["0", "-1", "1.5", "64MB", "2000000"] {
            let error = Settings::from_lookup(env(&[("TIDEMARK_CACHE_MB", wrong)])).unwrap_err();
            assert_eq!(
                error,
                format!(
                    "TIDEMARK_CACHE_MB must be a whole number of megabytes from 1 to 1048576, not {wrong:?}"
                ),
            );
        }
    }

    #[test]
    fn file_layer_is_overridden_by_environment() {
        let layer = file(&[
            ("port", "9000"),
            ("mail_from", "A <a@b.io>"),
            ("cache_mb", "16"),
        ]);
        let settings = Settings::from_layers(layer.clone(), |_| None, []).unwrap();
        assert_eq!(settings.port, 9000);
        assert_eq!(settings.mail_from, "A <a@b.io>");
        assert_eq!(settings.megabytes(&CACHE_MB), 16 << 20);
        let settings = Settings::from_layers(
            layer.clone(),
            env(&[("PORT", "9100"), ("TIDEMARK_CACHE_MB", "24")]),
            [],
        )
        .unwrap();
        assert_eq!(settings.port, 9100);
        assert_eq!(settings.megabytes(&CACHE_MB), 24 << 20);
        let settings = Settings::from_layers(layer, env(&[("TIDEMARK_PORT", "9200")]), []).unwrap();
        assert_eq!(
            settings.port, 9200,
            "the environment's other name beats the file"
        );
    }

    #[test]
    fn module_settings_come_from_file_and_environment() {
        let layer = file(&[("kakao_client_id", "from-file")]);
        let settings = Settings::from_layers(layer.clone(), |_| None, []).unwrap();
        assert_eq!(settings.text(&KAKAO_CLIENT_ID), Some("from-file"));
        let settings =
            Settings::from_layers(layer, env(&[("TIDEMARK_KAKAO_CLIENT_ID", "from-env")]), [])
                .unwrap();
        assert_eq!(settings.text(&KAKAO_CLIENT_ID), Some("from-env"));
    }

    #[test]
    fn bad_values_are_named_before_anything_starts() {
        let error = Settings::from_lookup(env(&[("PORT", "eighty")])).unwrap_err();
        assert!(
            error.starts_with("PORT must be a whole number from 0 to 65535"),
            "{error}"
        );
        for (name, value) in [
            ("TIDEMARK_HOST", "local"),
            ("DATABASE_URL", "mysql://x"),
            ("TIDEMARK_MODE", "staging"),
            ("TIDEMARK_PUBLIC_URL", "tidemark.example"),
            ("TIDEMARK_DB_TIMEOUT_MS", "5"),
            ("TIDEMARK_LOCAL_OAUTH", "maybe"),
            ("TIDEMARK_METRICS_ADDR", "9464"),
            ("TIDEMARK_LOG_FORMAT", "yaml"),
            ("TIDEMARK_CERTIFY_PROVIDER", "acme"),
            ("TIDEMARK_MAIL_FROM", "nobody"),
        ] {
            let error = Settings::from_lookup(env(&[(name, value)])).unwrap_err();
            assert!(error.starts_with(&format!("{name} must be ")), "{error}");
        }
        let both = Settings::from_lookup(env(&[
            ("TIDEMARK_SQLITE_CACHE_MB", "0"),
            ("TIDEMARK_CACHE_MB", "lots"),
        ]))
        .unwrap_err();
        assert!(
            both.contains("TIDEMARK_CACHE_MB") && both.contains("TIDEMARK_SQLITE_CACHE_MB"),
            "every bad value at once: {both}"
        );
    }

    #[test]
    fn values_put_in_by_hand_are_checked_too() {
        let mut settings = Settings::default();
        settings.set(&FEEDBACK_TOKEN, "short");
        assert_eq!(
            settings.check(),
            Err("TIDEMARK_FEEDBACK_TOKEN must be a secret of at least 24 characters".into())
        );
        let mut settings = Settings::default();
        settings.raw.insert("TIDEMARK_S3_BUKET".into(), "b".into());
        assert!(settings.check().unwrap_err().contains("TIDEMARK_S3_BUKET"));
    }

    #[test]
    fn an_unknown_name_is_reported_not_refused() {
        let settings = Settings::from_layers(
            file(&[("cache_mb", "8"), ("cahce_mb", "8"), ("config", "x.toml")]),
            env(&[
                ("TIDEMARK_CAHCE_MB", "8"),
                ("TIDEMARK_BIN", "target/tidemark"),
            ]),
            [
                "TIDEMARK_CAHCE_MB".to_string(),
                "TIDEMARK_BIN".to_string(),
                "TIDEMARK_PORT".to_string(),
            ],
        )
        .unwrap();
        assert_eq!(
            settings.unknown,
            [
                "TIDEMARK_CAHCE_MB",
                "cahce_mb (settings file)",
                "config (settings file)"
            ]
        );
        assert_eq!(settings.megabytes(&CACHE_MB), 8 << 20);
        assert!(!settings.raw.contains_key("TIDEMARK_CAHCE_MB"));
    }

    #[test]
    fn secrets_never_reach_the_debug_output() {
        let secret = "s".repeat(32);
        let settings = Settings::from_lookup(env(&[
            ("TIDEMARK_TOKEN_SECRET", &secret),
            ("TIDEMARK_SMTP_URL", "smtp://mailer:smtp-password@relay:25"),
            (
                "DATABASE_URL",
                "postgres://tidemark:db-password@db/tidemark",
            ),
            ("TIDEMARK_METRICS_TOKEN", "metrics-token-of-24-chars"),
            ("TIDEMARK_S3_SECRET_ACCESS_KEY", "s3-secret"),
            (
                "TIDEMARK_PORTONE_API_BASE",
                "https://key:portone-password@api.test",
            ),
            ("TIDEMARK_KAKAO_CLIENT_ID", "kakao-id"),
            ("TIDEMARK_KAKAO_CLIENT_SECRET", "kakao-secret"),
        ]))
        .unwrap();
        let shown = format!("{settings:?}");
        for secret in [
            secret.as_str(),
            "smtp-password",
            "db-password",
            "metrics-token",
            "s3-secret",
            "portone-password",
            "kakao-secret",
        ] {
            assert!(!shown.contains(secret), "{secret} in {shown}");
        }
        assert!(shown.contains("kakao-id"), "{shown}");
        assert!(shown.contains("https://…@api.test"), "{shown}");
    }

    #[test]
    fn production_needs_a_secret_and_https() {
        let error = Settings::from_lookup(env(&[("TIDEMARK_MODE", "production")])).unwrap_err();
        assert!(error.contains("TIDEMARK_TOKEN_SECRET"), "{error}");
        let secret = "s".repeat(32);
        let error = Settings::from_lookup(env(&[
            ("TIDEMARK_MODE", "production"),
            ("TIDEMARK_TOKEN_SECRET", &secret),
        ]))
        .unwrap_err();
        assert!(error.contains("https"), "{error}");
        let ok = Settings::from_lookup(env(&[
            ("TIDEMARK_MODE", "production"),
            ("TIDEMARK_TOKEN_SECRET", &secret),
            ("TIDEMARK_PUBLIC_URL", "https://tidemark.example/"),
        ]))
        .unwrap();
        assert!(ok.secure_cookies());
        assert_eq!(ok.public_url, "https://tidemark.example");
        // The link fetcher's exceptions to public addresses are for tests and demos.
        let error = Settings::from_lookup(env(&[
            ("TIDEMARK_MODE", "production"),
            ("TIDEMARK_TOKEN_SECRET", &secret),
            ("TIDEMARK_PUBLIC_URL", "https://tidemark.example/"),
            ("TIDEMARK_FETCH_ALLOW", "127.0.0.1:4000"),
        ]))
        .unwrap_err();
        assert!(error.contains("TIDEMARK_FETCH_ALLOW"), "{error}");
        assert!(
            !format!("{ok:?}").contains(&secret),
            "secrets never reach logs"
        );
    }

    /// The README's table is the catalogue's.
    #[test]
    fn the_readme_s_settings_table_is_the_catalogue_s() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md");
        let readme = std::fs::read_to_string(path).expect("the README");
        let expected = with_readme_table(&readme).unwrap_or_else(|e| panic!("{e}"));
        if readme != expected {
            panic!(
                "README.md's settings table is not the catalogue's \
                 (server/src/settings/catalogue.rs). Write it there with\n\n    \
                 cargo run -p tidemark-server -- settings --write-readme README.md\n\n\
                 from the repository's root, or paste this between {README_START} and \
                 {README_END}:\n\n{}",
                readme_table()
            );
        }
    }

    /// Settings are read through the catalogue only: no file outside this module names one
    /// in a string (comments aside), so a read by a free name cannot come back.
    #[test]
    fn no_module_reads_a_setting_by_a_free_name() {
        fn scan(dir: &std::path::Path, found: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    if !path.ends_with("src/settings") {
                        scan(&path, found);
                    }
                    continue;
                }
                if path.extension().is_none_or(|ext| ext != "rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                for (number, line) in text.lines().enumerate() {
                    if line.trim_start().starts_with("//") {
                        continue;
                    }
                    if line.contains("\"TIDEMARK_") || line.contains("\"DATABASE_URL\"") {
                        found.push(format!(
                            "{}:{}: {}",
                            path.display(),
                            number + 1,
                            line.trim()
                        ));
                    }
                }
            }
        }
        let mut found = Vec::new();
        scan(
            std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
            &mut found,
        );
        assert!(
            found.is_empty(),
            "read settings through the catalogue (crate::settings::NAME), not by name:\n{}",
            found.join("\n")
        );
    }
}
