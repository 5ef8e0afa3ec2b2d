//! The server over HTTP on a random port, each test on a fresh database: the SQLite file
//! always, PostgreSQL too when one is reachable (always in CI).

mod certify;
mod helpers;
mod members;
mod migrations;
mod sessions;
mod social;
mod web;
