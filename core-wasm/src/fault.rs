//! Faults: a caller broke the contract of a rule (bad argument), as opposed to a decision.

use std::fmt;

/// A contract violation. The bindings turn it into a JavaScript `Error` carrying `code`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// A stable, machine-readable code (`invalid_argument`, `invalid_date`, ...).
    pub code: &'static str,
    pub message: String,
}

impl Fault {
    pub fn new(code: &'static str, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    pub fn invalid_argument(message: impl Into<String>) -> Self {
        Self::new("invalid_argument", message)
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for Fault {}
