//! Settings in layers: defaults, then environment variables; checked before anything starts.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

#[derive(Debug, Clone)]
pub struct Settings {
    /// `TIDEMARK_HOST`, default 127.0.0.1.
    pub host: IpAddr,
    /// `PORT`, default 8080; 0 picks a free port.
    pub port: u16,
    /// `TIDEMARK_UI_DIR`, default `ui/dist`: the built UI (index.html and assets/).
    pub ui_dir: PathBuf,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            host: IpAddr::from([127, 0, 0, 1]),
            port: 8080,
            ui_dir: PathBuf::from("ui/dist"),
        }
    }
}

impl Settings {
    pub fn from_env() -> Result<Self, String> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// The same, reading variables through `lookup` (tests pass a map).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let mut settings = Settings::default();
        if let Some(host) = lookup("TIDEMARK_HOST") {
            settings.host = host
                .parse()
                .map_err(|_| format!("TIDEMARK_HOST is not an IP address: {host:?}"))?;
        }
        if let Some(port) = lookup("PORT") {
            settings.port = port
                .parse()
                .map_err(|_| format!("PORT is not a port number: {port:?}"))?;
        }
        if let Some(dir) = lookup("TIDEMARK_UI_DIR") {
            settings.ui_dir = PathBuf::from(dir);
        }
        Ok(settings)
    }

    pub fn address(&self) -> SocketAddr {
        SocketAddr::new(self.host, self.port)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_overrides() {
        let settings = Settings::from_lookup(|_| None).unwrap();
        assert_eq!(settings.address().to_string(), "127.0.0.1:8080");
        let settings =
            Settings::from_lookup(|name| (name == "PORT").then(|| "0".to_string())).unwrap();
        assert_eq!(settings.port, 0);
    }

    #[test]
    fn bad_values_are_named() {
        let error = Settings::from_lookup(|name| (name == "PORT").then(|| "eighty".to_string()))
            .unwrap_err();
        assert!(error.contains("PORT"), "{error}");
        assert!(Settings::from_lookup(
            |name| (name == "TIDEMARK_HOST").then(|| "local".to_string())
        )
        .is_err());
    }
}
