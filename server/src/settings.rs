//! Settings in layers: defaults, then a TOML file (`TIDEMARK_CONFIG`, or `tidemark.toml` in the
//! working folder when present), then environment variables; checked before anything starts.
//!
//! Every setting has one name: the environment variable (`TIDEMARK_PORT` is also read as
//! `PORT`), and in the file the same name lower-cased without the `TIDEMARK_` prefix
//! (`port = 8080`, `database_url = "postgres://…"`).

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The embedded default: demo data and demo accounts, a generated token secret.
    Demo,
    /// No demo accounts; a token secret and a public https address are required.
    Production,
}

#[derive(Clone)]
pub struct Settings {
    pub host: IpAddr,
    pub port: u16,
    /// The built UI (index.html and assets/).
    pub ui_dir: PathBuf,
    /// Where the embedded database, the generated secret and uploads live.
    pub data_dir: PathBuf,
    /// `DATABASE_URL`; `None` is the SQLite file `<data_dir>/tidemark.db`.
    pub database_url: Option<String>,
    /// The address readers reach the site at: links in mails, OAuth redirects, Secure cookies.
    pub public_url: String,
    pub mode: Mode,
    /// HMAC key of access tokens; generated into the data folder in demo mode when absent.
    pub token_secret: Option<String>,
    /// `smtp://host:port` (or `smtps://user:pass@host`); `None` keeps mail in the outbox table.
    pub smtp_url: Option<String>,
    pub mail_from: String,
    /// Trust `X-Forwarded-For` for client addresses (behind a load balancer only).
    pub trust_forwarded_for: bool,
    /// Every `TIDEMARK_*` value of the file and the environment (environment first), for the
    /// domain modules that read settings of their own (providers' keys and addresses). Never
    /// printed.
    pub raw: HashMap<String, String>,
}

impl std::fmt::Debug for Settings {
    // Secrets never reach logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("address", &self.address())
            .field("ui_dir", &self.ui_dir)
            .field("data_dir", &self.data_dir)
            .field("database", &self.database_kind())
            .field("public_url", &self.public_url)
            .field("mode", &self.mode)
            .field("token_secret", &self.token_secret.as_ref().map(|_| "<set>"))
            .field("smtp", &self.smtp_url.as_ref().map(|_| "<set>"))
            .finish()
    }
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            host: IpAddr::from([127, 0, 0, 1]),
            port: 8080,
            ui_dir: PathBuf::from("ui/dist"),
            data_dir: PathBuf::from("data"),
            database_url: None,
            public_url: "http://localhost:8080".into(),
            mode: Mode::Demo,
            token_secret: None,
            smtp_url: None,
            mail_from: "Tidemark <no-reply@tidemark.test>".into(),
            trust_forwarded_for: false,
            raw: HashMap::new(),
        }
    }
}

const NAMES: [&str; 12] = [
    "TIDEMARK_HOST",
    "TIDEMARK_PORT",
    "TIDEMARK_UI_DIR",
    "TIDEMARK_DATA_DIR",
    "DATABASE_URL",
    "TIDEMARK_PUBLIC_URL",
    "TIDEMARK_MODE",
    "TIDEMARK_TOKEN_SECRET",
    "TIDEMARK_SMTP_URL",
    "TIDEMARK_MAIL_FROM",
    "TIDEMARK_TRUST_FORWARDED_FOR",
    "PORT",
];

impl Settings {
    pub fn from_env() -> Result<Self, String> {
        let file = match std::env::var("TIDEMARK_CONFIG") {
            Ok(path) => Some(read_file(&path)?),
            Err(_) if std::path::Path::new("tidemark.toml").exists() => {
                Some(read_file("tidemark.toml")?)
            }
            Err(_) => None,
        };
        Self::from_layers(file.unwrap_or_default(), |name| std::env::var(name).ok())
    }

