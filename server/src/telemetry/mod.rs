//! What the server tells its operators: the log (readable text by default, one JSON object a
//! line with `TIDEMARK_LOG_FORMAT=json`) and the figures `/metrics` gives in Prometheus' format
//! ([`figures`]). Nothing personal goes into either: a request is logged by its id, method,
//! route (the matched pattern, never the address with its ids and queries), status and
//! latency.

pub mod figures;

use tracing_subscriber::EnvFilter;

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// One readable line an event (the default).
    Text,
    /// One JSON object a line, with the fields of the request's span, for a log shipper; each
    /// answer is logged (route, status, latency).
    Json,
}

impl LogFormat {
    /// What [`crate::settings::LOG_FORMAT`] asks for: `text` (the default) or `json`.
    pub fn of(settings: &crate::settings::Settings) -> Self {
        match settings.choice(&crate::settings::LOG_FORMAT) {
            "json" => LogFormat::Json,
            _ => LogFormat::Text,
        }
    }
}

/// Starts logging. `RUST_LOG` filters (default `info`); a second call does nothing.
pub fn init(format: LogFormat) {
    let default = match format {
        LogFormat::Text => "info,tower_http=info",
        // Each answer is a line: the request log a log shipper indexes.
        LogFormat::Json => "info,tidemark_server::telemetry::figures=info",
    };
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false);
    figures::log_answers(format == LogFormat::Json);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .try_init(),
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_format_is_text_unless_json_is_asked_for() {
        use crate::settings::LOG_FORMAT;
        let format = |value: &str| {
            let mut settings = crate::settings::Settings::default();
            settings.set(&LOG_FORMAT, value);
            settings.check().map(|()| LogFormat::of(&settings))
        };
        assert_eq!(
            LogFormat::of(&crate::settings::Settings::default()),
            LogFormat::Text
        );
        assert_eq!(format("text"), Ok(LogFormat::Text));
        assert_eq!(format(" json "), Ok(LogFormat::Json));
        let refused = format("yaml").unwrap_err();
        assert!(refused.contains("text or json"), "{refused}");
    }
}
