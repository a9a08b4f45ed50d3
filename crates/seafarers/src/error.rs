//! Errors in data files (scenario maps, script files).

use std::fmt;

/// A data file could not be used. The message names the line, or the item and the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    message: String,
}

impl DataError {
    pub fn general(message: impl Into<String>) -> DataError {
        DataError { message: message.into() }
    }

    /// `what id`, field `field`: `message` — e.g. "hex 1,-2, field number: ...".
    pub fn field(what: &str, id: &str, field: &str, message: &str) -> DataError {
        DataError { message: format!("{what} {id}, field {field}: {message}") }
    }

    pub(crate) fn toml(e: toml::de::Error) -> DataError {
        // toml's own message already says "line N, column M" and quotes the line.
        DataError { message: e.to_string().trim_end().to_string() }
    }

    pub fn context(self, prefix: &str) -> DataError {
        DataError { message: format!("{prefix}: {}", self.message) }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DataError {}
