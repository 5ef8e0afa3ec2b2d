//! Signing in (SPEC §5, §7): the account status asked before a sign-in and the login call,
//! by e-mail and password or by a social identity the provider vouched for. Above both
//! [`crate::auth`] (sessions) and [`crate::social`] (providers), which it joins.

mod routes;

pub use routes::router;