    /// The same, reading variables through `lookup` (tests pass a map).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        Self::from_layers(HashMap::new(), lookup)
    }

    fn from_layers(
        file: HashMap<String, String>,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Self, String> {
        let value = |name: &str| -> Option<String> {
            let file_key = name
                .strip_prefix("TIDEMARK_")
                .unwrap_or(name)
                .to_ascii_lowercase();
            env(name)
                .or_else(|| file.get(&file_key).cloned())
                .filter(|v| !v.trim().is_empty())
        };
        let mut settings = Settings::default();
        if let Some(host) = value("TIDEMARK_HOST") {
            settings.host = host
                .parse()
                .map_err(|_| format!("TIDEMARK_HOST is not an IP address: {host:?}"))?;
        }
        if let Some(port) = value("PORT").or_else(|| value("TIDEMARK_PORT")) {
            settings.port = port
                .parse()
                .map_err(|_| format!("PORT is not a port number: {port:?}"))?;
        }
        if let Some(dir) = value("TIDEMARK_UI_DIR") {
            settings.ui_dir = PathBuf::from(dir);
        }
        if let Some(dir) = value("TIDEMARK_DATA_DIR") {
            settings.data_dir = PathBuf::from(dir);
        }
        settings.database_url = value("DATABASE_URL");
        if let Some(url) = &settings.database_url {
            if !(url.starts_with("sqlite:")
                || url.starts_with("postgres://")
                || url.starts_with("postgresql://"))
            {
                return Err("DATABASE_URL must be a sqlite: or postgres:// address".into());
            }
        }
        settings.public_url = value("TIDEMARK_PUBLIC_URL")
            .unwrap_or_else(|| format!("http://localhost:{}", settings.port))
            .trim_end_matches('/')
            .to_string();
        if !(settings.public_url.starts_with("http://")
            || settings.public_url.starts_with("https://"))
        {
            return Err("TIDEMARK_PUBLIC_URL must start with http:// or https://".into());
        }
        settings.mode = match value("TIDEMARK_MODE").as_deref() {
            None | Some("demo") => Mode::Demo,
            Some("production") => Mode::Production,
            Some(other) => {
                return Err(format!(
                    "TIDEMARK_MODE must be demo or production, not {other:?}"
                ))
            }
        };
        settings.token_secret = value("TIDEMARK_TOKEN_SECRET");
        settings.smtp_url = value("TIDEMARK_SMTP_URL");
        if let Some(from) = value("TIDEMARK_MAIL_FROM") {
            settings.mail_from = from;
        }
        settings.trust_forwarded_for = matches!(
            value("TIDEMARK_TRUST_FORWARDED_FOR").as_deref(),
            Some("true" | "1")
        );
        let mut names: Vec<String> = file
            .keys()
            .map(|key| format!("TIDEMARK_{}", key.to_ascii_uppercase()))
            .collect();
        names.extend(
            std::env::vars()
                .map(|(name, _)| name)
                .filter(|name| name.starts_with("TIDEMARK_")),
        );
        for name in names {
            if let Some(found) = value(&name) {
                settings.raw.insert(name, found);
            }
        }
        settings.validate()?;
        Ok(settings)
    }

    fn validate(&self) -> Result<(), String> {
        if self.mode == Mode::Production {
            match &self.token_secret {
                Some(secret) if secret.len() >= 32 => {}
                _ => {
                    return Err(
                        "production needs TIDEMARK_TOKEN_SECRET of at least 32 characters".into(),
                    )
                }
            }
            if !self.public_url.starts_with("https://") {
                return Err("production needs an https:// TIDEMARK_PUBLIC_URL".into());
            }
        }
        Ok(())
    }

    /// A module's own setting by its environment name (`TIDEMARK_PORTONE_API_KEY`).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.raw.get(name).map(String::as_str)
    }

    /// A setting in whole megabytes (from 1 to 1,048,576), as bytes; `default` MB when unset.
    pub fn megabytes(&self, name: &str, default: u64) -> Result<u64, String> {
        let Some(mb) = self.get(name) else {
            return Ok(default * 1024 * 1024);
        };
        mb.trim()
            .parse::<u64>()
            .ok()
            .filter(|mb| (1..=1_048_576).contains(mb))
            .map(|mb| mb * 1024 * 1024)
            .ok_or_else(|| format!("{name} must be a whole number of megabytes from 1 to 1048576"))
    }

    /// A setting in milliseconds within `range`; `default` ms when unset.
    pub fn millis(
        &self,
        name: &str,
        default: u64,
        range: std::ops::RangeInclusive<u64>,
    ) -> Result<std::time::Duration, String> {
        let Some(ms) = self.get(name) else {
            return Ok(std::time::Duration::from_millis(default));
        };
        ms.trim()
            .parse::<u64>()
            .ok()
            .filter(|ms| range.contains(ms))
            .map(std::time::Duration::from_millis)
            .ok_or_else(|| {
                format!(
                    "{name} must be a whole number of milliseconds from {} to {}",
                    range.start(),
                    range.end()
                )
            })
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

    /// The names every setting is read under, for the README and error messages.
    pub fn names() -> &'static [&'static str] {
        &NAMES
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

    #[test]
    fn defaults_and_overrides() {
        let settings = Settings::from_lookup(|_| None).unwrap();
        assert_eq!(settings.address().to_string(), "127.0.0.1:8080");
        assert_eq!(settings.mode, Mode::Demo);
        assert!(!settings.secure_cookies());
        let settings = Settings::from_lookup(env(&[("PORT", "0")])).unwrap();
        assert_eq!(settings.port, 0);
    }

    #[test]
    fn a_size_in_megabytes_has_its_default_and_refuses_what_is_not_one() {
        let mut settings = Settings::from_lookup(|_| None).unwrap();
        assert_eq!(settings.megabytes("TIDEMARK_CACHE_MB", 192), Ok(192 << 20));
        settings
            .raw
            .insert("TIDEMARK_CACHE_MB".into(), " 64 ".into());
        assert_eq!(settings.megabytes("TIDEMARK_CACHE_MB", 192), Ok(64 << 20));
        for wrong in ["0", "-1", "1.5", "64MB", "2000000"] {
            settings
                .raw
                .insert("TIDEMARK_CACHE_MB".into(), wrong.into());
            assert_eq!(
                settings.megabytes("TIDEMARK_CACHE_MB", 192),
                Err(
                    "TIDEMARK_CACHE_MB must be a whole number of megabytes from 1 to 1048576"
                        .into()
                ),
                "{wrong}"
            );
        }
    }

    #[test]
    fn file_layer_is_overridden_by_environment() {
        let file: HashMap<String, String> = [("port", "9000"), ("mail_from", "A <a@b.io>")]
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let settings = Settings::from_layers(file.clone(), |_| None).unwrap();
        assert_eq!(settings.port, 9000);
        assert_eq!(settings.mail_from, "A <a@b.io>");
        let settings = Settings::from_layers(file, env(&[("PORT", "9100")])).unwrap();
        assert_eq!(settings.port, 9100);
    }

    #[test]
    fn module_settings_come_from_file_and_environment() {
        let file: HashMap<String, String> = [("kakao_client_id", "from-file")]
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let settings = Settings::from_layers(file, |_| None).unwrap();
        assert_eq!(settings.get("TIDEMARK_KAKAO_CLIENT_ID"), Some("from-file"));
        let settings = Settings::from_layers(
            [("kakao_client_id", "from-file")]
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            env(&[("TIDEMARK_KAKAO_CLIENT_ID", "from-env")]),
        )
        .unwrap();
        assert_eq!(settings.get("TIDEMARK_KAKAO_CLIENT_ID"), Some("from-env"));
        assert!(
            !format!("{settings:?}").contains("from-env"),
            "module settings are never printed"
        );
    }

    #[test]
    fn bad_values_are_named() {
        let error = Settings::from_lookup(env(&[("PORT", "eighty")])).unwrap_err();
        assert!(error.contains("PORT"), "{error}");
        assert!(Settings::from_lookup(env(&[("TIDEMARK_HOST", "local")])).is_err());
        assert!(Settings::from_lookup(env(&[("DATABASE_URL", "mysql://x")])).is_err());
        assert!(Settings::from_lookup(env(&[("TIDEMARK_MODE", "staging")])).is_err());
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
        assert!(
            !format!("{ok:?}").contains(&secret),
            "secrets never reach logs"
        );
    }
}
