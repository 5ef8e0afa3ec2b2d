//! The server over HTTP on a random port, each test on a fresh database: the SQLite file
//! always, PostgreSQL too when one is reachable (always in CI).

mod abuse;
mod analytics;
mod backup;
mod body_limits;
mod business;
mod certify;
mod console;
mod content;
mod engagement;
mod hardening;
mod helpers;
mod input;
mod journey;
mod mail_feedback;
mod mailbox;
mod members;
mod migrations;
mod my_data;
mod notification_mail;
mod notifications;
mod operations;
mod operator;
mod outage;
mod precision;
mod quotas;
mod scale_out;
mod search;
mod second_look;
mod sessions;
mod social;
mod team_two_step;
mod two_step;
mod uploads;
mod web;
mod web_push;
