//! What a setting is: its name, the kind of value it takes, its default and what it does;
//! how a value of each kind is read and described. The settings themselves are in
//! [`catalogue`](super::catalogue).

use std::net::{IpAddr, SocketAddr};

/// One setting: an environment variable, and the same name lower-cased without `TIDEMARK_`
/// in the settings file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setting {
    pub name: &'static str,
    pub kind: Kind,
    /// What it is when unset; `None`: unset means none, off, or what `default_shown` says.
    pub default: Option<Value>,
    /// What it does, in one line a server operator understands.
    pub about: &'static str,
    /// The README's default when `default` alone does not tell it (one made at start, or
    /// derived from another setting); `""` shows `default` (or "none").
    pub default_shown: &'static str,
    /// Another environment name it is read under (`TIDEMARK_PORT` for `PORT`); the first name
    /// wins when both are set.
    pub alias: Option<&'static str>,
}

/// The kinds of values settings take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Any text.
    Text,
    /// An address starting with one of these schemes, and something after it.
    Url { schemes: &'static [&'static str] },
    /// A file or folder.
    Path,
    /// `true` or `false` (also `1`/`0`, `yes`/`no`, `on`/`off`).
    Flag,
    /// A whole number in a range.
    Number { min: u64, max: u64 },
    /// A whole number of megabytes from 1 to [`MAX_MEGABYTES`].
    Megabytes,
    /// A whole number of milliseconds in a range.
    Millis { min: u64, max: u64 },
    /// One of these words.
    Choice(&'static [&'static str]),
    /// A key, a token or a password: never printed, never in an error message.
    Secret { min_chars: usize },
    /// An IP address (v4 or v6).
    IpAddress,
    /// An IP address and a port.
    SocketAddress,
    /// IP addresses with their ports, comma-separated.
    SocketAddresses,
    /// A mailbox: `Name <address@domain>` or `address@domain`.
    Mailbox,
}

/// A default value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// Of text, URL, path, choice and address kinds.
    Text(&'static str),
    /// Of number, megabytes and milliseconds kinds.
    Number(u64),
    Flag(bool),
}

impl Setting {
    /// The default of a number, megabytes or milliseconds setting, for the constants of the
    /// modules that use it (a setting without one stops the build).
    pub const fn default_number(&self) -> u64 {
        match self.default {
            Some(Value::Number(n)) => n,
            _ => panic!("this setting has no numeric default"),
        }
    }
}

/// The largest size in megabytes a setting takes (a terabyte).
pub const MAX_MEGABYTES: u64 = 1_048_576;

/// `true`, `1`, `yes`, `on` or their opposites, in any case.
pub fn parse_flag(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" | "on" => Some(true),
        "false" | "0" | "no" | "off" => Some(false),
        _ => None,
    }
}

/// A whole number from `min` to `max`.
pub(super) fn parse_whole(value: &str, min: u64, max: u64) -> Option<u64> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
}

impl Kind {
    /// Whether `value` (trimmed, not empty) is one of this kind.
    pub fn accepts(&self, value: &str) -> bool {
        match *self {
            Kind::Text | Kind::Path => true,
            Kind::Url { schemes } => schemes
                .iter()
                .any(|scheme| value.len() > scheme.len() && value.starts_with(scheme)),
            Kind::Flag => parse_flag(value).is_some(),
            Kind::Number { min, max } | Kind::Millis { min, max } => {
                parse_whole(value, min, max).is_some()
            }
            Kind::Megabytes => parse_whole(value, 1, MAX_MEGABYTES).is_some(),
            Kind::Choice(words) => words.contains(&value),
            Kind::Secret { min_chars } => value.chars().count() >= min_chars,
            Kind::IpAddress => value.parse::<IpAddr>().is_ok(),
            Kind::SocketAddress => value.parse::<SocketAddr>().is_ok(),
            Kind::SocketAddresses => value
                .split(',')
                .all(|part| part.trim().parse::<SocketAddr>().is_ok()),
            Kind::Mailbox => value.parse::<lettre::message::Mailbox>().is_ok(),
        }
    }

    /// What a value of this kind is, for messages and the README ("a whole number of
    /// megabytes from 1 to 1048576").
    pub fn takes(&self) -> String {
        match *self {
            Kind::Text => "text".into(),
            Kind::Url { schemes } => format!("an address starting with {}", or_list(schemes)),
            Kind::Path => "a path".into(),
            Kind::Flag => "true or false (or 1/0, yes/no, on/off)".into(),
            Kind::Number { min, max } => format!("a whole number from {min} to {max}"),
            Kind::Megabytes => {
                format!("a whole number of megabytes from 1 to {MAX_MEGABYTES}")
            }
            Kind::Millis { min, max } => {
                format!("a whole number of milliseconds from {min} to {max}")
            }
            Kind::Choice(words) => or_list(words),
            Kind::Secret { min_chars } if min_chars > 1 => {
                format!("a secret of at least {min_chars} characters")
            }
            Kind::Secret { .. } => "a secret".into(),
            Kind::IpAddress => "an IP address (127.0.0.1, 0.0.0.0, ::1)".into(),
            Kind::SocketAddress => "an address and port (127.0.0.1:9464)".into(),
            Kind::SocketAddresses => {
                "addresses and ports, comma-separated (127.0.0.1:4000, [::1]:4000)".into()
            }
            Kind::Mailbox => "a mailbox (Name <address@domain>)".into(),
        }
    }

    /// Whether a value of this kind may be printed in messages and logs as it is. A URL may
    /// carry a password; a text or a path is the operator's own.
    fn printable(&self) -> bool {
        !matches!(
            self,
            Kind::Secret { .. } | Kind::Url { .. } | Kind::Text | Kind::Path | Kind::Mailbox
        )
    }
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

impl Setting {
    /// The key of this setting in the settings file: `cache_mb` for `TIDEMARK_CACHE_MB`.
    pub fn file_key(&self) -> String {
        file_key(self.name)
    }

    /// Its default when that is a text (an address, a word, a path).
    pub const fn default_text(&self) -> Option<&'static str> {
        match self.default {
            Some(Value::Text(text)) => Some(text),
            _ => None,
        }
    }

    /// Whether its value is kept out of logs and messages.
    pub fn is_secret(&self) -> bool {
        matches!(self.kind, Kind::Secret { .. })
    }

    /// Why `value` is refused: "TIDEMARK_CACHE_MB must be a whole number of megabytes from
    /// 1 to 1048576, not \"64MB\"" (the value only when it cannot be a secret); `None` when
    /// it is one of the setting's kind.
    pub fn refusal(&self, value: &str) -> Option<String> {
        let value = value.trim();
        if value.is_empty() || self.kind.accepts(value) {
            return None;
        }
        let mut message = format!("{} must be {}", self.name, self.kind.takes());
        if self.kind.printable() {
            message.push_str(&format!(", not {value:?}"));
        }
        Some(message)
    }
}

/// The settings file's key for an environment name.
pub(super) fn file_key(name: &str) -> String {
    name.strip_prefix("TIDEMARK_")
        .unwrap_or(name)
        .to_ascii_lowercase()
}

/// The blank the constants below fill in.
pub(super) const PLAIN: Setting = Setting {
    name: "",
    kind: Kind::Text,
    default: None,
    about: "",
    default_shown: "",
    alias: None,
};

pub(super) const WEB: Kind = Kind::Url {
    schemes: &["http://", "https://"],
};
