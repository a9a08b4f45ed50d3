//! What every command and handler of the Discord layer shares: its data, error and context
//! types. A leaf of the layer.

use crate::service::Service;
use std::sync::Arc;

/// What every command can reach.
pub struct Data {
    pub service: Arc<Service>,
}

pub type Error = anyhow::Error;
pub type Context<'a> = poise::Context<'a, Data, Error>;
