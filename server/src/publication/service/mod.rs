//! The rules behind media publication: who may ask and read, what a request must hold, the
//! review steps and their history, and the mail to the person who asked. By area:
//! `request` (a business asks, rewrites and reads its requests), `review` (the operators'
//! queue and steps, from the API or the command line) and `history` (the step and the mail
//! of each change, and a request as the calls answer it, its history included).

pub(super) mod history;
pub(super) mod request;
pub(super) mod review;

pub(super) use history::MediaRequest;
pub(super) use request::{create, edit, of_business, one, RequestInput};
pub(super) use review::{change_status, review_queue, StatusChange};
