//! The service's errors: a user error is shown to that user alone (and changed nothing), an
//! internal error is logged and shown as a short apology.

use std::fmt;

/// A user error is shown to that user alone and changed nothing; an internal error is logged
/// and shown as a short apology.
#[derive(Debug)]
pub enum ServiceError {
    User(String),
    Internal(anyhow::Error),
}

impl fmt::Display for ServiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServiceError::User(m) => f.write_str(m),
            ServiceError::Internal(e) => write!(f, "internal error: {e:#}"),
        }
    }
}

impl std::error::Error for ServiceError {}

impl From<sqlx::Error> for ServiceError {
    fn from(e: sqlx::Error) -> Self {
        ServiceError::Internal(e.into())
    }
}

/// A user error: `message` goes to that user alone.
pub(crate) fn user<T>(message: impl Into<String>) -> Result<T, ServiceError> {
    Err(ServiceError::User(message.into()))
}

/// An internal error (logged; the user sees an apology).
pub(crate) fn internal(message: String) -> ServiceError {
    ServiceError::Internal(anyhow::anyhow!(message))
}

pub type Result<T, E = ServiceError> = std::result::Result<T, E>;
